/// Settles the search index's record of the rows this transaction changed (`search_changes`), from
/// which the in-memory search cache patches itself at its next search after the commit.
final class SearchIndexObserver: TransactionObserver {
    func databaseWillCommit(_ transaction: CommittingTransaction) throws {
        try transaction.writer.indexer.finish()
    }
}
