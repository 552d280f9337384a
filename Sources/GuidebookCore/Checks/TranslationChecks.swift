import Foundation
import GuidebookChecks
internal import SQLite

/// The quality checks of one store: its options and what they made of the glossary (its terms
/// read, stemmed and indexed once, while meta's `glossary_generation` stays, which every
/// transaction that changes the glossary counts up). Shared by what checks inside a write: the
/// observer that keeps the findings (`TranslationCheckObserver`) and the approval gate
/// (`KnowledgeEditor.decideApproval`).
final class TranslationChecks: @unchecked Sendable {
    let options: CheckOptions
    /// Threads that may make the findings of a large write at once (`FindingsTable.recheck`).
    let threads: Int
    /// Requests being served, which keep the findings to one thread (`workers`).
    let foreground: ForegroundActivity
    /// False when the file lacks the checks' tables (a store opened with only the migrations before
    /// them, as a migration's test does): nothing is checked then. Set once, while the store opens.
    private(set) var hasTables = true
    /// Used under the store's write lock only; the lock is for the compiler.
    private var cached: (generation: Int64, run: TranslationCheckRun)?
    private let lock = NSLock()

    init(options: CheckOptions, workers: Int = 1, foreground: ForegroundActivity = ForegroundActivity()) {
        self.options = options
        self.threads = max(1, workers)
        self.foreground = foreground
    }

    /// Threads that make findings now: `threads`, or one (the writer's) while requests are being
    /// served, so that a write in the background leaves the other cores to them.
    var workers: Int { threads > 1 && foreground.isRecent ? 1 : threads }

    /// True when writes are checked: the checks are on and the file has their tables.
    var isActive: Bool { options.isEnabled && hasTables }

    /// Looks for the checks' tables in `database` (`hasTables`), while the store opens.
    func findTables(in database: Database) throws {
        hasTables = try database.scalarInt("""
            SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('translation_findings', 'approval_overrides')
            """) == 2
    }

    /// The checks with the glossary as the transaction on `database` sees it: the cached ones while
    /// the glossary's generation is theirs. `glossaryChanged`: the transaction changed the glossary,
    /// so it neither uses nor keeps them (it may still roll back, and a later change would then
    /// count to the same generation).
    func run(_ database: Database, glossaryChanged: Bool) throws -> TranslationCheckRun {
        let generation = try MetaTable(database: database).integer(MetaTable.glossaryGeneration)
        return try lock.withLock {
            if !glossaryChanged, let cached, cached.generation == generation { return cached.run }
            let run = TranslationCheckRun(options: options, terms: try GlossaryTable(database: database).terms())
            if !glossaryChanged { cached = (generation, run) }
            return run
        }
    }
}
