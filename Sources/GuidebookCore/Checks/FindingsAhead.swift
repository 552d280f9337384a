import Foundation
import Synchronization

/// The translation findings of a large write made while the write goes on, so that its commit has
/// little left to check. Each time a topic is written and `FindingsTable.chunkSize` records or
/// more have changed texts, the writer reads their texts and hands them to a thread that makes
/// their findings while the writer writes the next topics; the writer writes those findings when
/// it reads the next records, or at the commit (`TranslationCheckObserver`). An import's writer
/// then no longer waits for the checks: they run on the core its SQLite work leaves free.
///
/// Checking early changes what is written in no way a reader sees: a record written again after
/// it was read is left for a later check (it is in `TextRows.changed` again), one moved to another
/// topic gets its findings where it is now, and one deleted gets none. The findings' ids follow
/// the order the records were written in, whatever the number of threads.
final class FindingsAhead {
    private let table: FindingsTable
    private let checks: TranslationChecks
    /// The records read last, while their findings are made.
    private var pending: Pending?

    /// Records read and the findings being made of them on another thread.
    private final class Pending: Sendable {
        let owners: [TextRows.Owner]
        let reads: [FindingsTable.Read]
        let made = Mutex<[[FindingsTable.Row]]>([])
        let done = DispatchGroup()

        init(owners: [TextRows.Owner], reads: [FindingsTable.Read]) {
            self.owners = owners
            self.reads = reads
        }
    }

    init(table: FindingsTable, checks: TranslationChecks) {
        self.table = table
        self.checks = checks
    }

    deinit {
        // A write that rolled back may leave findings being made: nothing outlives it.
        pending?.done.wait()
    }

    /// After a topic is written: when enough records have changed texts, writes the findings made
    /// of those read before, reads these and starts making theirs.
    func advance(_ writer: KnowledgeWriter) throws {
        guard checks.isActive, writer.texts.changed.count >= FindingsTable.chunkSize else { return }
        try finish(writer)
        let owners = writer.texts.takeChanged().sorted()
        let run = try checks.run(writer.database, glossaryChanged: !writer.changedGlossaryTerms.isEmpty)
        let pending = Pending(owners: owners, reads: try table.read(owners, withStored: true))
        // The writer goes on writing: the findings take the other threads.
        let workers = checks.workers - 1
        if workers < 1 {
            pending.made.withLock { $0 = FindingsTable.rows(of: pending.reads, with: run, workers: 1) }
        } else {
            // A thread of the writer's own, so it has the writer's priority (`WorkerThreads`).
            WorkerThreads.start("guidebook-checks", in: pending.done) {
                let made = FindingsTable.rows(of: pending.reads, with: run, workers: workers)
                pending.made.withLock { $0 = made }
            }
        }
        self.pending = pending
    }

    /// Writes the findings of the records read last, once made: those of records whose texts
    /// changed since are left for their next check.
    func finish(_ writer: KnowledgeWriter) throws {
        guard let pending else { return }
        self.pending = nil
        pending.done.wait()
        let made = pending.made.withLock { $0 }
        var added = AddedFindings()
        for (index, owner) in pending.owners.enumerated() where !writer.texts.changed.contains(owner) {
            let read = pending.reads[index], rows = made[index]
            guard !rows.isEmpty || !read.stored.isEmpty else { continue }
            try table.replace(read.stored, with: rows, at: try table.placement(of: owner), adding: &added)
        }
        try table.count(added)
    }
}
