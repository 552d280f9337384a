import CSQLite

extension Database {
    /// Registers two FTS5 auxiliary functions on this connection:
    ///
    /// - `guidebook_phrase_weight(table, weight...)`: for a one-phrase query, a row's BM25 term
    ///   weight (k1 1.2, b 0.75, column hits weighted, length over all columns), without the idf,
    ///   as FTS5's `bm25()` computes it before multiplying by the idf.
    /// - `guidebook_row_count(table)`: the table's row count, from FTS5's stored totals.
    public func registerFullTextFunctions() throws {
        let rc = guidebook_fts5_register_functions(handle)
        guard rc == SQLITE_OK else { throw error(code: rc, sql: "SELECT fts5(?1)") }
    }
}
