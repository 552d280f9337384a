import GuidebookCore

// The sender sees every commit of its store: one that queued an event wakes it at once, so a
// delivery starts right after the commit instead of at the next poll (which remains for commits
// by other processes, such as `guidebook import`).
extension WebhookSender: TransactionObserver {
    /// Wakes the dispatcher when the transaction queued webhook events.
    public func databaseDidCommit(_ commit: CommittedTransaction) {
        if commit.webhookEvents > 0 { wake() }
    }
}
