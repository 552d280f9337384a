import Foundation
@testable import GuidebookCore
import GuidebookImport
import SQLite
import XCTest

/// The search engine against FTS5 itself, on the seed plus 3,000 generated guidelines: for every
/// query, the page, the scores, the total and the facets must be what FTS5's own `bm25()`, `count(*)`
/// and `GROUP BY` give for the same expression, with the search cache on and off.
final class SearchEngineTests: XCTestCase {
    private static let queries = [
        "sheet", "the", "content", "people app", "시트", "앱", "사용자", "콘텐츠", "progress 시트", "진행률 표시기",
        "sheet popover", "split view", "\"dark mode\"", "prog*", "sheet -modal", "sheet OR popover", "spinner OR gauge",
        "content app people", "사용자 앱", "blur", "블러", "vibrancy -the", "indicator", "\"진행률 표시기\"",
        // Korean words with particles: the word or its noun (more phrases under an OR).
        "시트를", "진행률을", "메뉴는", "시트를 사용", "팝오버에서", "앱이", "사용자가 앱을", "사이드바 -블러를",
        // Nothing matches: a required word the index does not hold (its rows are never read).
        "sheet zqxjkvw", "콘텐츠를 사이드베", "popver OR 시트",
    ]

    private var directory: String!
    private var store: Store!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "guidebook-engine-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try Store(path: directory + "/kb.sqlite", migrations: try Migration.load(from: PackagePaths.migrations))
        try GeneratedBase.fill(store, guidelines: 3_000, folder: directory)
    }

    override func tearDownWithError() throws {
        store = nil
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testPagesScoresTotalsAndFacetsAreFTS5s() throws {
        for cacheBytes in [Store.defaultSearchCacheBytes, 0] {
            let engineStore = try Store(path: directory + "/kb.sqlite", migrations: try Migration.load(from: PackagePaths.migrations),
                                        searchCacheSizing: .fixed(bytes: cacheBytes))
            for text in Self.queries {
                let query = try SearchQuery.parse(text)
                // Offsets 0 and 20 read a single phrase's first page from its heaviest rows; 60 ranks every match.
                for (offset, topic) in [(0, nil), (20, nil), (60, nil), (0, "sheets")] as [(Int, String?)] {
                    let request = SearchRequest(query: query, topic: topic, offset: offset, limit: 20)
                    let results = try engineStore.search(request)
                    // Twice: the second answer comes from the cache when there is one.
                    let again = try engineStore.search(request)
                    XCTAssertEqual(results.hits.map(\.ref), again.hits.map(\.ref), text)
                    try assertMatchesFTS5(results, query: query, text: text, topic: topic, offset: offset, limit: 20)
                }
            }
        }
    }

    /// A cache too small for any phrase's rows keeps one-phrase summaries: a repeated one-phrase
    /// search is answered from its summary, and every answer, from rows or from a summary, before
    /// and after a commit, is FTS5's (a commit drops the summaries of the generation before it).
    func testOnePhraseSummariesAnswerAsTheRowsDoAndGoWithACommit() throws {
        let small = try Store(path: directory + "/kb.sqlite", migrations: try Migration.load(from: PackagePaths.migrations),
                              searchCacheSizing: .fixed(bytes: 1))
        let texts = ["sheet", "the", "content", "시트", "앱", "사용자", "indicator", "blur", "prog*"]
        func searchAll(_ step: String) throws {
            for text in texts {
                for offset in [0, 20] {
                    let request = SearchRequest(query: try SearchQuery.parse(text), offset: offset, limit: 20)
                    try assertMatchesFTS5(try small.search(request), query: request.query, text: "\(step): \(text) at \(offset)",
                                          topic: nil, offset: offset, limit: 20, tolerance: 1e-3)
                }
            }
        }
        try searchAll("first")
        let first = small.searchCache.statistics
        XCTAssertEqual(first.postingBytes, 0, "no phrase's rows fit")
        try searchAll("again")
        let again = small.searchCache.statistics
        XCTAssertEqual(again.summaryAnswers - first.summaryAnswers, texts.count * 2, "every repeated one-phrase search")
        XCTAssertEqual(again.misses, first.misses, "and none read its rows again")

        let sheetHit = try XCTUnwrap(try small.search(SearchRequest(query: try SearchQuery.parse("sheet"), limit: 1)).hits.first)
        try store.write { try $0.database.run("DELETE FROM topics WHERE slug = ?", [.text(sheetHit.topic)]) }
        try searchAll("after a commit")
        XCTAssertGreaterThan(small.searchCache.statistics.misses, again.misses, "the rows were read again for the new generation")
    }

    func testACommitIsSeenByTheNextSearch() throws {
        let query = try SearchQuery.parse("sheet")
        let before = try store.search(SearchRequest(query: query, limit: 5))
        XCTAssertGreaterThan(before.total, 0)
        // Delete a topic holding matches (the delete triggers bump the generation), then search again.
        let slug = try XCTUnwrap(before.hits.first?.topic)
        try store.write { try $0.database.run("DELETE FROM topics WHERE slug = ?", [.text(slug)]) }
        let after = try store.search(SearchRequest(query: query, limit: 5))
        XCTAssertLessThan(after.total, before.total)
        XCTAssertFalse(after.hits.contains { $0.topic == slug })
        XCTAssertEqual(after.total, try fts5Count("(\"sheet\")", topic: nil))
    }

    /// Small commits of every kind (a text edited, a guideline created, translated, moved and deleted, a topic
    /// created and deleted again) patch the kept directory and phrases instead of reloading them, and
    /// every search after each commit is still FTS5's: the same page, total and facets, and scores
    /// within 0.1% (the average row length of the directory's load is kept while patching).
    func testSmallCommitsPatchTheCacheAndSearchesStayFTS5s() throws {
        let patchedStore = try Store(path: directory + "/kb.sqlite", migrations: try Migration.load(from: PackagePaths.migrations))
        let requests = try Self.queries.flatMap { text in try
            [(0, nil), (60, nil), (0, "popovers")].map { (offset, topic) in
                (text, SearchRequest(query: try SearchQuery.parse(text), topic: topic, offset: offset, limit: 20))
            }
        }
        func searchAll(_ step: String) throws {
            for (text, request) in requests {
                try assertMatchesFTS5(try patchedStore.search(request), query: request.query, text: "\(step): \(text)",
                                      topic: request.topic, offset: request.offset, limit: 20, tolerance: 1e-3)
            }
        }
        try searchAll("before")
        let warmed = patchedStore.searchCache.statistics
        XCTAssertEqual(warmed.directoryLoads, 1)

        let bundle = try store.read { try BundleExporter(reader: $0).export() }
        func topic(_ slug: String) throws -> BundleTopic { try XCTUnwrap(bundle.topics.first { $0.slug == slug }) }
        let sheets = try topic("sheets"), popovers = try topic("popovers")
        let commits: [(String, (KnowledgeEditor) throws -> Void)] = [
            ("edit", { editor in
                _ = try editor.replaceGuideline(id: sheets.sections[0].guidelines[0].id,
                                                GuidelineDraft(topic: "sheets", section: sheets.sections[0].key,
                                                               text: "A sheet over a popover shows progress; 시트를 사용해 진행률 표시기를 보여 주세요."),
                                                precondition: .none)
            }),
            ("create", { editor in
                _ = try editor.createGuideline(GuidelineDraft(id: "patched-sheet-content", topic: "popovers", section: popovers.sections[0].key,
                                                              text: "Keep the content of a sheet short, like people app menus."))
            }),
            ("translate", { editor in
                // Words that one-syllable queries (앱) find by prefix, so their patch is exercised.
                _ = try editor.putGuidelineTranslation(id: "patched-sheet-content", locale: "ko",
                                                       text: "앱의 시트 콘텐츠는 짧게 유지하세요. 앱이 앱을 열면 앱 메뉴가 보입니다.", precondition: .none)
            }),
            ("move", { editor in
                let moved = sheets.sections[0].guidelines[1]
                _ = try editor.replaceGuideline(id: moved.id, GuidelineDraft(topic: "popovers", section: popovers.sections[0].key,
                                                                             text: moved.text["en"]), precondition: .none)
            }),
            ("delete", { editor in try editor.deleteGuideline(id: sheets.sections[0].guidelines[2].id, precondition: .none) }),
            ("new topic", { editor in
                _ = try editor.createTopic(TopicDraft(slug: "patched-sheets", category: sheets.category, title: "Sheet patches",
                                                      summary: "Sheets, popovers and progress in one place."))
                _ = try editor.createSection(topic: "patched-sheets", SectionDraft(key: "basics", title: "Sheet basics"))
                _ = try editor.createGuideline(GuidelineDraft(id: "patched-topic-sheet", topic: "patched-sheets", section: "basics",
                                                              text: "A sheet in a new topic is found at once."))
            }),
            ("delete topic", { editor in try editor.deleteTopic(slug: "patched-sheets", precondition: .none) }),
        ]
        for (index, (step, commit)) in commits.enumerated() {
            try store.write { try commit($0.editor) }
            try searchAll(step)
            let statistics = patchedStore.searchCache.statistics
            XCTAssertEqual(statistics.directoryLoads, 1, "\(step): the directory is patched, not loaded again")
            XCTAssertEqual(statistics.directoryPatches, index + 1, step)
            XCTAssertGreaterThan(statistics.postingPatches, 0, step)
        }
        // Nothing kept is lost to patching: a repeated search finds its phrases current.
        let before = patchedStore.searchCache.statistics
        _ = try patchedStore.search(requests[0].1)
        XCTAssertEqual(patchedStore.searchCache.statistics.postingPatches, before.postingPatches)
        XCTAssertEqual(patchedStore.searchCache.statistics.misses, before.misses)
    }

    /// Queries whose words never meet: the page, scores, total and facets of the shorter query
    /// found by dropping words are FTS5's for that shorter query's expression.
    func testRelaxedSearchesAreFTS5sForTheShorterQuery() throws {
        for (text, dropped) in [("context menu zqxjkvw sheet", ["zqxjkvw", "sheet"]), ("시트 팝오버 zqxjkvw", ["zqxjkvw"]), ("사이드바 진행률을 블러", ["블러"]),
                                ("\"dark mode\" sidebar popover zqxjkvw", ["sidebar", "popover", "zqxjkvw"]),
                                ("사이드바를 zqxjkvw -블러", ["zqxjkvw"]), ("prog* 팝오버 OR 모달 vibrancy", ["vibrancy"])] {
            let query = try SearchQuery.parse(text)
            XCTAssertEqual(try fts5Count(expression(query.condition, query.phrases), topic: nil), 0, "\(text) matches nothing as written")
            for offset in [0, 20] {
                let page = try store.search(SearchRequest(query: query, offset: offset, limit: 20), correcting: false, relaxing: true)
                XCTAssertEqual(page.dropped.map(\.text), dropped, text)
                XCTAssertEqual(page.searched.terms.count + dropped.count, query.terms.count, text)
                XCTAssertGreaterThan(page.results.total, 0, text)
                try assertMatchesFTS5(page.results, query: page.searched, text: text, topic: nil, offset: offset, limit: 20)
            }
        }
    }

    // MARK: - The reference: FTS5 evaluating the same condition as one expression

    private func expression(_ condition: SearchCondition, _ phrases: [String]) -> String {
        switch condition {
        case .phrase(let index): return "(\(phrases[index]))"
        case .all(let conditions): return "(" + conditions.map { expression($0, phrases) }.joined(separator: " AND ") + ")"
        case .any(let conditions): return "(" + conditions.map { expression($0, phrases) }.joined(separator: " OR ") + ")"
        case .excluding(let kept, let excluded): return "(\(expression(kept, phrases)) NOT \(expression(excluded, phrases)))"
        }
    }

    /// The slug of the topic of a search row (rowid = id * 4 + kind), from the record tables: the
    /// index keeps no copy of it.
    static let topicOfRow = """
        (SELECT slug FROM topics WHERE id = CASE search_index.rowid % 4 WHEN 0 THEN search_index.rowid / 4
            WHEN 1 THEN (SELECT topic_id FROM sections WHERE id = search_index.rowid / 4) ELSE (SELECT topic_id FROM guidelines WHERE id = search_index.rowid / 4) END)
        """
    /// What a search hit names the record of a search row: a topic's slug, topic#section, a guideline's key.
    static let refOfRow = """
        (CASE search_index.rowid % 4 WHEN 0 THEN (SELECT slug FROM topics WHERE id = search_index.rowid / 4)
            WHEN 1 THEN (SELECT t.slug || '#' || s.key FROM sections s JOIN topics t ON t.id = s.topic_id WHERE s.id = search_index.rowid / 4)
            ELSE (SELECT key FROM guidelines WHERE id = search_index.rowid / 4) END)
        """

    private func fts5Count(_ match: String, topic: String?) throws -> Int {
        try store.read { reader in
            try reader.database.scalarInt("SELECT count(*) FROM search_index WHERE search_index MATCH ?1 AND (?2 IS NULL OR \(Self.topicOfRow) = ?2)",
                                          [.text(match), topic.map { .text($0) } ?? .null]) ?? -1
        }
    }

    private func assertMatchesFTS5(_ results: SearchResults, query: SearchQuery, text: String, topic: String?, offset: Int, limit: Int,
                                   tolerance: Double = 1e-5) throws {
        let match = expression(query.condition, query.phrases)
        let topicValue: SQLValue = topic.map { .text($0) } ?? .null
        let (reference, facets) = try store.read { reader -> ([(ref: String, score: Double)], [String: Int]) in
            let page = try reader.database.rows("""
                SELECT \(Self.refOfRow), -rank FROM search_index WHERE search_index MATCH ?1 AND (?2 IS NULL OR \(Self.topicOfRow) = ?2)
                ORDER BY rank, rowid LIMIT \(limit) OFFSET \(offset)
                """, [.text(match), topicValue]) { (ref: $0.text(0), score: $0.double(1)) }
            var facets: [String: Int] = [:]
            try reader.database.forEachRow("""
                SELECT \(Self.topicOfRow) AS topic, count(*) FROM search_index WHERE search_index MATCH ?1 AND (?2 IS NULL OR \(Self.topicOfRow) = ?2) GROUP BY 1
                """, [.text(match), topicValue]) { facets[$0.text(0)] = $0.int(1) }
            return (page, facets)
        }
        let label = "\(text) offset \(offset) topic \(topic ?? "-")"
        XCTAssertEqual(results.total, try fts5Count(match, topic: topic), label)
        let expectedFacets = facets.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(SearchEngine.topicFacetLimit)
        XCTAssertEqual(results.topicFacets.map(\.slug), expectedFacets.map(\.key), label)
        XCTAssertEqual(results.topicFacets.map(\.count), expectedFacets.map(\.value), label)
        XCTAssertEqual(results.topicsMatched, facets.count, label)
        XCTAssertTrue(results.facetsAreExact)
        XCTAssertEqual(results.hits.count, reference.count, label)
        for (position, (hit, expected)) in zip(results.hits, reference).enumerated() {
            // Weights are kept as 32-bit floats: scores agree to about 1e-7, relative.
            XCTAssertEqual(hit.score, expected.score, accuracy: max(1e-9, abs(expected.score) * tolerance), "\(label) #\(position)")
            // Rows whose scores differ only by that rounding may trade places; any other order (equal
            // scores included: both sides then order by rowid) must be FTS5's.
            let nearlyTied = reference.contains {
                $0.ref != expected.ref && $0.score != expected.score && abs($0.score - expected.score) <= abs(expected.score) * tolerance
            }
            if !nearlyTied {
                XCTAssertEqual(hit.ref, expected.ref, "\(label) #\(position)")
            }
        }
    }
}
