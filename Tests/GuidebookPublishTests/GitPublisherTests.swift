import Foundation
@testable import GuidebookCore
@testable import GuidebookPublish
import GuidebookTestSupport
import GuidebookWiki
import XCTest

/// The Git publisher against local bare repositories, with Debian's git on both sides: one commit
/// per batch of changes, none when nothing changed, a remote that moved on (rebased and pushed
/// again, or a conflict reported), a protected branch, a working copy with local changes, a
/// repository that does not exist, credentials in the URL. After every failure the remote is as it was.
final class GitPublisherTests: XCTestCase {
    private var guidebook: TestGuidebook!
    private var root: String!
    private var remote: String { root + "/remote.git" }

    override func setUpWithError() throws {
        guidebook = try TestGuidebook()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-publish-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try git(["init", "-q", "--bare", remote], in: root)
        addTeardownBlock { [guidebook, root] in
            guidebook?.stop()
            if let root { try? FileManager.default.removeItem(atPath: root) }
        }
    }

    @discardableResult
    private func git(_ arguments: [String], in directory: String? = nil) throws -> String {
        try SystemTool.check("git", arguments, in: directory ?? root, environment: [
            "GIT_AUTHOR_NAME": "Someone", "GIT_AUTHOR_EMAIL": "someone@example.com", "GIT_COMMITTER_NAME": "Someone",
            "GIT_COMMITTER_EMAIL": "someone@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        ]).text
    }

    private func publisher(branch: String = "main", layout: WikiLayout = .wikijs, work: String = "work") throws -> GitPublisher {
        try GitPublisher(target: .init(repository: try RepositoryAddress(remote), branch: branch, layout: layout, workDirectory: root + "/" + work))
    }

    /// The remote branch's commits, newest first (empty when it has none).
    private func remoteLog(_ branch: String = "main") throws -> [String] {
        let outcome = try SystemTool.run("git", ["--git-dir", remote, "log", "--format=%H", branch])
        return outcome.status == 0 ? outcome.text.split(separator: "\n").map(String.init) : []
    }

    private func edit(_ id: String, _ text: String, token: String) throws {
        let guideline = try XCTUnwrap(try guidebook.store.read { try $0.guideline(id: id) })
        try guidebook.store.write(token: token) { writer in
            _ = try writer.editor.replaceGuideline(id: id, GuidelineDraft(topic: guideline.topic, section: guideline.section, text: text), precondition: .none)
        }
    }

    func testTwoEditsGiveTwoSmallCommitsAndAnUnchangedBaseNone() throws {
        let publisher = try publisher()
        let first = try publisher.publish(guidebook.store)
        let initial = try XCTUnwrap(first.commit)
        XCTAssertEqual(try remoteLog(), [initial])
        XCTAssertGreaterThan(first.written, 20)
        let files = try git(["--git-dir", remote, "ls-tree", "-r", "--name-only", "main"]).split(separator: "\n").map(String.init)
        XCTAssertTrue(files.contains("guidebook/controls/progress-indicators.md") && files.contains("ko/guidebook.md"), "\(files.prefix(5))")
        XCTAssertTrue(files.contains(PublishState.fileName))

        let again = try publisher.publish(guidebook.store)
        XCTAssertNil(again.commit, "nothing changed: no commit")
        XCTAssertEqual(try remoteLog(), [initial])

        try edit("progress-indicators.prefer-progress-bars", "Prefer a progress bar when the work can be measured.", token: "alice")
        let second = try XCTUnwrap(try publisher.publish(guidebook.store).commit)
        try edit("sheets.\(try firstGuidelineKey("sheets"))", "Keep a sheet's task short and simple.", token: "bob")
        let third = try XCTUnwrap(try publisher.publish(guidebook.store).commit)
        XCTAssertEqual(try remoteLog(), [third, second, initial], "one commit per batch")

        let changed = try git(["--git-dir", remote, "diff", "--name-only", initial, second]).split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(changed), ["guidebook/controls/progress-indicators.md", "ko/guidebook/controls/progress-indicators.md", PublishState.fileName],
                       "a small commit: the edited topic's pages and the state")
        let message = try git(["--git-dir", remote, "log", "-1", "--format=%B", second])
        XCTAssertTrue(message.contains("guideline progress-indicators.prefer-progress-bars updated by alice"), message)
        XCTAssertFalse(message.contains("bob"), message)
        let state = try git(["--git-dir", remote, "show", "\(third):\(PublishState.fileName)"])
        XCTAssertEqual(try JSONDecoder().decode(PublishState.self, from: Data(state.utf8)).cursor, try guidebook.store.read { try $0.latestChangeSeq() })

        // A fresh working copy (another machine) picks the cursor up from the repository.
        let elsewhere = try self.publisher(work: "elsewhere").publish(guidebook.store)
        XCTAssertNil(elsewhere.commit, "the state in the repository says everything is published")
    }

    /// A base restored from an earlier backup has a change log that ends before the cursor the
    /// repository holds: the publisher rendered only topics changed after that cursor (none), so
    /// the edits made since the restore never reached the wiki. It renders everything instead.
    func testAStateCursorPastTheLogsEndGivesAFullRender() throws {
        let publisher = try publisher()
        XCTAssertNotNil(try publisher.publish(guidebook.store).commit)
        let latest = try guidebook.store.read { try $0.latestChangeSeq() }
        try? FileManager.default.removeItem(atPath: root + "/other")
        try git(["clone", "-q", "--branch", "main", remote, root + "/other"])
        try PublishState(layout: WikiLayout.wikijs.rawValue, cursor: latest + 1000).bytes.write(to: URL(fileURLWithPath: root + "/other/" + PublishState.fileName))
        try git(["commit", "-q", "-am", "a cursor from another history"], in: root + "/other")
        try git(["push", "-q", "origin", "main"], in: root + "/other")

        try edit("progress-indicators.prefer-progress-bars", "Prefer a progress bar after the restore.", token: "alice")
        let commit = try XCTUnwrap(try publisher.publish(guidebook.store).commit)
        let page = try git(["--git-dir", remote, "show", "\(commit):guidebook/controls/progress-indicators.md"])
        XCTAssertTrue(page.contains("Prefer a progress bar after the restore."), "the edit is published")
        XCTAssertTrue(try git(["--git-dir", remote, "log", "-1", "--format=%B", commit]).contains("(full render)"))
    }

    private func firstGuidelineKey(_ topic: String) throws -> String {
        let id = try XCTUnwrap(try guidebook.store.read { try $0.topic(slug: topic) }?.sections.first?.guidelines.first?.id)
        return String(id.dropFirst(topic.count + 1))
    }

    /// Someone else pushes `file` with `text` (appended to it when it exists), as another
    /// publisher or a person would between our fetch and our push.
    private func pushElsewhere(_ file: String, _ text: String) throws {
        try? FileManager.default.removeItem(atPath: root + "/other")
        try git(["clone", "-q", "--branch", "main", remote, root + "/other"])
        let path = root + "/other/" + file
        let before = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        try (before + text).write(toFile: path, atomically: true, encoding: .utf8)
        try git(["add", file], in: root + "/other")
        try git(["commit", "-q", "-m", "by hand"], in: root + "/other")
        try git(["push", "-q", "origin", "main"], in: root + "/other")
    }

    func testPushRejectedBecauseTheRemoteMovedOnIsRebasedAndPushedAgain() throws {
        var publisher = try publisher(layout: .mkdocs)
        let initial = try XCTUnwrap(try publisher.publish(guidebook.store).commit)
        let seen = Seen()
        publisher.beforePush = { [self] in
            try pushElsewhere("README.md", "# Our docs\n")
            seen.commits = try remoteLog()
        }
        try edit("progress-indicators.prefer-progress-bars", "Measure, then show a bar.", token: "alice")
        let outcome = try publisher.publish(guidebook.store)
        let theirs = try XCTUnwrap(seen.commits.first)
        XCTAssertEqual(outcome.rebases, 1, "the push was rejected once, then rebased")
        XCTAssertEqual(try remoteLog(), [try XCTUnwrap(outcome.commit), theirs, initial], "ours on top of theirs, nothing lost")
    }

    func testARebaseConflictIsReportedAndTheRemoteStaysAsItWas() throws {
        var publisher = try publisher()
        _ = try publisher.publish(guidebook.store)
        // Between our fetch and our push, someone edits the state file by hand and pushes.
        let seen = Seen()
        publisher.beforePush = { [self] in
            try pushElsewhere(PublishState.fileName, "hand-written\n")
            seen.commits = try remoteLog()
        }
        try edit("progress-indicators.prefer-progress-bars", "A conflicting edit.", token: "alice")
        XCTAssertThrowsError(try publisher.publish(guidebook.store)) { error in
            guard case .conflict(let message) = error as? PublishError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("remote is as it was"), message)
        }
        XCTAssertEqual(try remoteLog(), seen.commits, "nothing half-published")
    }

