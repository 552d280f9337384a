internal import SQLite

/// The search rows changed since a generation, from the `search_changes` record the indexer keeps
/// (see Migrations/0009_search_changes.sql): what a search cache re-reads to catch up with a small
/// commit instead of loading everything again.
enum SearchChanges {
    /// Most changed rows a cache patches; beyond them it reloads (a reload reads every row once,
    /// a patch costs a lookup per changed row and kept phrase).
    static let patchLimit = SearchIndexer.recordLimit

    /// The rows changed after `generation`, ascending, as seen by `database`'s read transaction;
    /// nil when the record does not reach back that far (a bulk change or pruning since) or holds
    /// more than `patchLimit` rows.
    static func rows(after generation: Int64, in database: Database) throws -> [UInt32]? {
        guard generation >= (try MetaTable(database: database).integer(MetaTable.searchChangesFloor)) else { return nil }
        var rows: [UInt32] = []
        try database.forEachRow("""
            SELECT DISTINCT row FROM search_changes WHERE generation > ?1 ORDER BY row LIMIT ?2
            """, [.integer(generation), .integer(Int64(patchLimit + 1))]) { row in
            guard let number = UInt32(exactly: row.int64(0)) else { throw SearchEngine.Failure.rowOutOfRange(row.int64(0)) }
            rows.append(number)
        }
        return rows.count > patchLimit ? nil : rows
    }
}
