import Foundation
import GuidebookImport

/// `guidebook generate N [FILE]`: a deterministic NDJSON knowledge base of N guidelines.
struct GenerateCommand {
    let arguments: [String]

    func run() throws -> Int32 {
        guard let first = arguments.first, let count = Int(first), count > 0, count <= 10_000_000, arguments.count <= 2 else {
            throw UsageError("generate needs a number of guidelines (1 to 10000000) and optionally a FILE")
        }
        let generator = KnowledgeGenerator(guidelineCount: count)
        if arguments.count == 2 {
            guard FileManager.default.createFile(atPath: arguments[1], contents: nil),
                  let handle = FileHandle(forWritingAtPath: arguments[1]) else { throw UsageError("cannot write \(arguments[1])") }
            defer { try? handle.close() }
            try generator.write { handle.write(Data($0)) }
        } else {
            try generator.write { FileHandle.standardOutput.write(Data($0)) }
        }
        return 0
    }
}
