import Foundation
import GuidebookCore
import GuidebookImport
import GuidebookTranslationFiles

/// `guidebook translations export|import`: the translators' files of docs/translators.md.
/// - `export --locale ko [--format xliff2|xliff12|po] [--topic SLUG] [--state missing,outdated,draft] [--matches] [--out FILE]`:
///   the file `GET /v1/translations/export` answers, read from the database directly, to FILE or stdout.
/// - `import FILE [--locale ko] [--format …] [--on-conflict draft|skip] [--dry-run] [--reviewer] [--server URL]`:
///   a translated file applied as `POST /v1/translations/import` applies it, into the database
///   directly (as an editor's import, or a reviewer's with `--reviewer`) or through a running
///   server's job API (an editor's token; a reviewer's token may change approved translations).
struct TranslationsCommand {
    let runtime: Runtime
    let arguments: [String]

    func run() throws -> Int32 {
        switch arguments.first {
        case "export": return try export(Array(arguments.dropFirst()))
        case "import": return try importFile(Array(arguments.dropFirst()))
        default: throw UsageError("translations takes a subcommand: translations export --locale CODE, or translations import FILE")
        }
    }

    private static func format(_ cursor: inout ArgumentCursor) throws -> TranslationFileFormat {
        let text = try cursor.value(of: "--format", expecting: "xliff2, xliff12 or po")
        guard let value = TranslationFileFormat(rawValue: text) else { throw UsageError("--format must be xliff2, xliff12 or po, not '\(text.prefix(40))'") }
        return value
    }

    // MARK: Export

    private func export(_ arguments: [String]) throws -> Int32 {
        var locale: String?, format = TranslationFileFormat.xliff2, topic: String?, states: Set<WorkflowState>?, out: String?, matches = false
        var cursor = ArgumentCursor(arguments)
        while let item = try cursor.next() {
            switch item {
            case .option("--locale"): locale = try cursor.value(of: "--locale", expecting: "a locale code, e.g. ko")
            case .option("--format"): format = try Self.format(&cursor)
            case .option("--topic"): topic = try cursor.value(of: "--topic", expecting: "a topic slug")
            case .option("--state"):
                let text = try cursor.value(of: "--state", expecting: "missing, outdated, draft, translated, approved or current, comma-separated")
                states = try text.split(separator: ",", omittingEmptySubsequences: false).reduce(into: Set<WorkflowState>()) { states, part in
                    guard let parsed = WorkflowState.parseFilter(String(part)) else {
                        throw UsageError("--state takes missing, outdated, draft, translated, approved and current, comma-separated, not '\(text.prefix(60))'")
                    }
                    states.formUnion(parsed)
                }
            case .option("--out"): out = try cursor.value(of: "--out", expecting: "a file")
            case .option("--matches"): matches = true
            case .option(let unknown): throw UsageError("unknown option \(unknown); see guidebook --help")
            case .operand(let operand): throw UsageError("translations export takes no argument '\(operand)'; use --out FILE")
            }
        }
        guard let locale else { throw UsageError("translations export needs --locale CODE (the locale to translate into)") }
        let store = try runtime.openExistingStore()
        let export = try store.read { reader in
            guard let info = try reader.locales().first(where: { $0.code == locale }), !info.isSource else {
                throw UsageError("no translation locale '\(locale.prefix(40))' in this base")
            }
            let export = try reader.translationExport(locale: locale, topic: topic, states: states)
            return matches ? try reader.addingBestMatches(to: export) : export
        }
        let data = Data(format.render(export).utf8)
        if let out {
            try CommandOutput.file(data, at: out)
            let count = export.groups.reduce(0) { $0 + $1.units.count }
            Console.err("exported \(count) units of \(export.groups.count) topics to \(out) (cursor \(export.cursor))")
        } else {
            try CommandOutput.standardOutput(data)
        }
        return 0
    }

    // MARK: Import

