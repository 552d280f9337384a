import Foundation
import GuidebookCore
import SQLite

/// `guidebook-bench vocabulary --db PATH --migrations DIR`: the size of the search vocabulary
/// (words as written, each with the rows holding it) and of its initials index, as the search cache
/// builds them, and the time one build takes (best of `--runs`, default 3): what the first typing
/// search after a commit reads.
///
/// Output, tab-separated: `vocabulary`, English words, Korean words, bytes, initials index bytes,
/// build ms.
struct VocabularySize {
    let arguments: Arguments

    func run() throws -> Int32 {
        let path = try arguments.string("--db")
        let runs = try arguments.int("--runs", default: 3)
        guard runs >= 1 else { throw BenchError("--runs must be >= 1") }
        guard FileManager.default.fileExists(atPath: path) else { throw BenchError("no database at \(path)") }
        // Migrated and normalized as a server would find it, then read on a connection of our own.
        _ = try Store(path: path, migrations: Migration.load(from: arguments.optionalString("--migrations") ?? "Migrations"), maxReaders: 1)
        let database = try Database(path: path, mode: .readOnly)
        try database.registerFullTextFunctions()
        var best = Double.infinity
        var vocabulary: SearchVocabulary?
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            vocabulary = try SearchVocabulary.load(from: database)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        guard let sizes = vocabulary?.sizes else { return 1 }
        print("vocabulary\t\(sizes.latinWords)\t\(sizes.koreanWords)\t\(sizes.bytes)\t\(sizes.initialsBytes)\t\(String(format: "%.1f", best))")
        return 0
    }
}
