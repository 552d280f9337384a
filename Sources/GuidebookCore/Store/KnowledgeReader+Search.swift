internal import SQLite

extension KnowledgeReader {
    /// Runs a search on this reader's connection. A query SQLite refuses (the query builder only
    /// emits valid expressions, so this should not happen) is `SearchEngine.Failure.queryRefused`:
    /// the query cannot be run as written, which is not a fault of the server.
    func search(_ request: SearchRequest, cache: SearchCache) throws -> SearchResults {
        do {
            return try SearchEngine(database: database, cache: cache).search(request)
        } catch let error as SQLiteError where error.isGenericError {
            throw SearchEngine.Failure.queryRefused
        }
    }
}
