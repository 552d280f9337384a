import Foundation
import GuidebookCore
import GuidebookWiki

/// `guidebook translations export --locale ko [--format xliff2|xliff12|po] [--topic SLUG]
/// [--state missing,outdated,draft] [--out FILE]`: the file `GET /v1/translations/export` answers, read
/// from the database directly, to FILE or stdout.
struct TranslationsCommand {
    let runtime: Runtime
    let arguments: [String]

    func run() throws -> Int32 {
        guard arguments.first == "export" else { throw UsageError("translations takes one subcommand: translations export --locale CODE") }
        var locale: String?, format = TranslationFileFormat.xliff2, topic: String?, states: Set<WorkflowState>?, out: String?
        var cursor = ArgumentCursor(Array(arguments.dropFirst()))
        while let item = try cursor.next() {
            switch item {
            case .option("--locale"): locale = try cursor.value(of: "--locale", expecting: "a locale code, e.g. ko")
            case .option("--format"):
                let text = try cursor.value(of: "--format", expecting: "xliff2, xliff12 or po")
                guard let value = TranslationFileFormat(rawValue: text) else { throw UsageError("--format must be xliff2, xliff12 or po, not '\(text.prefix(40))'") }
                format = value
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
            case .option(let unknown): throw UsageError("unknown option \(unknown); see guidebook --help")
            case .operand(let operand): throw UsageError("translations export takes no argument '\(operand)'; use --out FILE")
            }
        }
        guard let locale else { throw UsageError("translations export needs --locale CODE (the locale to translate into)") }
        let store = try runtime.openStore()
        let export = try store.read { reader in
            guard let info = try reader.locales().first(where: { $0.code == locale }), !info.isSource else {
                throw UsageError("no translation locale '\(locale.prefix(40))' in this base")
            }
            return try reader.translationExport(locale: locale, topic: topic, states: states)
        }
        let data = Data(format.render(export).utf8)
        if let out {
            guard FileManager.default.createFile(atPath: out, contents: data) else { throw UsageError("cannot write \(out)") }
            let count = export.groups.reduce(0) { $0 + $1.units.count }
            Console.err("exported \(count) units of \(export.groups.count) topics to \(out) (cursor \(export.cursor))")
        } else {
            FileHandle.standardOutput.write(data)
        }
        return 0
    }
}
