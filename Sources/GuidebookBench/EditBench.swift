import Foundation
import GuidebookCore

/// `guidebook-bench edit`: what an edit costs on a large knowledge base, without HTTP.
///
/// WRITES to the database (use a copy): first `--edits N` guideline edits one after another
/// (the English text of a random guideline changes: one `Store.write` transaction with the
/// editor, the search index and the change log), timing each commit; then, for `--seconds S`,
/// one thread searching the queries of FILE in a loop, first with no edits (the reference), then
/// while another thread makes `--rate R` edits a second, timing every search and separately the
/// first search after each edit (the one that finds the search index changed). The search cache
/// is sized as the server sizes it (`--search-cache auto|MB`, default auto).
///
/// Output, tab-separated: `commit` (edits, p50 ms, p99 ms, max ms), `search-without-edits`
/// (searches, p50 ms, p99 ms), `search-while-editing` (searches, p50 ms, p99 ms, edits made),
/// `first-search-after-edit` (count, p50 ms, p99 ms), `search-cache` (directory loads, directory
/// patches, phrase patches, during the searches).
struct EditBench {
    let arguments: Arguments

    /// Edits guidelines in turn (one thread at a time).
    private final class Editor: @unchecked Sendable {
        let store: Store
        let ids: [String]
        private var counter = 0

        init(store: Store, ids: [String]) {
            (self.store, self.ids) = (store, ids)
        }

        /// One edit of the next guideline's English text; its commit time in nanoseconds.
        func edit() throws -> UInt64 {
            counter += 1
            let id = ids[counter % ids.count]
            let mark = counter
            let t0 = LatencyStats.now()
            try store.write { writer in
                guard let current = try writer.reader.guideline(id: id) else { throw BenchError("guideline \(id) vanished") }
                try writer.editor.replaceGuideline(id: id, GuidelineDraft(topic: current.topic, section: current.section,
                                                                          text: "Edited \(mark): " + (current.text[SourceLocale.code] ?? "")),
                                                   precondition: .none)
            }
            return LatencyStats.now() - t0
        }
    }

    private final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var editedAt: UInt64 = 0
        var edits = 0
        var failure: String?
    }

    func run() throws -> Int32 {
        let path = try arguments.string("--db")
        guard FileManager.default.fileExists(atPath: path) else { throw BenchError("no database at \(path)") }
        let queries = try String(contentsOfFile: try arguments.string("--queries"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !queries.isEmpty else { throw BenchError("--queries file has no queries") }
        let edits = try arguments.int("--edits", default: 200)
        let seconds = try arguments.double("--seconds", default: 10)
        let rate = try arguments.double("--rate", default: 10)
        let store = try Store(path: path, migrations: Migration.load(from: arguments.optionalString("--migrations") ?? "Migrations"), maxReaders: 2,
                              searchCacheSizing: try arguments.searchCacheSizing())
        try store.fitSearchCacheToIndex()
        let ids = try store.read { reader in
            try reader.guidelines(topic: nil, after: nil, limit: 100).items.map(\.id)
                + (0..<20).flatMap { page in try reader.guidelines(topic: nil, after: [Int64(page * 5_000)], limit: 50).items.map(\.id) }
        }
        guard !ids.isEmpty else { throw BenchError("the database holds no guidelines") }
        let editor = Editor(store: store, ids: ids)

        // Sequential commits.
        var commits = LatencyStats()
        for _ in 0..<edits { commits.add(try editor.edit()) }
        print(["commit", String(commits.count), formatMs(commits.percentileMs(50)), formatMs(commits.percentileMs(99)),
               formatMs(commits.percentileMs(100))].joined(separator: "\t"))

        // Searches without edits, then while edits go on.
        for query in queries { _ = try store.search(SearchRequest(query: try SearchQuery.parse(query), limit: 10)) }
        let before = store.searchCache.statistics
        var idle = LatencyStats()
        let idleDeadline = LatencyStats.now() + UInt64(seconds * 1e9)
        var idleIndex = 0
        while LatencyStats.now() < idleDeadline {
            let t0 = LatencyStats.now()
            _ = try store.search(SearchRequest(query: try SearchQuery.parse(queries[idleIndex % queries.count]), limit: 10))
            idle.add(LatencyStats.now() - t0)
            idleIndex += 1
        }
        print(["search-without-edits", String(idle.count), formatMs(idle.percentileMs(50)), formatMs(idle.percentileMs(99))].joined(separator: "\t"))
        let shared = Shared()
        let deadline = LatencyStats.now() + UInt64(seconds * 1e9)
        let editing = Thread {
            let interval = UInt64(1e9 / rate)
            var next = LatencyStats.now()
            while LatencyStats.now() < deadline {
                do {
                    _ = try editor.edit()
                } catch {
                    shared.lock.withLock { shared.failure = "\(error)" }
                    return
                }
                shared.lock.withLock {
                    shared.editedAt = LatencyStats.now()
                    shared.edits += 1
                }
                next += interval
                let now = LatencyStats.now()
                if next > now { usleep(UInt32((next - now) / 1000)) }
            }
        }
        editing.start()
        var searches = LatencyStats()
        var firstAfterEdit = LatencyStats()
        var lastSeenEdit: UInt64 = 0
        var index = 0
        while LatencyStats.now() < deadline {
            let editedAt = shared.lock.withLock { shared.editedAt }
            let t0 = LatencyStats.now()
            _ = try store.search(SearchRequest(query: try SearchQuery.parse(queries[index % queries.count]), limit: 10))
            let elapsed = LatencyStats.now() - t0
            index += 1
            searches.add(elapsed)
            if editedAt != lastSeenEdit {
                firstAfterEdit.add(elapsed)
                lastSeenEdit = editedAt
            }
        }
        while !editing.isFinished { usleep(10_000) }
        if let failure = shared.lock.withLock({ shared.failure }) { throw BenchError("edit failed: \(failure)") }
        print(["search-while-editing", String(searches.count), formatMs(searches.percentileMs(50)), formatMs(searches.percentileMs(99)),
               String(shared.lock.withLock { shared.edits })].joined(separator: "\t"))
        print(["first-search-after-edit", String(firstAfterEdit.count), formatMs(firstAfterEdit.percentileMs(50)),
               formatMs(firstAfterEdit.percentileMs(99))].joined(separator: "\t"))
        let after = store.searchCache.statistics
        print(["search-cache", String(after.directoryLoads - before.directoryLoads), String(after.directoryPatches - before.directoryPatches),
               String(after.postingPatches - before.postingPatches)].joined(separator: "\t"))
        return 0
    }
}