    private func importFile(_ arguments: [String]) throws -> Int32 {
        var file: String?, locale: String?, format: TranslationFileFormat?, policy = ConflictPolicy.draft, dryRun = false
        var server: String?, tokenFile: String?, role = TranslationRole.editor
        var cursor = ArgumentCursor(arguments)
        while let item = try cursor.next() {
            switch item {
            case .option("--locale"): locale = try cursor.value(of: "--locale", expecting: "a locale code, e.g. ko")
            case .option("--format"): format = try Self.format(&cursor)
            case .option("--on-conflict"):
                let text = try cursor.value(of: "--on-conflict", expecting: "draft or skip")
                guard let value = ConflictPolicy(rawValue: text) else { throw UsageError("--on-conflict must be draft or skip, not '\(text.prefix(40))'") }
                policy = value
            case .option("--dry-run"): dryRun = true
            case .option("--reviewer"): role = .reviewer
            case .option("--server"): server = try cursor.value(of: "--server", expecting: "the server's URL")
            case .option("--token-file"): tokenFile = try cursor.value(of: "--token-file", expecting: "a file holding the token")
            case .option(let unknown): throw UsageError("unknown option \(unknown); see guidebook --help")
            case .operand(let operand):
                guard file == nil else { throw UsageError("translations import takes one FILE") }
                file = operand
            }
        }
        guard let file else { throw UsageError("translations import needs the translated FILE (XLIFF or PO)") }
        guard FileManager.default.fileExists(atPath: file) else { throw UsageError("no such file: \(file)") }
        let name = (file as NSString).lastPathComponent
        if let server {
            if role == .reviewer { throw UsageError("--reviewer is for an import into the database; through a server, the token's role counts") }
            return try importRemotely(file, name: name, server: server, token: try ImportCommand.token(file: tokenFile),
                                      query: [("locale", locale), ("format", format?.rawValue), ("on_conflict", policy.rawValue), ("dry_run", dryRun ? "true" : nil)])
        }
        let store = try runtime.openExistingStore()
        let cancel = CancelFlag()
        cancel.installInterruptHandler()
        let observer = ConsoleImportObserver(cancelledBy: cancel)
        let display = observer.display
        do {
            let result = try TranslationImporter(store: store).run(
                path: file, options: .init(format: format, locale: locale, onConflict: policy, dryRun: dryRun, displayName: name, role: role),
                observer: observer)
            display.finish("\(name): \(result.summary)")
            for line in Self.conflictLines(result.conflicts.map { ($0.id, $0.line, $0.oldSource, $0.newSource, $0.offered, $0.outcome.rawValue) }) {
                Console.err(line)
            }
            return 0
        } catch is CancellationError {
            display.finish("\(name): canceled; nothing was applied")
            return 130
        } catch let failure as TranslationImportFailure {
            display.finish("\(name): failed: \(failure.description); nothing was applied")
            for problem in failure.problems.prefix(50) { Console.err("  \(problem.position): \(problem.id): \(problem.message)") }
            if failure.problems.count + failure.problemsOmitted > 50 { Console.err("  … \(failure.problems.count + failure.problemsOmitted - 50) more") }
            return 1
        }
    }

    private func importRemotely(_ file: String, name: String, server: String, token: String?, query: [(String, String?)]) throws -> Int32 {
        let base = try RemoteJob.base(of: server)
        let cancel = CancelFlag()
        cancel.installInterruptHandler()
        let parameters = (query + [("name", name)]).compactMap { key, value in
            value.map { "\(key)=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
        }.joined(separator: "&")
        let accepted = try HTTP.send("POST", URL(string: "\(base)/v1/translations/import?\(parameters)")!, file: file,
                                     contentType: "application/octet-stream", token: token)
        guard accepted.status == 202, let job = accepted.json, let id = job["id"] as? String else {
            Console.err("\(name): the server refused the import (\(accepted.status)): \(accepted.problemDetail)")
            if accepted.status == 401 || accepted.status == 403 {
                Console.err("translation imports need an editor token: put it in GUIDEBOOK_TOKEN or in a file named by --token-file")
            }
            return 1
        }
        let ending = try RemoteJob(base: base, token: token).follow(id: id, name: name, cancel: cancel) { job in
            let conflicts = (job["result"] as? [String: Any])?["conflicts"] as? [[String: Any]] ?? []
            return Self.conflictLines(conflicts.map {
                ($0["id"] as? String ?? "", $0["line"] as? Int ?? 0, $0["old_source"] as? String ?? "", $0["new_source"] as? String ?? "",
                 $0["offered"] as? String ?? "", $0["outcome"] as? String ?? "")
            })
        }
        switch ending {
        case .succeeded: return 0
        case .failed: return 1
        case .canceled: return 130
        }
    }

    /// A conflict for people: its id and line, then the old English, the new English and the
    /// translation offered, one line each (at most 20 conflicts).
    private static func conflictLines(_ conflicts: [(id: String, line: Int, old: String, new: String, offered: String, outcome: String)]) -> [String] {
        var lines: [String] = []
        for conflict in conflicts.prefix(20) {
            lines.append("  conflict (\(conflict.outcome)) \(conflict.id), line \(conflict.line): the English changed since the file was exported")
            lines.append("    old English: \(conflict.old.prefix(200))")
            lines.append("    new English: \(conflict.new.prefix(200))")
            lines.append("    offered:     \(conflict.offered.prefix(200))")
        }
        if conflicts.count > 20 { lines.append("  … \(conflicts.count - 20) more conflicts") }
        return lines
    }
}
