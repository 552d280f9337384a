import Foundation
import GuidebookCore
import GuidebookWiki

/// `guidebook export [FILE]`: the whole knowledge base as one bundle (JSON), to a file or stdout.
/// `guidebook export --format markdown|wikijs|mkdocs|docusaurus|bookstack --out DIR [--since CURSOR]`:
/// the Git-ready Markdown tree or a wiki's own layout (`WikiLayout`), updated in place (only files whose bytes change are rewritten; pages of removed topics are
/// deleted). It prints the change-log cursor the tree now reflects on stdout; given as `--since`
/// next time, only the topics changed after it are rendered again.
struct ExportCommand {
    let runtime: Runtime
    let arguments: [String]

    func run() throws -> Int32 {
        var format = "json", out: String?, since: String?, files: [String] = []
        var cursor = ArgumentCursor(arguments)
        while let item = try cursor.next() {
            switch item {
            case .option("--format"): format = try cursor.value(of: "--format", expecting: "json or a layout (\(WikiLayout.names))")
            case .option("--out"): out = try cursor.value(of: "--out", expecting: "a folder")
            case .option("--since"): since = try cursor.value(of: "--since", expecting: "a change-log sequence number")
            case .option(let unknown): throw UsageError("unknown option \(unknown); see guidebook --help")
            case .operand(let file): files.append(file)
            }
        }
        if format == "json" {
            guard out == nil, since == nil else { throw UsageError("--out and --since go with a layout (--format markdown, ...); the JSON bundle takes a FILE") }
            guard files.count <= 1 else { throw UsageError("export takes at most one FILE") }
            return try exportBundle(to: files.first)
        }
        guard let layout = WikiLayout(rawValue: format) else {
            throw UsageError("--format must be json or one of \(WikiLayout.names), not '\(format.prefix(40))'")
        }
        guard let out, !out.isEmpty else { throw UsageError("export --format \(format) needs --out DIR") }
        guard files.isEmpty else { throw UsageError("export --format \(format) takes no FILE ('\(files[0])'); use --out DIR") }
        var sinceCursor: Int64?
        if let since {
            guard let value = Int64(since), value >= 0 else { throw UsageError("--since must be a change-log cursor (a whole number >= 0), not '\(since.prefix(40))'") }
            sinceCursor = value
        }
        return try exportLayout(layout, to: out, since: sinceCursor)
    }

    private func exportBundle(to path: String?) throws -> Int32 {
        let store = try runtime.openExistingStore()
        // The bundle is the base as stored (a backup): every translation, drafts included.
        let bundle = try store.read(includingUnpublished: true) { try BundleExporter(reader: $0).export() }
        let data = try BundleCodec.encode(bundle)
        if let path {
            try CommandOutput.file(data, at: path)
            Console.err("exported \(bundle.topics.count) topics to \(path)")
        } else {
            try CommandOutput.standardOutput(data + Data("\n".utf8))
        }
        return 0
    }

    private func exportLayout(_ layout: WikiLayout, to folder: String, since: Int64?) throws -> Int32 {
        let store = try runtime.openExistingStore()
        let started = Date()
        let summary: ExportDirectory.Summary
        var through: Int64 = 0
        do {
            // One read transaction: the cursor printed is exactly what the pages show.
            summary = try store.read { reader in
                through = try reader.latestChangeSeq()
                if let since, since > through {
                    throw UsageError("--since \(since) is past the change log's end (\(through)): the cursor comes from another history "
                        + "(a base restored from an earlier backup?); export without --since to write the whole tree")
                }
                let only = try since.map { try reader.topicsChanged(after: $0) }
                return try ExportDirectory(path: folder).updateKeeping { write, keep in
                    try LayoutExport(layout: layout, reader: reader).forEachFile(onlyTopics: only, keep: keep, write)
                }
            }
        } catch let error as ExportError {
            Console.err("guidebook: \(error.description)")
            return 1
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        Console.err("exported \(summary.files) files to \(folder) in \(seconds) s: \(summary.written) written, "
            + "\(summary.unchanged) unchanged, \(summary.kept) kept, \(summary.removed) removed; cursor \(through)")
        guard summary.skipped.isEmpty else {
            // The tree does not reflect the cursor where links stood: no cursor, and a failing status for scripts.
            for skipped in summary.skipped { Console.err("guidebook: \(skipped.description)") }
            Console.err("guidebook: \(summary.skipped.count) path(s) skipped; nothing outside \(folder) was written or removed. "
                + "Replace the links with folders or files and export again.")
            return 1
        }
        try CommandOutput.standardOutput(Data("\(through)\n".utf8))
        return 0
    }
}
