internal import SQLite

extension KnowledgeEditor {
    /// Records a suggestion by `author` for the translation of `owner` into `locale`: `fields` are
    /// the proposed texts in the owner's field order (checked as a translation's are). It records
    /// the English revision it is made for. Returns its id.
    @discardableResult
    public func suggest(_ owner: TextOwner, locale: String, fields: [String?], author: String, problems: [InvalidField] = []) throws -> Int64 {
        let target = try resolve(owner, precondition: .none)
        var problems = problems
        try checkTranslationLocale(locale)
        Self.checkTranslationFields(owner, fields, into: &problems)
        try refuse(problems)
        let values = fields.map { $0 ?? "" }
        try database.run("""
            INSERT INTO suggestions (\(target.table.owner), locale, text, summary, source_revision, author, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """, [.int(target.existing.id), .text(locale), .text(values[0]), values.count > 1 ? .text(values[1]) : .null,
                  .int(try writer.texts.sourceRevision(target.table, id: target.existing.id)), .text(author), .text(now)])
        let id = database.lastInsertRowID
        writer.changeLog.record(owner.resource, owner.id, .suggestion, locale: locale, version: target.existing.version, state: Suggestion.State.open.rawValue)
        return id
    }

    /// A vote of +1 or -1 by `voter` on an open suggestion (voting again replaces the vote). A vote
    /// on one's own suggestion, or on one already decided, is `ReviewRefusal.conflict`.
    public func vote(_ suggestionID: Int64, of owner: TextOwner, locale: String, voter: String, value: Int) throws {
        let suggestion = try openSuggestion(suggestionID, of: owner, locale: locale)
        guard suggestion.author != voter else { throw ReviewRefusal.conflict("'\(voter)' made suggestion \(suggestionID): vote on the suggestions of others") }
        try database.run("""
            INSERT INTO suggestion_votes (suggestion_id, voter, value, voted_at) VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (suggestion_id, voter) DO UPDATE SET value = excluded.value, voted_at = excluded.voted_at
            """, [.integer(suggestionID), .text(voter), .int(value), .text(now)])
    }

    /// Accepts an open suggestion: it becomes the translation, `translated` (waiting for review)
    /// and pinned to the English revision it was made for, under the review rules (an approved,
    /// current translation is replaced only by a reviewer), with `If-Match` on the resource.
    /// Returns the resource's version after it.
    @discardableResult
    public func accept(_ suggestionID: Int64, of owner: TextOwner, locale: String, by decider: String?, precondition: WritePrecondition,
                       role: TranslationRole) throws -> String {
        let target = try resolve(owner, precondition: precondition)
        let suggestion = try openSuggestion(suggestionID, of: owner, locale: locale)
        let fields = owner.fieldNames.map { suggestion.fields[$0] ?? "" }
        let version = try writeTranslation(target, locale: locale, fields: fields, write: TranslationWrite(state: .translated, role: role),
                                           action: .suggestion, note: String(suggestionID), madeFrom: suggestion.sourceRevision)
        try decide(suggestionID, .accepted, by: decider)
        writer.changeLog.record(owner.resource, owner.id, .suggestion, locale: locale, version: version, state: Suggestion.State.accepted.rawValue)
        return version
    }

    /// Rejects an open suggestion.
    public func reject(_ suggestionID: Int64, of owner: TextOwner, locale: String, by decider: String?) throws {
        let target = try resolve(owner, precondition: .none)
        _ = try openSuggestion(suggestionID, of: owner, locale: locale)
        try decide(suggestionID, .rejected, by: decider)
        writer.changeLog.record(owner.resource, owner.id, .suggestion, locale: locale, version: target.existing.version, state: Suggestion.State.rejected.rawValue)
    }

    /// The suggestion, which must exist for this translation (`StoreError.notFound`) and be open (`ReviewRefusal.conflict`).
    private func openSuggestion(_ suggestionID: Int64, of owner: TextOwner, locale: String) throws -> Suggestion {
        guard let suggestion = try writer.reader.suggestion(suggestionID, of: owner, locale: locale) else {
            throw StoreError.notFound(kind: "suggestion", id: "\(owner.id)/\(locale)/\(suggestionID)")
        }
        guard suggestion.state == .open else { throw ReviewRefusal.conflict("suggestion \(suggestionID) is \(suggestion.state.rawValue) already") }
        return suggestion
    }

    private func decide(_ suggestionID: Int64, _ state: Suggestion.State, by decider: String?) throws {
        try database.run("UPDATE suggestions SET state = ?2, decided_by = ?3, decided_at = ?4 WHERE id = ?1 AND state = 'open'",
                         [.integer(suggestionID), .text(state.rawValue), .optionalText(decider), .text(now)])
        guard database.changes == 1 else { throw ReviewRefusal.conflict("suggestion \(suggestionID) was decided meanwhile") }
    }

    /// The rules of a translation's texts: a guideline's `text` and a section's `title` required,
    /// a topic's `title` required and `summary` optional, lengths as for the English.
    static func checkTranslationFields(_ owner: TextOwner, _ fields: [String?], into problems: inout [InvalidField]) {
        for (index, name) in owner.fieldNames.enumerated() {
            let isSummary = name == "summary"
            let maxLength = name == "title" ? EditRules.maxTitleLength : EditRules.maxTextLength
            EditRules.checkText(index < fields.count ? fields[index] : nil, name: name, required: !isSummary, maxLength: maxLength, into: &problems)
        }
    }
}
