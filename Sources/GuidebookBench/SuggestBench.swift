import Foundation
import GuidebookCore
import GuidebookImport
import SQLite

/// `guidebook-bench suggest`: what "did you mean" costs on the worst queries a client can send —
/// 500 characters (32 terms) of near-words, every one unknown to the index and close to words it holds.
///
/// Makes `--queries` such queries (deterministically) from the database's own vocabulary: words of
/// the search index's vocabulary with one edit each (a letter changed, added, dropped or two swapped; for Korean a
/// vowel changed) that is not itself a word of the vocabulary, separated by spaces up to 500 characters. Each runs once through
/// `SearchQuery.parse` + `SearchEngine.search` on the store (limit 10): every phrase is new to the
/// search cache, nothing matches, and the engine looks up a suggestion for every word. The first
/// near-word search (which reads the vocabulary) is reported apart.
///
/// `--extra-words N` then measures the lookup alone (`SearchVocabulary.correction` of each query
/// word) against the same vocabulary plus N made-up words, to show how it scales with a larger one.
///
/// Output, tab-separated: `search` and `search-warm` (queries, p50 ms, p99 ms, max ms, first search
/// ms — it reads the vocabulary; the others exclude it —, queries with a suggestion, words corrected
/// of words sent): the
/// queries cold (every phrase read from FTS5) and again (phrases in the search cache, so mostly the
/// suggestion is left); `lookup` (words in the vocabulary, queries, p50 ms, p99 ms, max ms) for the
/// lookups alone, on the database's vocabulary and, with --extra-words, on the larger one.
struct SuggestBench {
    let arguments: Arguments

