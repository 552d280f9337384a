import Foundation
import GuidebookText
internal import SQLite

/// Runs searches on a read connection.
///
/// FTS5 finds each phrase's rows (`MATCH` on the phrase alone, with the phrase's BM25 term weight
/// per row); the engine combines them under the query's condition, scores every match as FTS5's
/// bm25 would (the sum over matched phrases of idf × term weight, titles 10x), and keeps the best
/// page. Totals and facets count every match. Because phrase postings are kept in `SearchCache`
/// until the index changes, a query of very common words costs a merge of sorted arrays instead
/// of a bm25 evaluation per matching row.
public struct SearchEngine {
    let database: Database
    let cache: SearchCache

    /// Topic facets listed: the topics with the most matches (categories are few and all listed).
    public static let topicFacetLimit = 20

    /// Matches a search counts exactly, at least, before it may estimate the rest (a query whose
    /// phrases hold more rows than this is ranked window by window, `WindowedSearch`). Elasticsearch
    /// counts 10,000 by default too: a page of results needs the best few, not the exact count of
    /// a hundred thousand.
    public static let exactTotalBound = 10_000

    /// Why a search cannot run.
    public enum Failure: Error, Equatable {
        /// A rowid beyond what the engine's 32-bit row numbers hold (over a billion records).
        case rowOutOfRange(Int64)
        /// SQLite refused to run the query's full-text expression.
        case queryRefused
        /// FTS5 gave a phrase's rows out of rowid order (it walks them in order: never expected).
        case rowsOutOfOrder
    }

    /// `database` must be a read connection with the full-text functions registered
    /// (`Database.registerFullTextFunctions`), as the store's readers are.
    init(database: Database, cache: SearchCache) {
        self.database = database
        self.cache = cache
    }

    /// A row holding the half-typed last word as written ranks above every row holding only its
    /// completions: this is added to its score while ranking (and taken off the score reported).
    static let asWrittenBonus = 1e9

