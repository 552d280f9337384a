import Foundation
import GuidebookCore
import GuidebookText
import SQLite

/// `guidebook-bench memory`: the translation memory's lookup (`KnowledgeReader.memoryMatches`, what
/// `GET /v1/guidelines/{id}/translations/{locale}/memory` runs) for `--samples` guidelines spread
/// over the base, each in its own read as the API does, after one warm-up lookup; and, as the
/// reference, the same lookup done by brute force for `--reference` of them: every current
/// translation of the base compared word by word (`TextSimilarity`), no index. The brute force also
/// checks the index: its best matches must be the lookup's (the lookup may find fewer only when
/// a match ranks below the candidates it reads).
///
/// Output, tab-separated: `lookup` (samples, p50 ms, p99 ms, max ms, matches per lookup) and
/// `brute-force` (samples, p50 ms, max ms, lookups whose matches the brute force agrees with).
struct MemoryBench {
    let arguments: Arguments

    func run() throws -> Int32 {
        let path = try arguments.string("--db")
        let samples = try arguments.int("--samples", default: 1000)
        let references = try arguments.int("--reference", default: 5)
        let locale = arguments.optionalString("--locale") ?? "ko"
        guard samples >= 1, references >= 0 else { throw BenchError("--samples must be >= 1 and --reference >= 0") }
        guard FileManager.default.fileExists(atPath: path) else { throw BenchError("no database at \(path)") }
        let store = try Store(path: path, migrations: Migration.load(from: arguments.optionalString("--migrations") ?? "Migrations"), maxReaders: 1)

        // Guidelines spread evenly over the base, with their English.
        let database = try Database(path: path, mode: .readOnly)
        try database.registerFullTextFunctions()
        let count = try database.scalarInt("SELECT count(*) FROM guidelines") ?? 0
        guard count > 0 else { throw BenchError("the database has no guidelines") }
        let step = max(1, count / samples)
        let picked = try database.rows("""
            SELECT g.key, t.text FROM guidelines g JOIN guideline_texts t ON t.guideline_id = g.id AND t.locale = 'en'
            WHERE g.id % ?1 = 0 ORDER BY g.id LIMIT ?2
            """, [.int(step), .int(samples)]) { (key: $0.text(0), english: $0.text(1)) }

        _ = try store.read { try $0.memoryMatches(for: picked[0].english, locale: locale) }
        var stats = LatencyStats()
        var found = 0
        var results: [[MemoryMatch]] = []
        for guideline in picked {
            let started = LatencyStats.now()
            let matches = try store.read { try $0.memoryMatches(for: guideline.english, locale: locale, excluding: .guideline(guideline.key)) }
            stats.add(LatencyStats.now() - started)
            found += matches.count
            results.append(matches)
        }
        print(["lookup", String(picked.count), formatMs(stats.percentileMs(50)), formatMs(stats.percentileMs(99)), formatMs(stats.percentileMs(100)),
               String(format: "%.2f", Double(found) / Double(picked.count))].joined(separator: "\t"))

        guard references > 0 else { return 0 }
        var brute = LatencyStats()
        var agreeing = 0
        let checked = Array(stride(from: 0, to: picked.count, by: max(1, picked.count / references)).prefix(references))
        for index in checked {
            let started = LatencyStats.now()
            let best: [(percent: Int, pair: [String])] = try bruteForce(picked[index].english, excluding: picked[index].key, locale: locale, in: database)
            brute.add(LatencyStats.now() - started)
            let looked = results[index].filter { if case .base = $0.origin { true } else { false } }
            if looked.map(\.similarity.percent) == best.prefix(looked.count).map(\.percent), looked.count == min(best.count, KnowledgeReader.memoryLimit) {
                agreeing += 1
            }
        }
        print(["brute-force", String(checked.count), formatMs(brute.percentileMs(50)), formatMs(brute.percentileMs(100)), "\(agreeing)/\(checked.count)"]
            .joined(separator: "\t"))
        return 0
    }

    /// The percents of the finished current translations (translated, approved) most like
    /// `english`, best first, each pair of English and translation once (as the lookup gives
    /// them): every guideline read and compared.
    private func bruteForce(_ english: String, excluding key: String, locale: String, in database: Database) throws -> [(percent: Int, pair: [String])] {
        let words = TextSimilarity.words(of: english)
        var best: [[String]: Int] = [:]
        try database.forEachRow("""
            SELECT g.key, s.text, x.text FROM guidelines g JOIN guideline_texts s ON s.guideline_id = g.id AND s.locale = 'en'
            JOIN guideline_texts x ON x.guideline_id = g.id AND x.locale = ?1
            WHERE x.text != '' AND x.source_revision = s.source_revision AND x.review_state != 'draft'
            """, [.text(locale)]) { row in
            guard row.text(0) != key, let similarity = TextSimilarity(words, TextSimilarity.words(of: row.text(1)), minimum: KnowledgeReader.memoryMinimum) else { return }
            best[[row.text(1), row.text(2)]] = similarity.percent
        }
        return best.map { ($0.value, $0.key) }.sorted { $0.percent > $1.percent }
    }
}
