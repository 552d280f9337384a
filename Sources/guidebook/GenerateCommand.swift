import Foundation
import GuidebookImport

/// `guidebook generate N [FILE] [--text short|realistic]`: a deterministic NDJSON knowledge base
/// of N guidelines.
struct GenerateCommand {
    let arguments: [String]

    func run() throws -> Int32 {
        var positional: [String] = []
        var text = KnowledgeGenerator.Text.short
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--text" {
                let kinds = KnowledgeGenerator.Text.allCases.map(\.rawValue).joined(separator: "|")
                guard index + 1 < arguments.count, let kind = KnowledgeGenerator.Text(rawValue: arguments[index + 1]) else {
                    throw UsageError("--text takes \(kinds)")
                }
                text = kind
                index += 2
                continue
            }
            positional.append(arguments[index])
            index += 1
        }
        guard let first = positional.first, let count = Int(first), count > 0, count <= 10_000_000, positional.count <= 2 else {
            throw UsageError("generate needs a number of guidelines (1 to 10000000) and optionally a FILE")
        }
        let generator = KnowledgeGenerator(guidelineCount: count, text: text)
        if positional.count == 2 {
            try CommandOutput.streaming(to: positional[1]) { write in try generator.write { try write(Data($0)) } }
        } else {
            try generator.write { try CommandOutput.standardOutput(Data($0)) }
        }
        return 0
    }
}