    func search(_ request: SearchRequest) throws -> SearchResults {
        let generation = try MetaTable(database: database).integer(MetaTable.searchGeneration)
        let directory = try cache.directory(generation: generation,
                                            changedRows: { try SearchChanges.rows(after: $0, in: database) },
                                            readChanges: { try RowDirectory.changes(of: $0, from: database) },
                                            load: { try RowDirectory.load(from: database, generation: generation) })
        // Search as you type: the last word also finds the most frequent words it may become, as
        // many as hold a quarter of the rows; a word that matches nothing as written (`p`, `ㅈ`,
        // `ㅈㅎㄹ`) is searched as its forms alone, so one form is one phrase (its page and facets
        // were worked out when it was read).
        var request = request
        var completion: SearchCompletion?
        var writtenMatches = false
        let rowBudget = max(1, directory.rowCount / SearchVocabulary.completionRowShare)
        func matchesAsWritten(_ word: SearchQuery.TypedWord) throws -> Bool {
            try word.part.scoringPhrases.contains { index in
                let phrase = request.query.phrases[index]
                if let rows = cache.keptRowCount(phrase, generation: generation) { return rows > 0 }
                // A prefix (one syllable: `"시" *`) costs FTS5 its whole doclist even for a first
                // row (30-70 ms for 앱 at 100,000 guidelines): read it once, for the search too.
                guard !phrase.hasSuffix("*") else {
                    return try !cache.postings(phrase, generation: generation) {
                        try PhrasePostings.load(phrase, from: database, directory: directory)
                    }.rows.isEmpty
                }
                return try PhrasePostings.hasRows(phrase, in: database)
            }
        }
        // One Korean syllable that matches as written is a prefix of every bigram it starts already
        // (`시` finds 시트 and 표시줄): completing it would only add more such prefixes.
        func isSyllableFoundAsWritten(_ word: SearchQuery.TypedWord) throws -> Bool {
            guard word.isCJK, word.text.unicodeScalars.count == 1, Hangul.isSyllable(word.text.unicodeScalars.first!) else { return false }
            return try matchesAsWritten(word)
        }
        if let lastWord = request.query.lastWord, request.completes, try !isSyllableFoundAsWritten(lastWord) {
            let vocabulary = try cache.vocabulary(generation: generation) { try SearchVocabulary.load(from: database, generation: generation) }
            let found = vocabulary.completions(of: lastWord.text, limit: SearchQuery.maxCompletions, rowBudget: rowBudget)
            if !found.forms.isEmpty {
                completion = SearchCompletion(term: lastWord.text, forms: found.forms, found: found.found)
                writtenMatches = try matchesAsWritten(lastWord)
                request.query = request.query.expanding(lastWord, with: found.forms, keepingWritten: writtenMatches)
            }
        }
        // Initials (초성): a word of consonants also finds the Korean words whose syllables they start.
        var initials: [SearchCompletion] = []
        if request.completes, !request.query.initialsWords.isEmpty {
            let vocabulary = try cache.vocabulary(generation: generation) { try SearchVocabulary.load(from: database, generation: generation) }
            for word in request.query.initialsWords {
                let found = vocabulary.initialsMatches(of: word.text, limit: SearchQuery.maxCompletions, rowBudget: rowBudget)
                guard !found.forms.isEmpty else { continue }
                initials.append(SearchCompletion(term: word.text, forms: found.forms, found: found.found))
                request.query = request.query.expanding(word, with: found.forms, keepingWritten: try matchesAsWritten(word))
            }
        }
        let asWritten = writtenMatches ? Array(request.query.lastWord?.part.scoringPhrases ?? []) : []
        // A phrase not kept in the cache is first only asked whether it matches any row (FTS5 stops
        // at the first). When the condition then cannot match — a required word the index does not
        // hold, as in a query with a typo — no phrase's rows are read at all. A phrase kept from
        // before a small commit is brought up to date with the rows the commit changed.
        let phrases = request.query.phrases
        let kept = try phrases.map { phrase -> PhrasePostings? in
            switch cache.cachedPostings(phrase, generation: generation) {
            case .current(let postings):
                return postings
            case .stale(let postings, let changed):
                let patched = try postings.patched(phrase, changed: changed, from: database, directory: directory)
                cache.keepPatched(phrase, patched, generation: generation)
                return patched
            case .missing:
                return nil
            }
        }
        let wanted = request.offset + request.limit + 1
        let filtered = request.topic != nil || request.category != nil
        // One phrase without filters whose postings are not kept (a large index's half-typed words
        // take more room than the cache has): its summary, when kept, answers the page.
        if !filtered, case .phrase(let index) = request.query.condition, kept[index] == nil,
           let summary = cache.summary(phrases[index], generation: generation), summary.total > 0, summary.holds(wanted) {
            let idf = Self.idf(matching: summary.total, of: directory.rowCount)
            let best = summary.best.prefix(wanted).map { (score: idf * Double($0.weight), row: $0.row) }
            let page = best.dropFirst(request.offset).prefix(request.limit)
            return SearchResults(hits: try hits(page, directory: directory), total: summary.total, totalIsExact: true,
                                 topicFacets: summary.facets.topics, topicsMatched: summary.facets.topicsMatched,
                                 categoryFacets: summary.facets.categories, facetsAreExact: true,
                                 hasMore: best.count > request.offset + request.limit, suggestion: nil,
                                 completion: completion, searched: completion != nil || !initials.isEmpty ? request.query : nil,
                                 initials: initials)
        }
        let hasRows = try phrases.indices.map { try kept[$0].map { !$0.rows.isEmpty } ?? PhrasePostings.hasRows(phrases[$0], in: database) }
        let canMatch = request.query.condition.canMatch { hasRows[$0] }
        let none = canMatch ? nil : PhrasePostings(rows: [], weights: [], directory: directory)
        let postings = try phrases.indices.map { index in
            if let cached = kept[index] { return cached }
            if let none { return none }  // stands in for rows not read: nothing can match anyway
            return try cache.postings(phrases[index], generation: generation) {
                try PhrasePostings.load(phrases[index], from: database, directory: directory)
            }
        }

        // A Korean word or its noun (시트를 OR 시트), unfiltered: the word's rows are all among the
        // noun's (checked, not assumed), so the matches are the noun's rows, and only the word's
        // rows and the noun's heaviest need scoring.
        var nested: (noun: Int, best: [(score: Double, row: UInt32)])?
        if asWritten.isEmpty, request.topic == nil, request.category == nil, case .any(let parts) = request.query.condition, parts.count == 2,
           case .phrase(let word) = parts[0], case .phrase(let noun) = parts[1],
           let best = Self.rankNested(word: postings[word], noun: postings[noun], rowCount: directory.rowCount, wanted: wanted) {
            nested = (noun, best)
        }
        // One phrase, unfiltered: the matches are that phrase's rows, index for index.
        var samePhrase: Int?
        if case .phrase(let index) = request.query.condition, !filtered { samePhrase = index }
        let scoring = MatchScoring(condition: request.query.condition, postings: postings, asWritten: asWritten, rowCount: directory.rowCount)

        let total: Int
        var totalIsExact = true
        let topicCounts: [Int]
        let best: [(score: Double, row: UInt32)]
        if let index = samePhrase, wanted <= postings[index].best.count || postings[index].best.count == postings[index].rows.count {
            // One phrase: its facets and its heaviest rows were worked out when it was read.
            let phrase = postings[index]
            let idf = Self.idf(matching: phrase.rows.count, of: directory.rowCount)
            total = phrase.rows.count
            topicCounts = phrase.topicCounts
            best = phrase.best.prefix(wanted).map { (score: idf * Double(phrase.weights[$0]), row: phrase.rows[$0]) }
        } else if let nested {
            total = postings[nested.noun].rows.count
            topicCounts = postings[nested.noun].topicCounts
            best = nested.best
        } else if !filtered, Self.readsMany(request.query.condition, postings, than: request.exactTotalBound),
                  let windowed = WindowedSearch(condition: request.query.condition, postings: postings, scoring: scoring, directory: directory) {
            // Many rows to read: the best page window by window, the total exactly up to the bound.
            if let index = samePhrase {
                total = postings[index].rows.count
                topicCounts = postings[index].topicCounts
                best = windowed.best(wanted, counted: nil)
            } else {
                let counted = windowed.count(bound: request.exactTotalBound, sample: request.estimateSample)
                total = counted.total
                totalIsExact = counted.isExact
                topicCounts = counted.topicCounts
                best = windowed.best(wanted, counted: counted)
            }
        } else {
            var matches = RowSet.evaluate(request.query.condition, postings)
            if filtered {
                let topic = request.topic.map { directory.topicNumber($0) ?? -1 }
                let category = request.category.map { directory.categoryNumber($0) ?? -1 }
                matches = matches.filter { row in
                    guard let number = directory.topic(ofRow: row) else { return false }
                    return (topic == nil || topic == number) && (category == nil || category == directory.topicCategories[number])
                }
            }
            total = matches.count
            topicCounts = directory.topicCounts(of: matches)
            var rows = BestRows(capacity: wanted)
            scoring.offer(matches[...], rows: { postings[$0].rows[...] }, weights: { postings[$0].weights[...] }, samePhrase: samePhrase, into: &rows)
            best = rows.rows
        }
        // Facets count every match, as the total does (estimated beyond the bound as the total is).
        let facets = SearchFacets(topicCounts: topicCounts, directory: directory, limit: Self.topicFacetLimit)
        // One phrase unfiltered: its matches are all its rows, so these facets are the phrase's own.
        if let index = samePhrase, !postings[index].rows.isEmpty {
            cache.keepSummary(phrases[index], generation: generation) { PhraseSummary(postings[index], facets: facets) }
        }
        let page = best.dropFirst(request.offset).prefix(request.limit)
        let hits = try hits(page, directory: directory)
        // Typo tolerance: a query that finds nothing is searched again with each word that matches
        // nothing as written replaced by its closest indexed word, when that finds something.
        var unmatchedCorrection: (query: SearchQuery, terms: [(from: String, to: String)], layout: [(from: String, to: String)])?
        if total == 0, request.correctsTypos, let corrected = try typoCorrected(request.query, hasRows: hasRows, generation: generation) {
            var retry = request
            retry.query = corrected.query
            retry.correctsTypos = false
            var found = try search(retry)
            if found.total > 0 {
                found.searched = found.searched ?? corrected.query
                found.correctedTerms = corrected.terms
                found.layoutCorrected = corrected.layout
                return found
            }
            unmatchedCorrection = corrected
        }
        var results = SearchResults(hits: hits, total: total, totalIsExact: totalIsExact,
                             topicFacets: facets.topics, topicsMatched: facets.topicsMatched,
                             categoryFacets: facets.categories, facetsAreExact: totalIsExact,
                             hasMore: best.count > request.offset + request.limit,
                             suggestion: total == 0 && request.suggests ? try suggestion(for: request.query, hasRows: hasRows, generation: generation) : nil,
                             completion: completion, searched: completion != nil || !initials.isEmpty ? request.query : nil,
                             initials: initials)
        results.unmatchedCorrection = unmatchedCorrection
        return results
    }

