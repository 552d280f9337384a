import Foundation
import GuidebookCore
import GuidebookImport
import GuidebookTestSupport
import XCTest

/// What registers with the store sees every write, whoever wrote it: an edit, a translation and an
/// import through the API reach an observer that none of them names.
final class TransactionObserverTests: XCTestCase {
    /// Every commit it was told of, with what each was about to commit.
    private final class Recorder: TransactionObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var willCommit: [[String]] = []
        private var didCommit: [[String]] = []

        func databaseWillCommit(_ transaction: CommittingTransaction) throws {
            let seen = transaction.changes.map { "\($0.kind.rawValue) \($0.resource.rawValue) \($0.id)" }
            lock.withLock { willCommit.append(seen) }
        }

        func databaseDidCommit(_ commit: CommittedTransaction) {
            let seen = commit.changes.map { "\($0.kind.rawValue) \($0.resource.rawValue) \($0.id)" }
            lock.withLock { didCommit.append(seen) }
        }

        var committed: [[String]] { lock.withLock { didCommit } }
        var aboutToCommit: [[String]] { lock.withLock { willCommit } }
    }

    func testAnEditATranslationAndAnImportReachAnObserverNoCallerNames() throws {
        let app = try makeTestApp()
        let recorder = Recorder()
        app.store.addObserver(recorder)
        let id = "progress-indicators.prefer-progress-bars"

        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "Prefer a progress bar whenever the remaining work is known."}"#).status, 200)
        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/\(id)/translations/ko", #"{"text": "남은 작업량을 알 수 있다면 진행률 표시줄을 쓰세요."}"#).status, 200)
        let job = try app.submitJob(Array(#"{"kind":"topic","slug":"seen-topic","category":"views","title":{"en":"Seen"},"summary":{},"sections":[{"key":"s","title":{"en":"S"},"guidelines":[{"id":"seen-topic.g","text":{"en":"G."}}]}]}"#.utf8) + [0x0a],
                                    query: "format=ndjson")
        XCTAssertEqual(try app.followJob(job).last?["status"] as? String, "succeeded")
        // A refused write (a precondition that fails) commits nothing and is never announced.
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "Never."}"#, ifMatch: "\"0000000000000000\"").status, 412)

        let committed = recorder.committed.filter { !$0.isEmpty }
        XCTAssertEqual(committed.count, 3, "\(committed)")
        XCTAssertTrue(committed[0].contains("updated guideline \(id)"), "the edit: \(committed[0])")
        XCTAssertTrue(committed[1].contains("translation guideline \(id)"), "the translation: \(committed[1])")
        XCTAssertTrue(committed[2].contains("created guideline seen-topic.g"), "the import: \(committed[2])")
        XCTAssertEqual(recorder.aboutToCommit.filter { !$0.isEmpty }, committed,
                       "willCommit ran inside each transaction, after the change log was appended")

        // Removed, it is told no more.
        app.store.removeObserver(recorder)
        let seen = recorder.committed.count
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(id)", #"{"text": "Once more."}"#).status, 200)
        XCTAssertEqual(recorder.committed.count, seen)
    }

    /// The job's event stream is resumed by the job's changes: with the server's stream poll set to
    /// ten minutes, the stream still carries the import's progress and its end at once.
    func testAJobEventStreamIsResumedByTheJobsChangesNotByAPoller() throws {
        let server = try TestServer(streamPollMilliseconds: 600_000)
        addTeardownBlock { server.stop() }
        var ndjson: [UInt8] = []
        try KnowledgeGenerator(guidelineCount: 3_000).write { ndjson.append(contentsOf: $0) }
        let id = try server.submitJob(ndjson, query: "format=ndjson")
        // Parked between events, the stream would wait ten minutes for the poller: the client gives up after one.
        let response = try server.client(timeoutSeconds: 60).request("GET", "/v1/jobs/\(id)/events", headers: [TestGuidebook.adminHeader])
        XCTAssertTrue(response.text.contains("event: progress"), "progress was streamed while the job ran")
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertTrue(response.text.contains("event: done"), "the stream ends with the final state")
        XCTAssertTrue(response.text.contains("\"status\":\"succeeded\""))
    }
}
