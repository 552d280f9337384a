import CSQLite

extension Database {
    /// Registers the FTS5 auxiliary function `guidebook_phrase_hits(table, weight...)` on this
    /// connection: for a one-phrase query, the phrase's instances in the row, each counted with its
    /// column's weight (the term frequency of FTS5's `bm25()`).
    public func registerFullTextFunctions() throws {
        let rc = guidebook_fts5_register_functions(handle)
        guard rc == SQLITE_OK else { throw error(code: rc, sql: "SELECT fts5(?1)") }
    }
}