    /// The hits of a page of ranked rows: the topic and category come from the directory; guideline
    /// and section keys from their small tables, one statement each for the page (the index holds
    /// tokens only). A row whose record is gone is left out.
    private func hits(_ page: ArraySlice<(score: Double, row: UInt32)>, directory: RowDirectory) throws -> [SearchHit] {
        // Each record's key, with its topic and section ids, read here once so that its texts
        // (`KnowledgeReader.searchHitTexts`) are read from the text tables alone.
        typealias Place = (key: String, topic: Int64, section: Int64?)
        func places(_ kind: SearchIndexer.Kind, _ sql: String) throws -> [Int64: Place] {
            let ids = page.filter { Int64($0.row) % 4 == kind.rawValue }.map { Int64($0.row) / 4 }
            guard !ids.isEmpty else { return [:] }
            var places: [Int64: Place] = [:]
            try database.forEachRow(sql, [.jsonArray(ids)]) {
                places[$0.int64(0)] = (key: $0.text(1), topic: $0.int64(2), section: kind == .guideline ? $0.int64(3) : nil)
            }
            return places
        }
        let guidelines = try places(.guideline, "SELECT id, key, topic_id, section_id FROM guidelines WHERE id IN (SELECT value FROM json_each(?1))")
        let sections = try places(.section, "SELECT id, key, topic_id FROM sections WHERE id IN (SELECT value FROM json_each(?1))")
        var hits: [SearchHit] = []
        for entry in page {
            guard let topicNumber = directory.topic(ofRow: entry.row),
                  let kind = SearchIndexer.Kind(rawValue: Int64(entry.row) % 4) else { continue }
            let topic = directory.topicSlugs[topicNumber]
            let recordID = Int64(entry.row) / 4
            let place: Place?
            switch kind {
            case .topic: place = (key: topic, topic: recordID, section: nil)
            case .section: place = sections[recordID].map { (key: topic + "#" + $0.key, topic: $0.topic, section: nil) }
            case .guideline: place = guidelines[recordID]
            }
            guard let place else { continue }
            hits.append(SearchHit(kind: kind, recordID: recordID, topicID: place.topic, sectionID: place.section, ref: place.key, topic: topic,
                                  category: directory.categorySlugs[directory.topicCategories[topicNumber]],
                                  score: entry.score >= Self.asWrittenBonus ? entry.score - Self.asWrittenBonus : entry.score, matchedLocales: []))
        }
        return hits
    }

