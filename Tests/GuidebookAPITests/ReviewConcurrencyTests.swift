import Foundation
import GuidebookTestSupport
import XCTest

/// The issue's concurrency test (docs/review.md): 8 editors suggesting and 2 reviewers approving
/// the same unit at the same moment, each on its own connection to a real server. Every action is
/// applied once or refused with problem+json, and the suggestions, the translation's history and
/// the change log show each one that was applied, once.
final class ReviewConcurrencyTests: XCTestCase {
    private let id = "sheets.mail-compose"
    private var translation: String { "/v1/guidelines/\(id)/translations/ko" }

    /// One request's outcome, kept by its thread.
    private final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var responses: [String: HTTPTestResponse] = [:]
        private var failures: [String] = []
        func record(_ name: String, _ result: Result<HTTPTestResponse, Error>) {
            lock.lock(); defer { lock.unlock() }
            switch result {
            case .success(let response): responses[name] = response
            case .failure(let error): failures.append("\(name): \(error)")
            }
        }
        var all: ([String: HTTPTestResponse], [String]) { lock.lock(); defer { lock.unlock() }; return (responses, failures) }
    }

    func testEightEditorsSuggestingAndTwoReviewersApprovingAtOnceApplyEachActionOnceOrRefuseIt() throws {
        let server = try TestServer(threads: 4)
        addTeardownBlock { server.stop() }
        let editors = try (1...8).map { ("ed\($0)", try AuthMatrixTests.createToken(server, name: "ed\($0)", role: "editor")) }
        let reviewers = try (1...2).map { ("rev\($0)", try AuthMatrixTests.createToken(server, name: "rev\($0)", role: "reviewer")) }
        let admin = TestGuidebook.adminHeader

        for round in 1...3 {
            let cursor = try XCTUnwrap(try ReviewWorkflowTests.changes(server).last?["seq"] as? Int)
            let versionsBefore = try history(server).count
            let etag = try XCTUnwrap(try server.get("/v1/guidelines/\(id)").header("ETag"))
            // Every caller connects first, then all send at the same moment.
            let callers: [(name: String, method: String, target: String, token: String, body: String, ifMatch: String?)] =
                editors.map { ($0.0, "POST", translation + "/suggestions", $0.1, #"{"text": "라운드 \#(round): \#($0.0)의 제안"}"#, nil) }
                + reviewers.map { ($0.0, "POST", translation + "/approve", $0.1, "{}", etag) }
            let outcomes = Outcomes()
            let ready = DispatchGroup(), start = DispatchSemaphore(value: 0), done = DispatchGroup()
            let port = server.port
            for caller in callers {
                ready.enter()
                done.enter()
                Thread.detachNewThread {
                    defer { done.leave() }
                    let client: HTTPTestClient
                    do {
                        client = try HTTPTestClient(port: port, timeoutSeconds: 30)
                    } catch {
                        outcomes.record(caller.name, .failure(error))
                        ready.leave()
                        return
                    }
                    defer { client.close() }
                    ready.leave()
                    start.wait()
                    var headers = [("Authorization", "Bearer \(caller.token)"), ("Content-Type", "application/json")]
                    if let ifMatch = caller.ifMatch { headers.append(("If-Match", ifMatch)) }
                    outcomes.record(caller.name, Result { try client.request(caller.method, caller.target, headers: headers, body: Array(caller.body.utf8)) })
                }
            }
            XCTAssertEqual(ready.wait(timeout: .now() + 30), .success, "round \(round): every caller connected")
            for _ in callers { start.signal() }
            XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "round \(round): every request was answered")
            let (responses, failures) = outcomes.all
            XCTAssertEqual(failures, [], "round \(round)")

            // Each editor's suggestion was made, once, with its own id.
            let made = editors.compactMap { responses[$0.0] }
            XCTAssertEqual(made.map(\.status), Array(repeating: 201, count: 8), "round \(round): \(made.map(\.text))")
            let ids = try made.map { try XCTUnwrap($0.jsonObject()["id"] as? Int) }
            XCTAssertEqual(Set(ids).count, 8, "round \(round): distinct suggestions")
            let listed = try server.get(translation + "/suggestions").jsonObject()["items"] as? [[String: Any]] ?? []
            let thisRound = listed.filter { (($0["fields"] as? [String: String])?["text"] ?? "").hasPrefix("라운드 \(round):") }
            XCTAssertEqual(thisRound.compactMap { $0["author"] as? String }.sorted(), editors.map(\.0).sorted(), "round \(round): one suggestion per editor")

            // One reviewer's approval applied; the other refused (already approved, or the ETag it sent is stale).
            let approvals = reviewers.compactMap { responses[$0.0] }
            let applied = approvals.filter { $0.status == 200 }
            XCTAssertEqual(applied.count, 1, "round \(round): \(approvals.map { "\($0.status) \($0.text.prefix(200))" })")
            for refused in approvals where refused.status != 200 {
                XCTAssertTrue([409, 412].contains(refused.status), "round \(round): \(refused.status) \(refused.text.prefix(200))")
                XCTAssertEqual(refused.header("Content-Type")?.split(separator: ";").first.map(String.init), "application/problem+json")
            }
            let winner = zip(reviewers, approvals).first { $0.1.status == 200 }?.0.0
            XCTAssertEqual(try server.get(translation).jsonObject()["state"] as? String, "approved")

            // The history has exactly one new version, the approval, by the reviewer whose call applied.
            let versions = try history(server)
            XCTAssertEqual(versions.count, versionsBefore + 1, "round \(round): one new version")
            XCTAssertEqual(versions.last?["action"] as? String, "approved")
            XCTAssertEqual(versions.last?["changed_by"] as? String, winner)

            // The change log names each applied action once: eight suggestions and one approval.
            let entries = try ReviewWorkflowTests.changes(server).filter { ($0["seq"] as? Int ?? 0) > cursor }
            let suggestions = entries.filter { ($0["kind"] as? String) == "suggestion" }
            XCTAssertEqual(suggestions.compactMap { $0["token"] as? String }.sorted(), editors.map(\.0).sorted(), "round \(round)")
            let translationEntries = entries.filter { ($0["resource"] as? String) == "guideline" && ($0["locale"] as? String) == "ko" && ($0["kind"] as? String) != "suggestion" }
            XCTAssertEqual(translationEntries.map { "\($0["token"] as? String ?? "-") \($0["state"] as? String ?? "-")" }, ["\(winner ?? "?") approved"], "round \(round)")

            // The next round starts from a translation waiting for review again.
            let next = try server.request("POST", translation + "/unapprove", headers: [admin, ("Content-Type", "application/json")], body: Array("{}".utf8))
            XCTAssertEqual(next.status, 200, next.text)
        }
    }

    private func history(_ server: TestServer) throws -> [[String: Any]] {
        try server.get(translation + "/history").jsonObject()["items"] as? [[String: Any]] ?? []
    }
}
