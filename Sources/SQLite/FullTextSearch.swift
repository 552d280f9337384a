import CSQLite

extension Database {
    /// Registers on this connection the FTS5 auxiliary function `guidebook_phrase_hits(table,
    /// weight...)` — for a one-phrase query, the phrase's instances in the row, each counted with
    /// its column's weight (the term frequency of FTS5's `bm25()`) — and `guidebook_phrases_hits`,
    /// the same summed over every phrase of an OR (a prefix spelled out as its words), and the tokenizer
    /// `guidebook` of the search index (and `guidebook_words`, which migrations 0004 to 0009 use),
    /// which every connection that searches, reads the vocabulary or writes any text the index
    /// shows needs: the index's triggers tokenize a row's old text to take it out. With them come
    /// the SQL functions that count the vocabulary's surface forms: `guidebook_collect_forms(row)`
    /// and `guidebook_collected_forms()` (the forms of the rows one statement indexes, counted in
    /// the tokenizer's pass) and `guidebook_surface_forms(title, body)` (one row's), and
    /// `guidebook_ahead_begin(sql, rows)` and `guidebook_ahead_end()`, between which a bulk write's
    /// tokens are made on a second thread. All written in C in `shim.h`.
    public func registerFullTextFunctions() throws {
        let rc = guidebook_fts5_register_functions(handle)
        guard rc == SQLITE_OK else { throw error(code: rc, sql: "SELECT fts5(?1)") }
    }
}
