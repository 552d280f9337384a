import Foundation
import GuidebookCore
import GuidebookWiki

/// `guidebook export [FILE]`: the whole knowledge base as one bundle (JSON), to a file or stdout.
/// `guidebook export --format markdown --out DIR`: the Git-ready Markdown tree, updated in place
/// (only files whose bytes change are rewritten; pages of removed topics are deleted).
struct ExportCommand {
    let runtime: Runtime
    let arguments: [String]

    func run() throws -> Int32 {
        var format = "json", out: String?, files: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            switch parts[0] {
            case "--format", "--out":
                let value: String
                if parts.count == 2 {
                    value = parts[1]
                } else {
                    guard index + 1 < arguments.count else { throw UsageError("\(parts[0]) needs a value") }
                    index += 1
                    value = arguments[index]
                }
                if parts[0] == "--format" { format = value } else { out = value }
            default:
                if argument.hasPrefix("-") { throw UsageError("unknown option \(argument); see guidebook --help") }
                files.append(argument)
            }
            index += 1
        }
        switch format {
        case "json":
            guard out == nil else { throw UsageError("--out goes with --format markdown; the JSON bundle takes a FILE") }
            guard files.count <= 1 else { throw UsageError("export takes at most one FILE") }
            return try exportBundle(to: files.first)
        case "markdown":
            guard let out, !out.isEmpty else { throw UsageError("export --format markdown needs --out DIR") }
            guard files.isEmpty else { throw UsageError("export --format markdown takes no FILE ('\(files[0])'); use --out DIR") }
            return try exportMarkdown(to: out)
        default:
            throw UsageError("--format must be json or markdown, not '\(format)'")
        }
    }

    private func exportBundle(to path: String?) throws -> Int32 {
        let store = try runtime.openStore()
        let bundle = try store.read { try BundleExporter(reader: $0).export() }
        let data = try BundleCodec.encode(bundle)
        if let path {
            guard FileManager.default.createFile(atPath: path, contents: data) else { throw UsageError("cannot write \(path)") }
            Console.err("exported \(bundle.topics.count) topics to \(path)")
        } else {
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        return 0
    }

    private func exportMarkdown(to folder: String) throws -> Int32 {
        let store = try runtime.openStore()
        let started = Date()
        let summary: ExportDirectory.Summary
        do {
            summary = try store.read { reader in
                try ExportDirectory(path: folder).update { write in try MarkdownExport(reader: reader).forEachFile(write) }
            }
        } catch let error as ExportError {
            Console.err("guidebook: \(error.description)")
            return 1
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        Console.err("exported \(summary.files) files to \(folder) in \(seconds) s: \(summary.written) written, "
            + "\(summary.unchanged) unchanged, \(summary.removed) removed")
        return 0
    }
}
