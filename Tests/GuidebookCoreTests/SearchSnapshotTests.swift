import Foundation
@testable import GuidebookCore
import GuidebookImport
import XCTest

/// Searches on many threads while commits move guidelines between topics, create topics, move
/// topics to other categories and delete them (so topic numbers, slugs and categories change under
/// the searches). Every answer from the shared, patched search cache must be the one a fresh engine
/// (an empty cache, so the directory and every phrase read from scratch) gives in the same read
/// transaction: the same matches with the same topic and category each, the same total and the same
/// facets. This is the effect a search reading a directory that a patch writes in place would get
/// wrong (issue 30; docs/architecture-search.md).
final class SearchSnapshotTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-snapshot" }

    private static let queries = ["sheet", "popover", "content", "시트", "sheet OR popover", "app", "people app", "진행률 표시기", "snapshot"]
    private static let limit = 2_000

    private final class Outcome: @unchecked Sendable {
        let lock = NSLock()
        var failures: [String] = []
        var checks = 0
        var editing = true
        var editError: String?
    }

    func testEverySearchWhileTopicsChangeIsWhatAFreshEngineFinds() throws {
        let store = try Store(path: directory.path + "/kb.sqlite", migrations: migrations, maxReaders: 6)
        try GeneratedBase.fill(store, guidelines: 1_000, folder: directory.path)

        let bundle = try store.read { try BundleExporter(reader: $0).export() }
        let categories = Array(Set(bundle.topics.map(\.category))).sorted()
        XCTAssertGreaterThan(categories.count, 1)
        // Guidelines that the queries find, to be moved around.
        let movable = bundle.topics.flatMap { topic in
            topic.sections.flatMap { section in section.guidelines.map { (id: $0.id, text: $0.text) } }
        }.filter { ($0.text["en"] ?? "").localizedCaseInsensitiveContains("sheet") || ($0.text["en"] ?? "").localizedCaseInsensitiveContains("content") }
        XCTAssertGreaterThan(movable.count, 20)

        var requests: [SearchRequest] = []
        for text in Self.queries {
            let query = try SearchQuery.parse(text)
            requests.append(SearchRequest(query: query, limit: Self.limit))
            requests.append(SearchRequest(query: query, topic: "sheets", limit: Self.limit))
            requests.append(SearchRequest(query: query, category: categories[0], limit: Self.limit))
        }
        // Warm the shared cache, so that later searches patch it rather than load it.
        for request in requests { _ = try store.search(request) }
        let allRequests = requests

        let outcome = Outcome()
        let done = DispatchGroup()
        let searchers = 4
        for searcher in 0..<searchers {
            done.enter()
            Thread {
                defer { done.leave() }
                var index = searcher
                var checked = 0
                // Until the edits are over, and at least every request once checked.
                while outcome.lock.withLock({ outcome.editing }) || checked < allRequests.count {
                    let request = allRequests[index % allRequests.count]
                    index += 1
                    do {
                        let problem = try store.read { reader -> String? in
                            let shared = try reader.search(request, cache: store.searchCache)
                            let fresh = try reader.search(request, cache: SearchCache(capacityBytes: 0))
                            return Self.difference(shared, fresh)
                        }
                        checked += 1
                        outcome.lock.withLock {
                            outcome.checks += 1
                            if let problem { outcome.failures.append("\(request.query.text) topic=\(request.topic ?? "-") category=\(request.category ?? "-"): \(problem)") }
                        }
                    } catch {
                        outcome.lock.withLock { outcome.failures.append("\(request.query.text): \(error)") }
                    }
                }
            }.start()
        }

        // The editor: each commit is one of creating a topic (with a guideline), moving a guideline
        // into the newest topic, moving that topic to another category, and deleting the oldest.
        var created: [String] = []
        do {
            for round in 0..<48 {
                try store.write { writer in
                    let editor = writer.editor
                    switch round % 4 {
                    case 0:
                        let slug = "snapshot-\(round)"
                        try editor.createTopic(TopicDraft(slug: slug, category: categories[round % categories.count],
                                                          title: "Snapshot \(round)", summary: "Sheets and popovers moved here."))
                        _ = try editor.createSection(topic: slug, SectionDraft(key: "basics", title: "Basics"))
                        _ = try editor.createGuideline(GuidelineDraft(id: "snapshot-guideline-\(round)", topic: slug, section: "basics",
                                                                      text: "A snapshot sheet shows the content of people app popovers. 시트"))
                        created.append(slug)
                    case 1 where !created.isEmpty, 2 where !created.isEmpty:
                        for moved in [movable[(round * 7) % movable.count], movable[(round * 7 + 3) % movable.count]] {
                            guard try writer.reader.guideline(id: moved.id) != nil else { continue }
                            _ = try editor.replaceGuideline(id: moved.id, GuidelineDraft(topic: created.last!, section: "basics", text: moved.text["en"]),
                                                            precondition: .none)
                        }
                    default:
                        if round % 8 == 3, let newest = created.last {
                            _ = try editor.replaceTopic(slug: newest, TopicDraft(category: categories[(round + 1) % categories.count],
                                                                                 title: "Snapshot moved", summary: "Sheets moved."),
                                                        precondition: .none)
                        } else if created.count > 2 {
                            try editor.deleteTopic(slug: created.removeFirst(), precondition: .none)
                        }
                    }
                }
                usleep(20_000)
            }
        } catch {
            outcome.lock.withLock { outcome.editError = "\(error)" }
        }
        outcome.lock.withLock { outcome.editing = false }
        done.wait()

        XCTAssertNil(outcome.editError)
        let statistics = store.searchCache.statistics
        XCTAssertGreaterThan(statistics.directoryPatches, 10, "the directory was patched under the searches")
        XCTAssertGreaterThan(statistics.postingPatches, 10)
        XCTAssertGreaterThanOrEqual(outcome.checks, searchers * requests.count)
        XCTAssertEqual(outcome.failures, [], "\(outcome.failures.count) of \(outcome.checks) searches differ from a fresh engine's")
    }

    /// What differs between `shared` and `fresh` (scores aside: a patched directory keeps its
    /// load's average row length, within 0.1%), nil when nothing does.
    private static func difference(_ shared: SearchResults, _ fresh: SearchResults) -> String? {
        if shared.total != fresh.total { return "total \(shared.total), fresh \(fresh.total)" }
        guard shared.total <= limit else { return "more matches than the test's page holds: \(shared.total)" }
        let sharedPlaces = Dictionary(uniqueKeysWithValues: shared.hits.map { ($0.ref, "\($0.topic) / \($0.category)") })
        let freshPlaces = Dictionary(uniqueKeysWithValues: fresh.hits.map { ($0.ref, "\($0.topic) / \($0.category)") })
        if sharedPlaces != freshPlaces {
            let wrong = sharedPlaces.filter { freshPlaces[$0.key] != $0.value }.prefix(3).map { "\($0.key): \($0.value), fresh \(freshPlaces[$0.key] ?? "absent")" }
            return "hits differ: \(wrong)"
        }
        func text(_ facets: [(slug: String, count: Int)]) -> String { facets.map { "\($0.slug)=\($0.count)" }.joined(separator: ",") }
        if text(shared.topicFacets) != text(fresh.topicFacets) { return "topic facets \(text(shared.topicFacets)), fresh \(text(fresh.topicFacets))" }
        if text(shared.categoryFacets) != text(fresh.categoryFacets) {
            return "category facets \(text(shared.categoryFacets)), fresh \(text(fresh.categoryFacets))"
        }
        if shared.topicsMatched != fresh.topicsMatched { return "topics matched \(shared.topicsMatched), fresh \(fresh.topicsMatched)" }
        return nil
    }
}
