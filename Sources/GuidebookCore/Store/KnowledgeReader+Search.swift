internal import SQLite

extension KnowledgeReader {
    /// Runs a search on this reader's connection. A query SQLite refuses (the query builder only
    /// emits valid expressions, so this should not happen) is `SearchEngine.Failure.queryRefused`:
    /// the query cannot be run as written, which is not a fault of the server. With `loadsAside`
    /// false, a read transaction older than the cache throws `SearchCache.BehindTheCache` (true:
    /// the cache starts over from this transaction's index).
    func search(_ request: SearchRequest, cache: SearchCache, loadsAside: Bool = true) throws -> SearchResults {
        do {
            return try SearchEngine(database: database, cache: cache, loadsAside: loadsAside).search(request)
        } catch let error as SQLiteError where error.isGenericError {
            throw SearchEngine.Failure.queryRefused
        }
    }
}
