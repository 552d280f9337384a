/// Queues `content.changed` and `translation.outdated` in the webhook outbox for what the
/// transaction changed, in the same transaction (so an event commits exactly with its change).
final class WebhookOutboxObserver: TransactionObserver {
    func databaseWillCommit(_ transaction: CommittingTransaction) throws {
        try transaction.writer.raiseChangeEvents(transaction.flushedChanges)
    }
}
