import Foundation
import GuidebookCore

/// `guidebook-bench webhook-fanout`: what raising an event costs the write that causes it.
///
/// On a fresh database (not timed: migrations, `--endpoints` webhooks subscribed to
/// content.changed), it times `--runs` small write transactions of each kind, alternating so both
/// see the same machine: a category title update alone, and the same update plus
/// `enqueueWebhookEvent(.contentChanged, ...)`, which writes one event and one delivery per
/// endpoint. The difference is what fan-out adds to the request (delivery itself runs on the
/// sender's threads, never on the request's).
///
/// Output, tab-separated: `webhook-fanout`, endpoints, runs, then p50 and p99 (ms) without the
/// event, with it, and the p50 difference in ms.
struct WebhookFanoutBench {
    let arguments: Arguments

    func run() throws -> Int32 {
        let path = try arguments.string("--db")
        let migrations = try Migration.load(from: try arguments.string("--migrations"))
        let endpoints = try arguments.int("--endpoints", default: 10)
        let runs = try arguments.int("--runs", default: 2_000)
        guard !FileManager.default.fileExists(atPath: path) else { throw BenchError("\(path) exists; webhook-fanout wants a fresh database") }
        let store = try Store(path: path, migrations: migrations, maxReaders: 1)
        try store.write { writer in
            try writer.upsertLocale(BundleLocale(code: "en", name: "English"))
        }
        for index in 0..<endpoints {
            _ = try store.createWebhook(url: "https://93.184.216.34/hook/\(index)", description: "bench", events: [.contentChanged],
                                        secret: "whsec_" + Data(repeating: UInt8(index), count: 32).base64EncodedString())
        }
        var plain = LatencyStats()
        var withEvent = LatencyStats()
        for run in 0..<(runs * 2) {
            let category = BundleCategory(slug: "bench", title: ["en": "Bench \(run)"])
            let raise = run % 2 == 1
            let started = LatencyStats.now()
            try store.write { writer in
                try writer.upsertCategory(category)
                if raise { try writer.enqueueWebhookEvent(.contentChanged, data: ["resources": ["/v1/categories/bench"]]) }
            }
            let elapsed = LatencyStats.now() - started
            if raise { withEvent.add(elapsed) } else { plain.add(elapsed) }
        }
        let basis = plain.percentileMs(50) ?? 0
        let fanned = withEvent.percentileMs(50) ?? 0
        print(["webhook-fanout", String(endpoints), String(runs), formatMs(basis), formatMs(plain.percentileMs(99)),
               formatMs(fanned), formatMs(withEvent.percentileMs(99)), String(format: "%.3f", fanned - basis)].joined(separator: "\t"))
        return 0
    }
}