    func run() throws -> Int32 {
        let path = try arguments.string("--db")
        let count = try arguments.int("--queries", default: 500)
        let extraWords = try arguments.int("--extra-words", default: 0)
        guard count >= 1, extraWords >= 0 else { throw BenchError("--queries must be >= 1 and --extra-words >= 0") }
        guard FileManager.default.fileExists(atPath: path) else { throw BenchError("no database at \(path)") }
        let store = try Store(path: path, migrations: Migration.load(from: arguments.optionalString("--migrations") ?? "Migrations"), maxReaders: 1)

        // The words as SQLite's vocabulary table lists them, read on a connection of the bench's own
        // (the store keeps its connections to itself); the index needs the store's tokenizer.
        var latin: [String: Int] = [:]
        var korean: [String: Int] = [:]
        let vocabulary = try Database(path: path, mode: .readOnly)
        try vocabulary.registerFullTextFunctions()
        try vocabulary.forEachRow(SearchVocabulary.wordsSQL) { row in
            let term = row.text(0)
            if term.unicodeScalars.allSatisfy({ (0xAC00...0xD7A3).contains($0.value) }) {
                korean[term] = row.int(1)
            } else if term.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }) {
                latin[term] = row.int(1)
            }
        }
        let sources = (latin.keys.filter { $0.count >= 4 } + korean.keys.filter { $0.count >= 2 }).sorted()
        guard !sources.isEmpty else { throw BenchError("the database has no words in its search index vocabulary; run guidebook reindex") }
        var random = SplitMix64(seed: 0x5eed)
        let known = Set(latin.keys).union(korean.keys)
        let queries = (0..<count).map { _ in Self.nearWordQuery(from: sources, known: known, random: &random) }

        // The row directory first (read once per generation by any search), so that the first
        // near-word search below times the vocabulary's reading.
        _ = try store.search(SearchRequest(query: try SearchQuery.parse("sheet"), limit: 10))
        // Cold: every phrase read from FTS5 (as any new query's are); warm: the same queries again,
        // their phrases now in the search cache, so what remains is mostly the suggestion.
        for pass in ["search", "search-warm"] {
            var stats = LatencyStats()
            var first: UInt64 = 0
            var suggested = 0, corrected = 0, sent = 0
            for (index, text) in queries.enumerated() {
                let started = LatencyStats.now()
                let query = try SearchQuery.parse(text)
                let results = try store.search(SearchRequest(query: query, limit: 10))
                let elapsed = LatencyStats.now() - started
                if index == 0 && pass == "search" { first = elapsed } else { stats.add(elapsed) }
                sent += query.words.count
                if let suggestion = results.suggestion {
                    suggested += 1
                    corrected += zip(text.split(separator: " "), suggestion.split(separator: " ")).filter { $0 != $1 }.count
                }
            }
            print([pass, String(count), formatMs(stats.percentileMs(50)), formatMs(stats.percentileMs(99)), formatMs(stats.percentileMs(100)),
                   String(format: "%.3f", Double(first) / 1e6), String(suggested), "\(corrected)/\(sent)"].joined(separator: "\t"))
        }
        lookups(queries, SearchVocabulary(latin: latin, korean: korean))

        if extraWords > 0 {
            for _ in 0..<extraWords {
                if random.next() % 5 == 0 {
                    korean[Self.madeUpKorean(&random), default: 0] += 1 + Int(random.next() % 50)
                } else {
                    latin[Self.madeUpLatin(&random), default: 0] += 1 + Int(random.next() % 50)
                }
            }
            lookups(queries, SearchVocabulary(latin: latin, korean: korean))
        }
        return 0
    }

    /// The lookups alone: every word of each query corrected against `vocabulary`, one budget per query.
    private func lookups(_ queries: [String], _ vocabulary: SearchVocabulary) {
        var stats = LatencyStats()
        for text in queries {
            let started = LatencyStats.now()
            var budget = SearchVocabulary.comparisonBudget
            for word in text.split(separator: " ") { _ = vocabulary.correction(of: String(word), budget: &budget) }
            stats.add(LatencyStats.now() - started)
        }
        print(["lookup", String(vocabulary.wordCount), String(queries.count), formatMs(stats.percentileMs(50)),
               formatMs(stats.percentileMs(99)), formatMs(stats.percentileMs(100))].joined(separator: "\t"))
    }

    /// Words with one edit each (none of them a word of the index as it is), up to 500 characters and 32 words.
    private static func nearWordQuery(from words: [String], known: Set<String>, random: inout SplitMix64) -> String {
        var query = ""
        var count = 0
        while count < SearchQuery.maxTerms {
            var word = misspelt(words[Int(random.next() % UInt64(words.count))], &random)
            while known.contains(word) { word = misspelt(words[Int(random.next() % UInt64(words.count))], &random) }
            guard query.count + word.count + 1 <= SearchQuery.maxLength else { break }
            query += (query.isEmpty ? "" : " ") + word
            count += 1
        }
        return query
    }

    private static func misspelt(_ word: String, _ random: inout SplitMix64) -> String {
        var scalars = Array(word.unicodeScalars)
        let at = Int(random.next() % UInt64(scalars.count))
        if (0xAC00...0xD7A3).contains(scalars[at].value) {
            // Another vowel in the same syllable: one changed jamo.
            let index = scalars[at].value - 0xAC00
            let vowel = (index % 588) / 28
            let newVowel = (vowel + 1 + UInt32(random.next() % 20)) % 21
            scalars[at] = Unicode.Scalar(0xAC00 + index / 588 * 588 + newVowel * 28 + index % 28)!
            return String(String.UnicodeScalarView(scalars))
        }
        let letter = Unicode.Scalar(UInt8(ascii: "a") + UInt8(random.next() % 26))
        switch random.next() % 4 {
        case 0: scalars[at] = letter
        case 1: scalars.insert(letter, at: at)
        case 2 where scalars.count > 4: scalars.remove(at: at)
        default: if at + 1 < scalars.count { scalars.swapAt(at, at + 1) } else { scalars[at] = letter }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func madeUpLatin(_ random: inout SplitMix64) -> String {
        // Letters roughly as often as in English text, so masks and lengths look like real words.
        let letters = Array("eeeeeeeeeeeettttttttaaaaaaaaoooooooiiiiiiinnnnnnnsssssshhhhhhrrrrrrddddlllluuuccmmwwffggyyppbbvk".unicodeScalars)
        let length = 3 + Int(random.next() % 10)
        return String(String.UnicodeScalarView((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] }))
    }

    private static func madeUpKorean(_ random: inout SplitMix64) -> String {
        let length = 2 + Int(random.next() % 4)
        return String(String.UnicodeScalarView((0..<length).map { _ in Unicode.Scalar(0xAC00 + UInt32(random.next() % 11_172))! }))
    }
}
