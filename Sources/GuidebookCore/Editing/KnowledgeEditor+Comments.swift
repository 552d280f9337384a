internal import SQLite

extension KnowledgeEditor {
    /// The longest comment, in characters.
    public static let maxCommentLength = 10_000

    /// Starts a thread on the text of `owner` in `locale` (the source locale: its English) with a
    /// first comment by `author`. Returns the thread's id.
    @discardableResult
    public func startThread(_ owner: TextOwner, locale: String, body: String?, author: String, problems: [InvalidField] = []) throws -> Int64 {
        let target = try resolve(owner, precondition: .none)
        var problems = problems
        guard try database.scalarInt("SELECT 1 FROM locales WHERE code = ?1", [.text(locale)]) != nil else {
            throw StoreError.notFound(kind: "locale", id: locale)
        }
        EditRules.checkText(body, name: "body", required: true, maxLength: Self.maxCommentLength, normalizedWhenStored: false, into: &problems)
        try refuse(problems)
        try database.run("INSERT INTO comment_threads (\(target.table.owner), locale, created_by, created_at) VALUES (?1, ?2, ?3, ?4)",
                         [.int(target.existing.id), .text(locale), .text(author), .text(now)])
        let thread = database.lastInsertRowID
        try addComment(to: thread, owner: owner, locale: locale, body: body ?? "", author: author, version: target.existing.version)
        return thread
    }

    /// Adds a comment by `author` to thread `id` (open or resolved: a reply to a resolved thread is
    /// allowed, the thread stays resolved until reopened).
    public func reply(to id: Int64, body: String?, author: String, problems: [InvalidField] = []) throws {
        let thread = try existingThread(id)
        var problems = problems
        EditRules.checkText(body, name: "body", required: true, maxLength: Self.maxCommentLength, normalizedWhenStored: false, into: &problems)
        try refuse(problems)
        try addComment(to: id, owner: thread.owner, locale: thread.locale, body: body ?? "", author: author,
                       version: try resolve(thread.owner, precondition: .none).existing.version)
    }

    /// Resolves an open thread (`ReviewRefusal.conflict` when it is resolved already).
    public func resolveThread(_ id: Int64, by name: String?) throws {
        try setResolved(id, true, by: name)
    }

    /// Reopens a resolved thread (`ReviewRefusal.conflict` when it is open).
    public func reopenThread(_ id: Int64, by name: String?) throws {
        try setResolved(id, false, by: name)
    }

    private func setResolved(_ id: Int64, _ resolved: Bool, by name: String?) throws {
        let thread = try existingThread(id)
        guard thread.isOpen == resolved else { throw ReviewRefusal.conflict("comment thread \(id) is \(thread.isOpen ? "open" : "resolved") already") }
        try database.run("UPDATE comment_threads SET resolved_by = ?2, resolved_at = ?3 WHERE id = ?1",
                         [.integer(id), resolved ? .optionalText(name ?? "") : .null, resolved ? .text(now) : .null])
        let version = try resolve(thread.owner, precondition: .none).existing.version
        writer.changeLog.record(thread.owner.resource, thread.owner.id, .comment, locale: thread.locale, version: version,
                                state: resolved ? "resolved" : "open")
    }

    private func existingThread(_ id: Int64) throws -> CommentThread {
        guard let thread = try writer.reader.commentThread(id) else { throw StoreError.notFound(kind: "comment thread", id: String(id)) }
        return thread
    }

    private func addComment(to thread: Int64, owner: TextOwner, locale: String, body: String, author: String, version: String) throws {
        try database.run("INSERT INTO comments (thread_id, author, body, created_at) VALUES (?1, ?2, ?3, ?4)",
                         [.integer(thread), .text(author), .text(body), .text(now)])
        writer.createdComments.append(CreatedComment(thread: thread, comment: database.lastInsertRowID, owner: owner, locale: locale,
                                                     author: author, body: body))
        let isOpen = try database.scalarInt("SELECT resolved_at IS NULL FROM comment_threads WHERE id = ?1", [.integer(thread)]) == 1
        writer.changeLog.record(owner.resource, owner.id, .comment, locale: locale, version: version, state: isOpen ? "open" : "resolved")
    }
}