    /// The query with each word the index does not know (none of its phrases has a row) replaced
    /// by the closest word it does; nil when there is no such word or none is close. The
    /// vocabulary is read once per generation, and only when a search finds nothing.
    private func suggestion(for query: SearchQuery, hasRows: [Bool], generation: Int64) throws -> String? {
        let unknown = query.words.indices.filter { !query.words[$0].phrases.contains { hasRows[$0] } }
        guard !unknown.isEmpty else { return nil }
        let vocabulary = try cache.vocabulary(generation: generation) { try SearchVocabulary.load(from: database, generation: generation) }
        var budget = SearchVocabulary.comparisonBudget
        var replacements: [Int: String] = [:]
        for index in unknown {
            replacements[index] = vocabulary.correction(of: String(query.text[query.words[index].range]), budget: &budget)
        }
        return replacements.isEmpty ? nil : query.rewriting(replacements)
    }

    /// The query with each word that matches nothing as written (none of its phrases has a row)
    /// replaced by its typo correction, and the replacements; nil when no word has one.
    private func typoCorrected(_ query: SearchQuery, hasRows: [Bool], generation: Int64)
        throws -> (query: SearchQuery, terms: [(from: String, to: String)], layout: [(from: String, to: String)])? {
        let unknown = query.words.indices.filter { !query.words[$0].phrases.contains { hasRows[$0] } }
        guard !unknown.isEmpty else { return nil }
        let vocabulary = try cache.vocabulary(generation: generation) { try SearchVocabulary.load(from: database, generation: generation) }
        var budget = SearchVocabulary.comparisonBudget
        var replacements: [Int: String] = [:]
        var terms: [(from: String, to: String)] = []
        var layout: [(from: String, to: String)] = []
        for index in unknown {
            let written = String(query.text[query.words[index].range])
            // Typed with the other keyboard layout on: a known word in the other script comes first.
            if let converted = vocabulary.layoutCorrection(of: written) {
                replacements[index] = converted
                layout.append((written, converted))
                continue
            }
            guard let closest = vocabulary.typoCorrection(of: written.lowercased(), budget: &budget) else { continue }
            replacements[index] = closest
            terms.append((written, closest))
        }
        guard !replacements.isEmpty, let corrected = try? SearchQuery.parse(query.rewriting(replacements)) else { return nil }
        return (corrected, terms, layout)
    }

    /// True when the condition's phrases hold more rows than `bound` in all: worth ranking window
    /// by window (`WindowedSearch`) rather than scoring every match.
    static func readsMany(_ condition: SearchCondition, _ postings: [PhrasePostings], than bound: Int) -> Bool {
        var rows = 0
        for index in condition.scoringPhrases { rows += postings[index].rows.count }
        return rows > bound
    }

