import Foundation
import GuidebookTestSupport
import XCTest

/// `guidebook serve --publish-git` in a child process: it publishes at start and after an edit
/// made over HTTP (debounced), counts it in `/metrics`, and a repository that cannot be reached
/// never affects a write.
final class PublishProcessTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-publish-process" }

    private func request(_ port: UInt16, _ method: String, _ target: String, body: String? = nil) throws -> HTTPTestResponse {
        let client = try HTTPTestClient(port: port, timeoutSeconds: 10)
        defer { client.close() }
        var headers: [(String, String)] = [("Authorization", "Bearer \(TestGuidebook.adminToken)")]
        if body != nil { headers.append(("Content-Type", "application/merge-patch+json")) }
        return try client.request(method, target, headers: headers, body: body.map { Array($0.utf8) })
    }

    private func stop(_ server: ServerProcess) {
        server.signal(SIGTERM)
        XCTAssertEqual(server.waitForExit(seconds: 30), 0, "the server stops on SIGTERM with the publisher running")
    }

    private func commits(_ remote: String) -> Int {
        guard let outcome = try? SystemTool.run("git", ["--git-dir", remote, "rev-list", "--count", "main"]), outcome.status == 0 else { return 0 }
        return Int(outcome.text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    private func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { if condition() { return true }; usleep(100_000) }
        return condition()
    }

    private func counter(_ port: UInt16, _ result: String) throws -> Int {
        let metrics = try request(port, "GET", "/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("guidebook_publish_git_total{result=\"\(result)\"}") }
        return Int(line?.split(separator: " ").last ?? "") ?? -1
    }

    func testTheServerPublishesAfterWritesAndCountsIt() throws {
        let remote = directory + "/remote.git"
        try SystemTool.check("git", ["init", "-q", "--bare", remote])
        let server = try ServerProcess(arguments: ["--db", databasePath, "--publish-git", remote, "--publish-layout", "mkdocs", "--publish-debounce", "0.3"])
        XCTAssertTrue(waitFor(60) { commits(remote) == 1 }, "published at start: \(server.log.suffix(2000))")
        let edit = try request(server.port, "PATCH", "/v1/guidelines/progress-indicators.prefer-progress-bars", body: #"{"text": "Published by the server."}"#)
        XCTAssertEqual(edit.status, 200, edit.text)
        XCTAssertTrue(waitFor(60) { commits(remote) == 2 }, "published after the edit")
        XCTAssertTrue(waitFor(10) { (try? counter(server.port, "published")) == 2 }, "counted in /metrics")
        let page = try SystemTool.check("git", ["--git-dir", remote, "show", "main:docs/controls/progress-indicators.md"]).text
        XCTAssertTrue(page.contains("Published by the server."))
        stop(server)
    }

    func testAnUnreachableRepositoryNeverAffectsAWrite() throws {
        let server = try ServerProcess(arguments: ["--db", databasePath, "--publish-git", directory + "/missing.git", "--publish-debounce", "0.2"])
        XCTAssertTrue(waitFor(30) { ((try? counter(server.port, "failed")) ?? 0) >= 1 }, "the failure is counted")
        let edit = try request(server.port, "PATCH", "/v1/guidelines/progress-indicators.prefer-progress-bars", body: #"{"text": "Written anyway."}"#)
        XCTAssertEqual(edit.status, 200, edit.text)
        XCTAssertTrue(server.log.contains("git publish failed"), "the failure is logged")
        stop(server)
        let refused = try ServerProcess(arguments: ["--db", databasePath, "--publish-git", "https://bob:hunter2-pass@git.example.com/w.git"], waitUntilListening: false)
        XCTAssertEqual(refused.waitForExit(seconds: 30), 2, "credentials in the URL refuse the start")
        XCTAssertFalse(refused.log.contains("hunter2"), refused.log)
    }
}
