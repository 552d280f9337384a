/// A write transaction about to commit, as its observers see it in `databaseWillCommit`: the
/// writer it wrote through and what the observers before have settled (the change log's entries).
public final class CommittingTransaction {
    /// The writer of the transaction (inside the store: its connection and its records of changes).
    let writer: KnowledgeWriter
    /// What the change log appended, once its observer ran (the first entries and the count).
    var flushedChanges = FlushedChanges(entries: [], count: 0, lastSeq: 0)

    init(writer: KnowledgeWriter) {
        self.writer = writer
    }

    /// Reads inside the transaction: they see everything it wrote.
    public var reader: KnowledgeReader { writer.reader }

    /// The change-log entries this transaction appended, in order (at most the first
    /// `CommittedTransaction.listedChangesLimit`; `changeCount` says how many in all).
    public var changes: [ChangeEntry] { flushedChanges.entries }

    /// How many change-log entries this transaction appended.
    public var changeCount: Int { flushedChanges.count }

    /// What the observers are told once the transaction committed.
    var committed: CommittedTransaction {
        CommittedTransaction(changes: flushedChanges.entries, changeCount: flushedChanges.count,
                             lastChangeSeq: flushedChanges.count > 0 ? flushedChanges.lastSeq : nil,
                             webhookEvents: writer.queuedWebhookEvents)
    }
}