    /// The best `wanted` matches of `word OR noun` when every row of `word` is also one of
    /// `noun`'s (a Korean word and its noun): a row scores the noun's weight, plus the word's where
    /// it holds the word. Nil when a row of `word` is not one of `noun`'s.
    private static func rankNested(word: PhrasePostings, noun: PhrasePostings, rowCount: Int, wanted: Int) -> [(score: Double, row: UInt32)]? {
        guard word.rows.count <= noun.rows.count else { return nil }
        let wordIDF = idf(matching: word.rows.count, of: rowCount)
        let nounIDF = idf(matching: noun.rows.count, of: rowCount)
        if noun.rows.count > word.rows.count * 8 {
            // Few rows hold the word: score those, and take the others from the noun's heaviest
            // rows (`noun.best`, in order; ties: lower rowid first, as `rank` breaks them).
            var best = BestRows(capacity: wanted)
            var common = 0
            RowSet.forEachCommon(word.rows, noun.rows) { inWord, inNoun in
                common += 1
                let score = wordIDF * Double(word.weights[inWord]) + nounIDF * Double(noun.weights[inNoun])
                if score >= best.floor { best.offer(score, word.rows[inWord]) }
            }
            guard common == word.rows.count else { return nil }
            var others = 0
            for index in noun.best where others < wanted {
                let row = noun.rows[index]
                guard !RowSet.contains(word.rows, row) else { continue }
                best.offer(nounIDF * Double(noun.weights[index]), row)
                others += 1
            }
            if others == wanted || noun.best.count == noun.rows.count { return best.rows }
        }
        // One pass over the noun's rows, the word's alongside.
        var best = BestRows(capacity: wanted)
        var next = 0
        let nested = word.rows.withUnsafeBufferPointer { wordRows in
            word.weights.withUnsafeBufferPointer { wordWeights in
                noun.rows.withUnsafeBufferPointer { nounRows in
                    noun.weights.withUnsafeBufferPointer { nounWeights in
                        for index in 0..<nounRows.count {
                            let row = nounRows[index]
                            var score = nounIDF * Double(nounWeights[index])
                            if next < wordRows.count && wordRows[next] <= row {
                                guard wordRows[next] == row else { return false }  // a word row the noun lacks
                                score = wordIDF * Double(wordWeights[next]) + score
                                next += 1
                            }
                            if score >= best.floor { best.offer(score, row) }
                        }
                        return next == wordRows.count
                    }
                }
            }
        }
        return nested ? best.rows : nil
    }

    /// BM25's idf as FTS5 computes it: log((N - n + 0.5) / (n + 0.5)), floored at 1e-6 so a word in
    /// more than half the rows still counts a little.
    static func idf(matching count: Int, of rows: Int) -> Double {
        let value = log((Double(rows) - Double(count) + 0.5) / (Double(count) + 0.5))
        return value > 1e-6 ? value : 1e-6
    }
}

/// The best rows offered, at most `capacity`, best first: higher score, then lower rowid.
struct BestRows {
    let capacity: Int
    private(set) var rows: [(score: Double, row: UInt32)] = []
    /// The score a row must reach to get in once full (a quick test before `offer`).
    private(set) var floor = -Double.infinity
    /// True once `capacity` rows are in: a row must then reach `floor`.
    var isFull: Bool { rows.count == capacity }

    init(capacity: Int) {
        self.capacity = capacity
        rows.reserveCapacity(capacity + 1)
    }

    /// True when no row from `fromRow` on scoring at most `ceiling` can enter: the rows are full,
    /// and such a row scores below the lowest, or ties with it at a higher rowid (a tie ranks the
    /// lower rowid first).
    @inline(__always)
    func excludes(ceiling: Double, fromRow: UInt32) -> Bool {
        guard rows.count == capacity, let last = rows.last else { return false }
        return ceiling < last.score || (ceiling == last.score && fromRow > last.row)
    }

    mutating func offer(_ score: Double, _ row: UInt32) {
        let candidate = (score: score, row: row)
        func ranksBefore(_ a: (score: Double, row: UInt32), _ b: (score: Double, row: UInt32)) -> Bool {
            a.score != b.score ? a.score > b.score : a.row < b.row
        }
        if rows.count == capacity, let last = rows.last, !ranksBefore(candidate, last) { return }
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if ranksBefore(rows[middle], candidate) { low = middle + 1 } else { high = middle }
        }
        rows.insert(candidate, at: low)
        if rows.count > capacity { rows.removeLast() }
        if rows.count == capacity { floor = rows[rows.count - 1].score }
    }
}
