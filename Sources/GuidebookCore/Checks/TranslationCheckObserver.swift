import Foundation
import GuidebookChecks
internal import SQLite

/// Runs the quality checks (`GuidebookChecks`) before every write commits, on what the write
/// changed: the records whose texts it wrote in any locale (`TextRows.changed`: an edit of the
/// English changes its translations' findings too), and after a glossary change the records whose
/// texts may use the term as it was or is (`GlossaryNeedles`). Their findings are written in the
/// same transaction (`FindingsTable`), whoever wrote: the API, an import, the seed. A large write
/// has had most of its records checked while it went on (`FindingsAhead`); the commit writes the
/// last of those and checks the rest.
///
/// With the checks off (`CheckOptions.isEnabled`, the write benchmark's reference) it does
/// nothing; what was found before stays, and the next start with the checks on checks everything
/// again (`prepare`).
final class TranslationCheckObserver: TransactionObserver, Sendable {
    let checks: TranslationChecks
    var options: CheckOptions { checks.options }

    init(checks: TranslationChecks) {
        self.checks = checks
    }

    func databaseWillCommit(_ transaction: CommittingTransaction) throws {
        guard checks.isActive else { return }
        let writer = transaction.writer
        try writer.findingsAhead.finish(writer)
        var owners = writer.texts.takeChanged()
        let table = FindingsTable(database: writer.database)
        let glossaryChanged = !writer.changedGlossaryTerms.isEmpty
        if glossaryChanged {
            let meta = MetaTable(database: writer.database)
            try meta.set(MetaTable.glossaryGeneration, to: String(try meta.integer(MetaTable.glossaryGeneration) + 1))
            guard let mentioning = try table.owners(mentioning: writer.changedGlossaryTerms) else {
                try table.recheckAll(with: try checks.run(writer.database, glossaryChanged: true), workers: checks.workers)
                return
            }
            owners.formUnion(mentioning)
        }
        guard !owners.isEmpty else { return }
        let run = try checks.run(writer.database, glossaryChanged: glossaryChanged)
        try table.recheck(owners.sorted(), with: run, workers: checks.workers)
    }

    /// At start, before anything else writes: when the findings on file were made with other
    /// options or rules (`CheckOptions.fingerprint`, kept in `meta`), or never (a new file, or one
    /// from before the checks), every translation is checked again, in one transaction. Decided
    /// under the write lock, so of several processes opening the file one does it.
    static func prepare(_ database: Database, checks: TranslationChecks) throws {
        // A file this process cannot write keeps what it has (it is read, never checked, here).
        guard !database.isReadOnly else { return }
        try checks.findTables(in: database)
        guard checks.hasTables else { return }
        let options = checks.options
        let meta = MetaTable(database: database)
        guard try meta.value(MetaTable.checksFingerprint) != options.fingerprint else { return }
        try database.transaction {
            guard try meta.value(MetaTable.checksFingerprint) != options.fingerprint else { return }
            if options.isEnabled {
                try FindingsTable(database: database).recheckAll(with: TranslationCheckRun(options: options, terms: try GlossaryTable(database: database).terms()),
                                                                 workers: checks.workers)
            }
            try meta.set(MetaTable.checksFingerprint, to: options.fingerprint)
        }
    }
}