    func testAProtectedBranchIsRefusedAndTheRemoteStaysAsItWas() throws {
        let hook = remote + "/hooks/pre-receive"
        try "#!/bin/sh\nwhile read old new ref; do [ \"$ref\" = refs/heads/protected ] && { echo 'protected branch' >&2; exit 1; }; done; exit 0\n"
            .write(toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        XCTAssertThrowsError(try publisher(branch: "protected").publish(guidebook.store)) { error in
            guard case .refused(let message) = error as? PublishError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("protected"), message)
        }
        XCTAssertEqual(try remoteLog("protected"), [], "the branch was not created")
        XCTAssertThrowsError(try publisher(branch: "protected").publish(guidebook.store), "a second run does not take the refused commit for published") {
            guard case .refused = $0 as? PublishError else { return XCTFail("\($0)") }
        }
        XCTAssertNotNil(try publisher(branch: "open", work: "open").publish(guidebook.store).commit, "other branches take the push")
    }

    func testAWorkingCopyWithLocalChangesStopsThePublish() throws {
        let publisher = try publisher()
        _ = try publisher.publish(guidebook.store)
        let before = try remoteLog()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/work/notes.md"))
        try edit("progress-indicators.prefer-progress-bars", "Changed meanwhile.", token: "alice")
        XCTAssertThrowsError(try publisher.publish(guidebook.store)) { error in
            guard case .localChanges(let message) = error as? PublishError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("notes.md"), message)
        }
        XCTAssertEqual(try remoteLog(), before)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/work/notes.md"), "the person's file is left alone")
    }

    func testARepositoryThatDoesNotExistIsReported() throws {
        let target = GitPublisher.Target(repository: try RepositoryAddress(root + "/missing.git"), branch: "main", layout: .wikijs, workDirectory: root + "/w")
        XCTAssertThrowsError(try GitPublisher(target: target).publish(guidebook.store)) { error in
            guard case .unreachable = error as? PublishError else { return XCTFail("\(error)") }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/w"), "no half-made working copy is left")
        XCTAssertThrowsError(try GitPublisher(target: .init(repository: try RepositoryAddress(remote), branch: "bad..name", layout: .wikijs,
                                                            workDirectory: root + "/w")))
        XCTAssertThrowsError(try GitPublisher(target: .init(repository: try RepositoryAddress(remote), branch: "main", layout: .bookstack,
                                                            workDirectory: root + "/w")))
    }

    func testCredentialsInTheURLAreRefusedAndNeverRepeated() {
        for url in ["https://alice:s3cret-token@git.example.com/wiki.git", "https://s3cret-token@github.com/team/wiki.git",
                    "http://x-access-token:s3cret-token@host/wiki", "ssh://git:s3cret-token@host/wiki.git"] {
            XCTAssertThrowsError(try RepositoryAddress(url), url) { error in
                XCTAssertFalse("\(error)".contains("s3cret"), "the refusal repeats the secret: \(error)")
            }
        }
        for url in ["ext::sh -c touch% /tmp/pwned", "--upload-pack=touch /tmp/pwned", "gopher://host/x", "file:///tmp/x\nmore"] {
            XCTAssertThrowsError(try RepositoryAddress(url), url)
        }
        for url in ["https://git.example.com/team/wiki.git", "git@github.com:team/wiki.git", "ssh://git@host/wiki.git", "/srv/git/wiki.git", "../wiki.git"] {
            XCTAssertNoThrow(try RepositoryAddress(url), url)
        }
        XCTAssertEqual(RepositoryAddress.scrub("fatal: unable to access 'https://bob:hunter2@host/x/': 403"), "fatal: unable to access 'https://***@host/x/': 403")
    }
}

/// What a test's hook saw (the remote's commits when it pushed).
private final class Seen {
    var commits: [String] = []
}
