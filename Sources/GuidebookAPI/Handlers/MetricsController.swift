import Foundation
import GuidebookCore
import GuidebookJobs

/// `GET /metrics` in the Prometheus text exposition format (version 0.0.4).
struct MetricsController: Controller {
    let metrics: Metrics
    let store: Store
    let runner: JobRunner

    func register(into router: inout Router<RouteHandler>) {
        // Open whatever the settings: counts only, never a secret or the knowledge base's text
        // (keep it off the public internet at the proxy, as usual for /metrics).
        router.add("GET", "/metrics", render, options: [.open])
    }

    private func render(_ request: APIRequest) throws -> APIResponse {
        let snapshot = metrics.snapshot()
        var text = ""
        func header(_ name: String, _ type: String, _ help: String) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        /// A metric of one series: its header and its value.
        func single(_ name: String, _ type: String, _ help: String, _ value: CustomStringConvertible) {
            header(name, type, help)
            text += "\(name) \(value)\n"
        }
        header("guidebook_http_requests_total", "counter", "HTTP requests answered, by method, route template and status.")
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            text += "guidebook_http_requests_total{method=\"\(escape(key.method))\",route=\"\(escape(key.route))\",status=\"\(key.status)\"} \(count)\n"
        }
        header("guidebook_http_request_duration_seconds", "histogram", "Time to answer a request (handler time, without network transfer).")
        var cumulative = 0
        for (index, bound) in Metrics.latencyBounds.enumerated() {
            cumulative += snapshot.latencyBuckets[index]
            text += "guidebook_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += "guidebook_http_request_duration_seconds_bucket{le=\"+Inf\"} \(snapshot.latencyCount)\n"
        text += "guidebook_http_request_duration_seconds_sum \(snapshot.latencySum)\n"
        text += "guidebook_http_request_duration_seconds_count \(snapshot.latencyCount)\n"
        single("guidebook_http_requests_in_flight", "gauge", "Requests being answered right now.", snapshot.inFlight)

        header("guidebook_jobs", "gauge", "Jobs by status.")
        let counts = (try? runner.countsByStatus()) ?? [:]
        for status in ["queued", "running", "succeeded", "failed", "canceled"] {
            text += "guidebook_jobs{status=\"\(status)\"} \(counts[status] ?? 0)\n"
        }
        single("guidebook_import_guidelines_total", "counter", "Guidelines written by successful imports.", snapshot.importedGuidelines)
        single("guidebook_import_seconds_total", "counter", "Time spent in successful imports.", snapshot.importSeconds)
        single("guidebook_import_guidelines_per_second", "gauge", "Average import rate over all successful imports.",
               snapshot.importSeconds > 0 ? Double(snapshot.importedGuidelines) / snapshot.importSeconds : 0)

        single("guidebook_database_size_bytes", "gauge", "Size of the database file and its write-ahead log.",
               fileSize(store.path) + fileSize(store.path + "-wal"))
        if let replica = store.replicaStatus {
            // NaN while the file holds no heartbeat of the primary's (its lag cannot be told).
            single("guidebook_replica_lag_seconds", "gauge", "How far this read replica is behind the primary: the age of the primary's last heartbeat in the replicated file.",
                   replica.lagSeconds().map { String($0) } ?? "NaN")
            single("guidebook_replica_last_txid", "gauge", "The last Litestream transaction id the follower applied to the replicated file (0: none seen yet).",
                   replica.lastTXID ?? 0)
        }
        single("guidebook_search_queries_total", "counter", "Searches answered.", snapshot.searches)
        single("guidebook_search_zero_results_total", "counter", "Searches that found nothing.", snapshot.zeroResultSearches)
        single("guidebook_search_zero_result_ratio", "gauge", "Share of searches that found nothing.",
               snapshot.searches > 0 ? Double(snapshot.zeroResultSearches) / Double(snapshot.searches) : 0)
        header("guidebook_auth_failures_total", "counter", "Requests refused for their token, by reason: missing, malformed, unknown (or revoked), forbidden (a lesser role).")
        for reason in ["missing", "malformed", "unknown", "forbidden"] {
            text += "guidebook_auth_failures_total{reason=\"\(reason)\"} \(snapshot.authFailures[reason] ?? 0)\n"
        }
        single("guidebook_auth_delayed_total", "counter", "Refusals of wrong tokens made to wait (a client over the limit of wrong tokens a minute).",
               snapshot.authDelayed)
        single("guidebook_auth_delay_seconds_total", "counter", "Time refusals of wrong tokens were made to wait, in all.", snapshot.authDelaySeconds)
        header("guidebook_publish_git_total", "counter", "Runs of the server's Git publisher (--publish-git), by result: published (a commit pushed), unchanged (nothing to commit), failed (retried later).")
        for result in ["published", "unchanged", "failed"] {
            text += "guidebook_publish_git_total{result=\"\(result)\"} \(snapshot.gitPublishes[result] ?? 0)\n"
        }
        single("guidebook_search_relaxed_total", "counter", "Searches that found nothing with all their words and answered with words dropped from the end.",
               snapshot.relaxedSearches)
        let cache = store.searchCache.statistics
        single("guidebook_search_cache_bytes", "gauge", "Memory held by searched phrases' rows and the row directory (--search-cache).",
               cache.heldBytes)
        single("guidebook_search_cache_capacity_bytes", "gauge", "Most memory the search cache gives phrases' rows (--search-cache; auto follows the index).",
               cache.capacityBytes)
        single("guidebook_search_cache_hits_total", "counter", "Searched phrases whose rows (or, for a one-phrase search, its summary) were in the search cache.", cache.hits)
        single("guidebook_search_cache_summary_answers_total", "counter", "One-phrase searches answered from the phrase's kept summary without its rows.",
               cache.summaryAnswers)
        single("guidebook_search_cache_misses_total", "counter", "Searched phrases whose rows were read from the index.", cache.misses)
        single("guidebook_search_cache_hit_ratio", "gauge", "Share of searched phrases found in the search cache.", cache.hitRatio)
        single("guidebook_search_cache_evictions_total", "counter", "Phrases' rows dropped from the search cache to make room.", cache.evictions)
        single("guidebook_search_cache_directory_loads_total", "counter", "Times the search row directory was read in full (first search, bulk changes).",
               cache.directoryLoads)
        single("guidebook_search_cache_directory_patches_total", "counter", "Times the search row directory caught up with a small commit by its changed rows.",
               cache.directoryPatches)
        single("guidebook_search_cache_phrase_patches_total", "counter", "Times a kept phrase's rows caught up with a commit by its changed rows.",
               cache.postingPatches)
        single("guidebook_search_cache_rewinds_total", "counter", "Times the search cache started over from an older index than its own (the database went back).",
               cache.rewinds)

        var response = APIResponse.bytes(Array(text.utf8), contentType: MediaType.prometheusText.contentType)
        response.isCacheable = false
        return response
    }

    private func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
