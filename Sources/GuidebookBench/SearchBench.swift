import Foundation
import GuidebookCore

/// `guidebook-bench search`: the engine limit of search, without HTTP or JSON.
///
/// Opens the database through the same `Store` the server uses (its reader pool: the server's
/// connection settings and one read transaction per search; `--migrations` must name the folder
/// the database was made with — nothing is written), and runs `SearchQuery.parse` +
/// `SearchEngine.search` (limit 10) for the queries of FILE (one a
/// line) on N threads for S seconds. Default: every thread rotates through all queries (the same
/// mix the HTTP benchmark sends). `--each`: the queries one after another, S/queries seconds each
/// (per-query latency without the other queries in flight).
///
/// Output, tab-separated: one `query` line per query (count, p50 ms, p99 ms, total hits) and one
/// `all` line (threads, seconds, count, queries/s, p50 ms, p99 ms, CPU ms per query — the process's
/// user + system time over the timed part divided by the queries run, which a busy machine
/// disturbs less than wall-clock latency). `--search-cache auto|MB` sizes the store's search cache as
/// the server's option does (auto by default; 0: every search reads its phrases from FTS5).
struct SearchBench {
    let arguments: Arguments

    /// Samples of one thread, per query index.
    private final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var perQuery: [[LatencyStats]] = []
        private(set) var failures: [String] = []

        func add(_ stats: [LatencyStats]) { lock.withLock { perQuery.append(stats) } }
        func fail(_ message: String) { lock.withLock { failures.append(message) } }
    }

    func run() throws -> Int32 {
        let path = try arguments.string("--db")
        let queries = try String(contentsOfFile: try arguments.string("--queries"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let threads = try arguments.int("--threads", default: 1)
        let seconds = try arguments.double("--seconds", default: 10)
        let each = arguments.flag("--each")
        let asAPI = arguments.flag("--as-api")
        guard !queries.isEmpty else { throw BenchError("--queries file has no queries") }
        guard threads >= 1, seconds > 0 else { throw BenchError("--threads must be >= 1 and --seconds > 0") }
        guard FileManager.default.fileExists(atPath: path) else { throw BenchError("no database at \(path)") }
        let sizing = try arguments.searchCacheSizing()
        let store = try Store(path: path, migrations: Migration.load(from: arguments.optionalString("--migrations") ?? "Migrations"), maxReaders: threads,
                              searchCacheSizing: sizing)
        try store.fitSearchCacheToIndex()

        // Totals and a warm page cache: every query once, untimed.
        var totals: [Int] = []
        for query in queries { totals.append(try store.search(try Self.request(query, asAPI: asAPI)).total) }

        let collector = Collector()
        let cpuStarted = LatencyStats.cpuSeconds()
        let started = LatencyStats.now()
        if each {
            let slice = seconds / Double(queries.count)
            var merged = Array(repeating: LatencyStats(), count: queries.count)
            for index in queries.indices {
                let part = Collector()
                Self.runThreads(store: store, queries: queries, asAPI: asAPI, threads: threads, seconds: slice, only: index, into: part)
                for failure in part.failures { collector.fail(failure) }
                merged[index] = LatencyStats(merging: part.perQuery.map { $0[index] })
            }
            collector.add(merged)
        } else {
            Self.runThreads(store: store, queries: queries, asAPI: asAPI, threads: threads, seconds: seconds, only: nil, into: collector)
        }
        let elapsed = Double(LatencyStats.now() - started) / 1e9
        let cpu = LatencyStats.cpuSeconds() - cpuStarted
        if let failure = collector.failures.first { throw BenchError("search failed: \(failure)") }

        var all = LatencyStats()
        for (index, query) in queries.enumerated() {
            var stats = LatencyStats(merging: collector.perQuery.map { $0[index] })
            print(["query", query, String(stats.count), formatMs(stats.percentileMs(50)), formatMs(stats.percentileMs(99)), String(totals[index])].joined(separator: "\t"))
            all = LatencyStats(merging: [all, stats])
        }
        print(["all", String(threads), String(format: "%.2f", elapsed), String(all.count), String(format: "%.1f", Double(all.count) / elapsed),
               formatMs(all.percentileMs(50)), formatMs(all.percentileMs(99)),
               String(format: "%.3f", all.count > 0 ? cpu * 1000 / Double(all.count) : 0)].joined(separator: "\t"))
        return 0
    }

    /// Runs `threads` threads for `seconds` (each borrows a reader from the store's pool per search,
    /// as the server's request handlers do), rotating through the queries (from a different start
    /// each) or running only query `only`.
    /// The request for `query`: as the API makes it with `asAPI`, else every word as written.
    private static func request(_ query: String, asAPI: Bool) throws -> SearchRequest {
        var request = SearchRequest(query: try SearchQuery.parse(query), limit: 10)
        request.completes = asAPI
        request.correctsTypos = asAPI
        return request
    }

    private static func runThreads(store: Store, queries: [String], asAPI: Bool, threads: Int, seconds: Double, only: Int?, into collector: Collector) {
        let group = DispatchGroup()
        let deadline = LatencyStats.now() + UInt64(seconds * 1e9)
        for threadIndex in 0..<threads {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    var stats = Array(repeating: LatencyStats(), count: queries.count)
                    var next = (threadIndex * queries.count) / threads
                    while LatencyStats.now() < deadline {
                        let index = only ?? next
                        next = (next + 1) % queries.count
                        let t0 = LatencyStats.now()
                        let results = try store.search(try request(queries[index], asAPI: asAPI))
                        let t1 = LatencyStats.now()
                        guard results.total >= 0 else { continue }
                        stats[index].add(t1 - t0)
                    }
                    collector.add(stats)
                } catch {
                    collector.fail("\(error)")
                    collector.add(Array(repeating: LatencyStats(), count: queries.count))
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
    }
}
