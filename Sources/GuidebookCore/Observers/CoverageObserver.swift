/// Counts the coverage of the topics a write made stale again, before it commits (`CoverageCounts`),
/// so the next coverage read finds them counted. A store opened on a schema older than the kept
/// counts (Migrations/0012; a test of an earlier migration does that) has nothing to count.
final class CoverageObserver: TransactionObserver, @unchecked Sendable {
    /// Whether the database has the counts, learnt at the first write (the schema is the store's
    /// from its start). Read and written only in `databaseWillCommit`, under the store's write lock.
    private var hasCounts: Bool?

    func databaseWillCommit(_ transaction: CommittingTransaction) throws {
        // A large write took the per-row triggers out and marked its topics itself.
        try transaction.writer.coverageTriggers.restore()
        let counts = CoverageCounts(database: transaction.writer.database)
        if hasCounts == nil { hasCounts = try counts.isKept() }
        if hasCounts == true { try counts.refreshStale() }
    }
}
