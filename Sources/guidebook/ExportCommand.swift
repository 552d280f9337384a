import Foundation
import GuidebookCore

/// `guidebook export [FILE]`: the whole knowledge base as one bundle (JSON), to a file or stdout.
struct ExportCommand {
    let runtime: Runtime
    let arguments: [String]

    func run() throws -> Int32 {
        guard arguments.count <= 1 else { throw UsageError("export takes at most one FILE") }
        if let option = arguments.first, option.hasPrefix("-") { throw UsageError("unknown option \(option); see guidebook --help") }
        let store = try runtime.openStore()
        let bundle = try store.read { try BundleExporter(reader: $0).export() }
        let data = try BundleCodec.encode(bundle)
        if let path = arguments.first {
            guard FileManager.default.createFile(atPath: path, contents: data) else { throw UsageError("cannot write \(path)") }
            Console.err("exported \(bundle.topics.count) topics to \(path)")
        } else {
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        return 0
    }
}
