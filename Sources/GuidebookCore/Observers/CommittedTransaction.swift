/// A write transaction that committed, as its observers see it in `databaseDidCommit`.
public struct CommittedTransaction: Sendable {
    /// The change-log entries it appended, in order (at most the first `listedChangesLimit`).
    public var changes: [ChangeEntry]
    /// How many change-log entries it appended in all.
    public var changeCount: Int
    /// The `seq` of its last change-log entry; nil when it changed nothing the log records.
    public var lastChangeSeq: Int64?
    /// How many webhook events it queued in the outbox (a sender has something to send when above 0).
    public var webhookEvents: Int

    /// At most this many entries are listed in `changes` (and in a `content.changed` event); a
    /// larger change (an import) is read from the change log with its `seq` range.
    public static let listedChangesLimit = 1_000
}
