internal import SQLite

extension KnowledgeReader {
    /// The suggestions for the translation of `owner` into `locale`, oldest first, optionally only
    /// those in `state`; nil when `owner` does not exist.
    public func suggestions(_ owner: TextOwner, locale: String, state: Suggestion.State? = nil) throws -> [Suggestion]? {
        guard let id = try rowID(of: owner), let table = TextTable.of(owner.resource) else { return nil }
        return try suggestions(where: "\(table.owner) = ?1 AND locale = ?2 AND (?3 IS NULL OR state = ?3)",
                               [.int(id), .text(locale), .optionalText(state?.rawValue)], owner: owner)
    }

    /// One suggestion by its id, if it is for the translation of `owner` into `locale`.
    public func suggestion(_ suggestionID: Int64, of owner: TextOwner, locale: String) throws -> Suggestion? {
        guard let id = try rowID(of: owner), let table = TextTable.of(owner.resource) else { return nil }
        return try suggestions(where: "id = ?1 AND \(table.owner) = ?2 AND locale = ?3", [.integer(suggestionID), .int(id), .text(locale)],
                               owner: owner).first
    }

    private func suggestions(where condition: String, _ values: [SQLValue], owner: TextOwner) throws -> [Suggestion] {
        let names = owner.fieldNames
        var suggestions = try database.rows("""
            SELECT id, locale, text, summary, source_revision, author, created_at, state, decided_by, decided_at FROM suggestions
            WHERE \(condition) ORDER BY id
            """, values) { row in
            var fields = [names[0]: row.text(2)]
            if names.count > 1, !row.isNull(3), !row.isEmptyText(3) { fields[names[1]] = row.text(3) }
            return Suggestion(id: row.int64(0), owner: owner, locale: row.text(1), fields: fields, sourceRevision: row.int(4),
                              author: row.text(5), createdAt: row.text(6), state: Suggestion.State(rawValue: row.text(7)) ?? .open,
                              decidedBy: row.optionalText(8), decidedAt: row.optionalText(9), votes: [])
        }
        for index in suggestions.indices {
            suggestions[index].votes = try database.rows("SELECT voter, value, voted_at FROM suggestion_votes WHERE suggestion_id = ?1 ORDER BY voted_at, voter",
                                                         [.integer(suggestions[index].id)]) {
                Suggestion.Vote(voter: $0.text(0), value: $0.int(1), votedAt: $0.text(2))
            }
        }
        return suggestions
    }
}
