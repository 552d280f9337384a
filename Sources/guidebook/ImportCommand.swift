import Foundation
import GuidebookCore
import GuidebookImport

/// `guidebook import FILE...`: imports into the database directly, or through a running
/// server's job API with `--server URL`.
struct ImportCommand {
    let runtime: Runtime
    let arguments: [String]

    struct Options {
        var files: [String] = []
        var mode = ImportMode.merge
        var dryRun = false
        var format: ImportFormat?
        var server: String?
        /// The file holding the token sent to `--server` (else `GUIDEBOOK_TOKEN`).
        var tokenFile: String?

        /// The format of a file (as given, or from its name) and the name shown for it.
        func format(of file: String) throws -> (ImportFormat, String) {
            guard let format = format ?? ImportFormat(fileName: file) else {
                throw UsageError("cannot tell the format of \(file); use --format json|ndjson|notes")
            }
            return (format, (file as NSString).lastPathComponent)
        }
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var cursor = ArgumentCursor(arguments)
        while let item = try cursor.next() {
            switch item {
            case .option("--mode"):
                let text = try cursor.value(of: "--mode", expecting: "merge or replace")
                guard let mode = ImportMode(rawValue: text) else { throw UsageError("--mode must be merge or replace, not '\(text)'") }
                options.mode = mode
            case .option("--dry-run"): options.dryRun = true
            case .option("--format"):
                let text = try cursor.value(of: "--format", expecting: "json, ndjson or notes")
                guard let format = ImportFormat(name: text) else { throw UsageError("--format must be json, ndjson or notes, not '\(text)'") }
                options.format = format
            case .option("--server"): options.server = try cursor.value(of: "--server", expecting: "the server's URL")
            case .option("--token-file"): options.tokenFile = try cursor.value(of: "--token-file", expecting: "a file holding the token")
            case .option(let unknown): throw UsageError("unknown option \(unknown); see guidebook --help")
            case .operand(let file): options.files.append(file)
            }
        }
        guard !options.files.isEmpty else { throw UsageError("import needs at least one FILE") }
        for file in options.files where !FileManager.default.fileExists(atPath: file) {
            throw UsageError("no such file: \(file)")
        }
        return options
    }

    /// The token for `--server`: from `file` (trailing line breaks dropped), else `GUIDEBOOK_TOKEN`, else none.
    static func token(file: String?) throws -> String? {
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw UsageError("--token-file: cannot read \(file)") }
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return ProcessInfo.processInfo.environment["GUIDEBOOK_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run() throws -> Int32 {
        let options = try Self.parse(arguments)
        if let server = options.server {
            return try RemoteImport(server: server, options: options, token: try Self.token(file: options.tokenFile)).run()
        }
        let store = try runtime.openStore()
        // A dry run changes nothing, the seed included.
        if !options.dryRun, let counts = try runtime.seedIfEmpty(store) {
            Console.err("seed loaded into the empty database: \(counts.topics.created) topics, \(counts.guidelines.created) guidelines")
        }
        let importer = Importer(store: store)
        // One observer for every file: Ctrl-C sets the flag, and the import running stops at its next step.
        let cancel = CancelFlag()
        cancel.installInterruptHandler()
        let observer = ConsoleImportObserver(cancelledBy: cancel)
        for file in options.files {
            let (format, name) = try options.format(of: file)
            observer.display = ProgressDisplay()
            let display = observer.display
            do {
                let outcome = try importer.run(path: file, options: .init(format: format, mode: options.mode, dryRun: options.dryRun, displayName: name),
                                               observer: observer)
                let c = outcome.counts
                display.finish("\(name): \(outcome.dryRun ? "dry run, nothing kept; would have " : "")topics \(c.topics.created) created, \(c.topics.updated) updated, \(c.topics.unchanged) unchanged; guidelines \(c.guidelines.created)/\(c.guidelines.updated)/\(c.guidelines.unchanged); translations \(c.translations.created)/\(c.translations.updated)/\(c.translations.unchanged) (created/updated/unchanged)")
                for warning in outcome.warnings.prefix(50) { Console.err("  warning: line \(warning.line): \(warning.message)") }
                if outcome.warnings.count > 50 { Console.err("  … \(outcome.warnings.count - 50) more warnings") }
            } catch is CancellationError {
                display.finish("\(name): canceled; nothing was applied")
                return 130
            } catch let failure as ImportFailure {
                display.finish("\(name): failed: \(failure.description); nothing was applied")
                return 1
            }
        }
        return 0
    }
}

/// Set by Ctrl-C: an import into the database stops at its next step, one on a server is canceled there.
final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    private var source: DispatchSourceSignal?

    var isSet: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }

    /// Sets the flag on SIGINT.
    func installInterruptHandler() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in
            self?.set()
        }
        source.resume()
        self.source = source
    }
}
