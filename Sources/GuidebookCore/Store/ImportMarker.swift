// The import marker: an import job's data and the row saying "job X committed with result R" are
// committed in one transaction, so the next start after a crash can tell whether the data is in.

extension KnowledgeWriter {
    /// Records, in the transaction that writes an import's data, that import job `job` committed
    /// with `result` (the job's result as its runner keeps it). Read back by `Store.committedImport(job:)`.
    public func markImportCommitted(job: String, result: String) throws {
        try MetaTable(database: database).set(MetaTable.importMarker(job: job), to: result)
    }
}

extension Store {
    /// The result `KnowledgeWriter.markImportCommitted` recorded for import job `job`, or nil when
    /// no transaction of that job committed.
    public func committedImport(job: String) throws -> String? {
        try meta(MetaTable.importMarker(job: job))
    }
}
