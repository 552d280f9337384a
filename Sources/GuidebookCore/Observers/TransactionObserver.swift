/// Something that sees every write transaction of a `Store`, whoever wrote it (an edit, an import,
/// a translation, the glossary, the webhook tables), without the writer naming it.
///
/// The idea is GRDB's `TransactionObserver`: what must commit together with the change goes in
/// `databaseWillCommit` (it runs inside the transaction, after the write's body, and throwing from
/// it rolls the whole write back); what must only follow a commit, such as waking a thread that
/// sends what was committed, goes in `databaseDidCommit`. The store's own side effects (the search
/// index's record of changed rows, the change log, the webhook outbox) are observers too, run
/// first and in that order (`Store.builtInObservers`). Register with `Store.addObserver`.
public protocol TransactionObserver: AnyObject, Sendable {
    /// Inside the transaction, on the writer, under the write lock, just before COMMIT. May write
    /// through the transaction (internally) and read through `transaction.reader`; must not call
    /// `Store.write` (the lock is held).
    func databaseWillCommit(_ transaction: CommittingTransaction) throws
    /// After COMMIT, outside the write lock, on the thread that wrote. Must not throw nor wait
    /// long: the writer's caller waits for it. A transaction that rolled back is never announced.
    func databaseDidCommit(_ commit: CommittedTransaction)
}

extension TransactionObserver {
    /// Nothing to add to the transaction.
    public func databaseWillCommit(_ transaction: CommittingTransaction) throws {}
    /// Nothing to do after the commit.
    public func databaseDidCommit(_ commit: CommittedTransaction) {}
}
