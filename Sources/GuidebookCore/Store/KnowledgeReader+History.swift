internal import SQLite

extension KnowledgeReader {
    /// The row id of `owner` (nil when it does not exist).
    func rowID(of owner: TextOwner) throws -> Int? {
        switch owner {
        case .guideline(let key): return try database.scalarInt("SELECT id FROM guidelines WHERE key = ?1", [.text(key)])
        case .topic(let slug): return try database.scalarInt("SELECT id FROM topics WHERE slug = ?1", [.text(slug)])
        case .section(let slug, let key):
            return try database.scalarInt("SELECT s.id FROM sections s JOIN topics t ON t.id = s.topic_id WHERE t.slug = ?1 AND s.key = ?2",
                                          [.text(slug), .text(key)])
        }
    }

    /// Every version of the text of `owner` in `locale`, oldest first, the current one last (empty
    /// when it was never written); nil when `owner` does not exist.
    public func textHistory(_ owner: TextOwner, locale: String) throws -> [TextVersion]? {
        guard let id = try rowID(of: owner), let table = TextTable.of(owner.resource) else { return nil }
        let names = owner.fieldNames
        let isSource = locale == SourceLocale.code
        func fields(_ row: Statement, _ first: Int) -> [String: String]? {
            guard !row.isNull(first) else { return nil }
            var fields: [String: String] = [:]
            for (offset, name) in names.enumerated() where !row.isNull(first + offset) && !row.isEmptyText(first + offset) {
                fields[name] = row.text(first + offset)
            }
            return fields
        }
        func review(_ row: Statement, _ column: Int) -> ReviewState? {
            isSource || row.isNull(column) ? nil : ReviewState(rawValue: row.text(column))
        }
        var versions = try database.rows("""
            SELECT version, text, summary, review_state, source_revision, changed_by, changed_at, action, note FROM text_versions
            WHERE \(table.owner) = ?1 AND locale = ?2 ORDER BY version
            """, [.int(id), .text(locale)]) { row in
            TextVersion(number: row.int(0), fields: fields(row, 1),
                        review: review(row, 3), sourceRevision: row.optionalInt(4), changedBy: row.optionalText(5), changedAt: row.text(6),
                        action: row.optionalText(7).flatMap(TextAction.init), note: row.optionalText(8), isCurrent: false)
        }
        let current = "SELECT \(table.columns.joined(separator: ", ")), review_state, source_revision, changed_by, updated_at, action, note, version FROM \(table.name) WHERE \(table.owner) = ?1 AND locale = ?2"
        if let row = try database.firstRow(current, [.int(id), .text(locale)], { row -> TextVersion in
            let count = names.count
            return TextVersion(number: row.int(count + 6), fields: fields(row, 0) ?? [:], review: review(row, count), sourceRevision: row.optionalInt(count + 1),
                               changedBy: row.optionalText(count + 2), changedAt: row.text(count + 3),
                               action: row.optionalText(count + 4).flatMap(TextAction.init), note: row.optionalText(count + 5), isCurrent: true)
        }) {
            versions.append(row)
        }
        return versions
    }
}
