internal import SQLite

extension KnowledgeReader {
    /// Up to `limit` entries of the change log after `seq`, oldest first.
    public func changes(after seq: Int64, limit: Int) throws -> [ChangeEntry] {
        try database.rows("""
            SELECT seq, at, resource, resource_id, kind, locale, token, etag FROM changes WHERE seq > ?1 ORDER BY seq LIMIT ?2
            """, [.integer(seq), .int(limit)]) { row in
            guard let resource = ChangeResource(rawValue: row.text(2)), let kind = ChangeKind(rawValue: row.text(4)) else {
                throw StoreError.corrupt("change \(row.int64(0)) has resource '\(row.text(2))' and kind '\(row.text(4))'")
            }
            return ChangeEntry(seq: row.int64(0), at: row.text(1), resource: resource, id: row.text(3), kind: kind,
                               locale: row.optionalText(5), token: row.optionalText(6), version: row.optionalText(7))
        }
    }
}
