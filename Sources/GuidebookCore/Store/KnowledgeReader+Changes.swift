internal import SQLite

extension KnowledgeReader {
    /// Up to `limit` entries of the change log after `seq`, oldest first.
    public func changes(after seq: Int64, limit: Int) throws -> [ChangeEntry] {
        try database.rows("""
            SELECT seq, at, resource, resource_id, kind, locale, token, etag, state FROM changes WHERE seq > ?1 ORDER BY seq LIMIT ?2
            """, [.integer(seq), .int(limit)]) { row in
            guard let resource = ChangeResource(rawValue: row.text(2)), let kind = ChangeKind(rawValue: row.text(4)) else {
                throw StoreError.corrupt("change \(row.int64(0)) has resource '\(row.text(2))' and kind '\(row.text(4))'")
            }
            return ChangeEntry(seq: row.int64(0), at: row.text(1), resource: resource, id: row.text(3), kind: kind,
                               locale: row.optionalText(5), token: row.optionalText(6), version: row.optionalText(7), state: row.optionalText(8))
        }
    }

    /// The slugs of the topics whose pages the changes after `seq` touch: topics changed, those of
    /// changed sections, and the present topic of changed guidelines (a guideline deleted or moved
    /// also changed its old topic, which has an entry of its own).
    public func topicsChanged(after seq: Int64) throws -> Set<String> {
        Set(try database.rows("""
            SELECT resource_id FROM changes WHERE seq > ?1 AND resource = 'topic'
            UNION SELECT substr(resource_id, 1, instr(resource_id, '#') - 1) FROM changes WHERE seq > ?1 AND resource = 'section'
            UNION SELECT t.slug FROM changes c JOIN guidelines g ON g.key = c.resource_id JOIN topics t ON t.id = g.topic_id
                WHERE c.seq > ?1 AND c.resource = 'guideline'
            """, [.integer(seq)]) { $0.text(0) })
    }

    /// The `seq` of the newest change-log entry (0 when there is none): the cursor that covers
    /// everything this read sees.
    public func latestChangeSeq() throws -> Int64 {
        try database.firstRow("SELECT coalesce(max(seq), 0) FROM changes") { $0.int64(0) } ?? 0
    }
}
