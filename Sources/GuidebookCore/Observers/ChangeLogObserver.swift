/// Appends what the transaction recorded in its change log to the `changes` table (`GET /v1/changes`),
/// after the write's body, so every entry carries the version its resource commits with. The store
/// runs it after the search index's observer, so that a large write's entries take the pages the
/// index's segment merges freed (a file 2% larger otherwise), and before the others, which read
/// what it appended.
final class ChangeLogObserver: TransactionObserver {
    func databaseWillCommit(_ transaction: CommittingTransaction) throws {
        let writer = transaction.writer
        transaction.flushedChanges = try writer.changeLog.flush(into: writer.database, sample: CommittedTransaction.listedChangesLimit)
    }
}
