internal import SQLite

extension KnowledgeReader {
    /// The comment threads on the text of `owner` in `locale` (the source locale: its English),
    /// oldest first, each with its comments; nil when `owner` does not exist.
    public func commentThreads(_ owner: TextOwner, locale: String) throws -> [CommentThread]? {
        guard let id = try rowID(of: owner), let table = TextTable.of(owner.resource) else { return nil }
        return try threads(where: "c.\(table.owner) = ?1 AND c.locale = ?2", [.int(id), .text(locale)], owner: { _ in owner })
    }

    /// One comment thread by its id, with its comments and whose text it is about.
    public func commentThread(_ id: Int64) throws -> CommentThread? {
        try threads(where: "c.id = ?1", [.integer(id)], owner: { $0 }).first
    }

    private static let threadColumns = """
        SELECT c.id, c.locale, c.created_by, c.created_at, c.resolved_by, c.resolved_at, g.key, tp.slug, st.slug, s.key
        FROM comment_threads c LEFT JOIN guidelines g ON g.id = c.guideline_id LEFT JOIN topics tp ON tp.id = c.topic_id
        LEFT JOIN sections s ON s.id = c.section_id LEFT JOIN topics st ON st.id = s.topic_id
        """

    private func threads(where condition: String, _ values: [SQLValue], owner: (TextOwner) -> TextOwner) throws -> [CommentThread] {
        var threads = try database.rows(Self.threadColumns + " WHERE \(condition) ORDER BY c.id", values) { row -> CommentThread in
            let stored: TextOwner = !row.isNull(6) ? .guideline(row.text(6)) : !row.isNull(7) ? .topic(row.text(7)) : .section(topic: row.text(8), key: row.text(9))
            return CommentThread(id: row.int64(0), owner: owner(stored), locale: row.text(1), createdBy: row.text(2), createdAt: row.text(3),
                                 resolvedBy: row.optionalText(4), resolvedAt: row.optionalText(5), comments: [])
        }
        for index in threads.indices {
            threads[index].comments = try database.rows("SELECT id, author, body, created_at FROM comments WHERE thread_id = ?1 ORDER BY id",
                                                        [.integer(threads[index].id)]) {
                CommentThread.Comment(id: $0.int64(0), author: $0.text(1), body: $0.text(2), createdAt: $0.text(3))
            }
        }
        return threads
    }
}
