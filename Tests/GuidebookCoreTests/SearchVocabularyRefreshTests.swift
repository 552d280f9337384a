@testable import GuidebookCore
import XCTest

/// The vocabulary completions come from is kept across small commits for a while
/// (`SearchCache.vocabularyRefresh`): reading it is one scan of every word's rows, which the first
/// keystroke after every edit would otherwise pay.
final class SearchVocabularyRefreshTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-vocabulary-refresh" }

    private func write(_ store: Store, _ texts: [String]) throws {
        try store.write { writer in
            try writer.upsertCategory(BundleCategory(slug: "test", title: ["en": "Test"]))
            _ = try writer.upsertTopic(BundleTopic(slug: "words", category: "test", title: ["en": "Words"], summary: [:], sections: [
                BundleSection(key: "one", title: [:], guidelines: texts.enumerated().map { BundleGuideline(id: "words.g\($0.offset)", text: ["en": $0.element]) }),
            ]), mode: .replace)
        }
    }

    private func completion(_ store: Store, _ cache: SearchCache, _ typed: String) throws -> (forms: [String], total: Int) {
        var request = SearchRequest(query: try SearchQuery.parse(typed))
        request.completes = true
        let results = try store.read { try $0.search(request, cache: cache) }
        return (results.completion?.forms ?? [], results.total)
    }

    func testASmallCommitKeepsTheVocabularyUntilItIsRefreshed() throws {
        let store = try Store(path: directory.file("kb.sqlite"), migrations: migrations)
        try write(store, ["Zorbulate the gauge.", "Zorbulate it twice."])
        let kept = SearchCache(sizing: .fixed(bytes: 1 << 20), latestGeneration: nil, vocabularyRefresh: .seconds(3600))
        let fresh = SearchCache(sizing: .fixed(bytes: 1 << 20), latestGeneration: nil, vocabularyRefresh: .zero)
        XCTAssertEqual(try completion(store, kept, "zorb").forms, ["zorbulate"])
        XCTAssertEqual(try completion(store, fresh, "zorb").forms, ["zorbulate"])

        // A small commit adds a word: the kept vocabulary does not offer it yet, but the search reads the index as it is.
        try write(store, ["Zorbulate the gauge.", "Zorbulate it twice.", "Zorbify the menu.", "Zorbify it.", "Zorbify again."])
        let stale = try completion(store, kept, "zorb")
        XCTAssertEqual(stale.forms, ["zorbulate"], "read before the commit")
        XCTAssertEqual(stale.total, 2)
        XCTAssertEqual(try completion(store, kept, "zorbify").total, 3, "the word as written is found at once")
        XCTAssertEqual(try completion(store, fresh, "zorb").forms, ["zorbify"], "read again: the new word, the more frequent now")
    }
}
