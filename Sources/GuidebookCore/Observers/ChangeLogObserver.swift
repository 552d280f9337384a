/// Appends what the transaction recorded in its change log to the `changes` table (`GET /v1/changes`),
/// as its last writes, so every entry carries the version its resource commits with. First of the
/// store's observers: the others read what it appended.
final class ChangeLogObserver: TransactionObserver {
    func databaseWillCommit(_ transaction: CommittingTransaction) throws {
        let writer = transaction.writer
        transaction.flushedChanges = try writer.changeLog.flush(into: writer.database, sample: CommittedTransaction.listedChangesLimit)
    }
}
