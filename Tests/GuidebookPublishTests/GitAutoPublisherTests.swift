import Foundation
@testable import GuidebookCore
import GuidebookBase
@testable import GuidebookPublish
import GuidebookTestSupport
import GuidebookWiki
import XCTest

/// The server's own Git publisher (`--publish-git`) on a real store and a local bare repository:
/// it publishes at start, debounces a burst of writes into one commit, and when publishing fails
/// the writes go through untouched while the failure is counted and retried.
final class GitAutoPublisherTests: XCTestCase {
    private var guidebook: TestGuidebook!
    private var root: String!

    override func setUpWithError() throws {
        guidebook = try TestGuidebook()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-autopublish-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        _ = try SystemTool.check("git", ["init", "-q", "--bare", root + "/remote.git"])
        addTeardownBlock { [guidebook, root] in
            guidebook?.stop()
            if let root { try? FileManager.default.removeItem(atPath: root) }
        }
    }

    private func remoteLog() -> [String] {
        guard let outcome = try? SystemTool.run("git", ["--git-dir", root + "/remote.git", "log", "--format=%s%n%b", "main"]), outcome.status == 0 else { return [] }
        return outcome.text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Guidebook:") }
    }

    private func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { if condition() { return true }; usleep(50_000) }
        return condition()
    }

    private func edit(_ id: String, _ text: String) throws {
        let guideline = try XCTUnwrap(try guidebook.store.read { try $0.guideline(id: id) })
        try guidebook.store.write(token: "alice") { writer in
            _ = try writer.editor.replaceGuideline(id: id, GuidelineDraft(topic: guideline.topic, section: guideline.section, text: text), precondition: .none)
        }
    }

    func testABurstOfWritesIsOneCommitAfterTheDebounce() throws {
        let results = Results()
        let publisher = try GitPublisher(target: .init(repository: try RepositoryAddress(root + "/remote.git"), branch: "main", layout: .docusaurus,
                                                       workDirectory: root + "/work"))
        let service = GitAutoPublisher(publisher: publisher, store: guidebook.store, debounceSeconds: 0.5, logger: Logger(level: .critical),
                                       onResult: { results.add($0) })
        try service.start()
        defer { service.stop(deadline: .now + .seconds(10)) }
        XCTAssertTrue(waitFor(seconds: 30) { remoteLog().count == 1 }, "published at start")
        try edit("progress-indicators.prefer-progress-bars", "First edit of the burst.")
        try edit("progress-indicators.prefer-progress-bars", "Second edit of the burst.")
        XCTAssertTrue(waitFor(seconds: 30) { remoteLog().count == 2 }, "one more commit: \(remoteLog())")
        usleep(1_500_000)
        XCTAssertEqual(remoteLog().count, 2, "the burst was one commit")
        let body = try SystemTool.check("git", ["--git-dir", root + "/remote.git", "log", "-1", "--format=%B", "main"]).text
        XCTAssertEqual(body.components(separatedBy: "progress-indicators.prefer-progress-bars updated by alice").count - 1, 2, body)
        XCTAssertEqual(results.all.filter { $0 == "published" }.count, 2)
    }

    func testAFailingPublishNeverAffectsAWriteAndIsRetried() throws {
        let results = Results()
        let publisher = try GitPublisher(target: .init(repository: try RepositoryAddress(root + "/missing.git"), branch: "main", layout: .wikijs,
                                                       workDirectory: root + "/work"))
        let service = GitAutoPublisher(publisher: publisher, store: guidebook.store, debounceSeconds: 0.1, logger: Logger(level: .critical),
                                       retryDelays: [0.2], onResult: { results.add($0) })
        try service.start()
        defer { service.stop(deadline: .now + .seconds(10)) }
        try edit("progress-indicators.prefer-progress-bars", "Written while publishing fails.")
        XCTAssertEqual(try guidebook.store.read { try $0.guideline(id: "progress-indicators.prefer-progress-bars") }?.text["en"], "Written while publishing fails.")
        XCTAssertTrue(waitFor(seconds: 20) { results.all.filter { $0 == "failed" }.count >= 2 }, "the failure is counted and retried: \(results.all)")
        // The repository appears: the next retry publishes.
        _ = try SystemTool.check("git", ["init", "-q", "--bare", root + "/missing.git"])
        XCTAssertTrue(waitFor(seconds: 30) { results.all.contains("published") }, "\(results.all)")
    }
}

/// The results the publisher reported, from its thread.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    func add(_ value: String) { lock.withLock { values.append(value) } }
    var all: [String] { lock.withLock { values } }
}
