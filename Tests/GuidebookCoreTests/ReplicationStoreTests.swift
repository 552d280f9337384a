import Foundation
@testable import GuidebookCore
import SQLite
import XCTest

/// The store beside Litestream: the data generation (own commits at once, other connections'
/// through the watcher, bookkeeping never), checkpoints left to Litestream, and the read-only
/// replica store (what it refuses to open, that it never writes, what it notices).
final class ReplicationStoreTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-replication-store" }

    private let digest = [UInt8](repeating: 7, count: 32)

    private func waitUntil(_ condition: () throws -> Bool, file: StaticString = #filePath, line: UInt = #line) rethrows {
        let deadline = Date().addingTimeInterval(5)
        while try !condition() {
            guard Date() < deadline else { return XCTFail("condition not met within 5 s", file: file, line: line) }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    func testOwnCommitMovesTheGenerationAtOnce() throws {
        let store = try Store(path: directory.file("g.sqlite"), migrations: migrations)
        let before = try store.dataGeneration()
        _ = try store.addAdminTokenIfNone(names: ["first"], digest: digest)
        XCTAssertGreaterThan(try store.dataGeneration(), before)
    }

    func testAnotherConnectionsCommitIsNoticedByTheWatcher() throws {
        let path = directory.file("g.sqlite")
        let store = try Store(path: path, migrations: migrations)
        let other = try Store(path: path, migrations: migrations)
        let before = try store.dataGeneration()
        _ = try other.addAdminTokenIfNone(names: ["first"], digest: digest)
        try waitUntil { try store.dataGeneration() != before }
        XCTAssertEqual(try store.tokens().map(\.name), ["first"])
    }

    func testRecordingTokenUseDoesNotMoveTheGeneration() throws {
        let path = directory.file("g.sqlite")
        let store = try Store(path: path, migrations: migrations)
        let token = try XCTUnwrap(try store.addAdminTokenIfNone(names: ["first"], digest: digest))
        let before = try store.dataGeneration()
        XCTAssertTrue(try store.recordTokenUse([(id: token.id, at: "2026-12-03T00:00:00Z")]))
        XCTAssertTrue(try store.writeHeartbeat())
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(try store.dataGeneration(), before)
    }

    func testLitestreamReplicationLeavesTheCheckpointToLitestream() throws {
        let configured = try Store(path: directory.file("configured.sqlite"), migrations: migrations, replication: .litestream)
        XCTAssertTrue(try configured.isReplicated())
        _ = try configured.addAdminTokenIfNone(names: ["first"], digest: digest)
        XCTAssertFalse(try configured.checkpoint())
        XCTAssertGreaterThan(try fileSize(directory.file("configured.sqlite-wal")), 0, "the WAL is left for Litestream")

        let path = directory.file("detected.sqlite")
        let detected = try Store(path: path, migrations: migrations)
        XCTAssertFalse(try detected.isReplicated())
        // What `litestream replicate` makes in the file it replicates.
        try Database(path: path).execute("CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)")
        XCTAssertTrue(try detected.isReplicated())
        XCTAssertFalse(try detected.checkpoint())

        let plain = try Store(path: directory.file("plain.sqlite"), migrations: migrations)
        _ = try plain.addAdminTokenIfNone(names: ["first"], digest: digest)
        XCTAssertTrue(try plain.checkpoint())
        XCTAssertEqual(try fileSize(directory.file("plain.sqlite-wal")), 0, "TRUNCATE empties the WAL")
    }

    func testAReplicaRefusesFilesItCannotServe() throws {
        XCTAssertThrowsError(try Store(replicaAt: directory.file("missing.sqlite"), migrations: migrations)) {
            XCTAssertEqual($0 as? StoreError, .replicaMissing(path: directory.file("missing.sqlite")))
        }
        let garbage = directory.file("garbage.sqlite")
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: garbage))
        XCTAssertThrowsError(try Store(replicaAt: garbage, migrations: migrations)) {
            guard case .replicaUnreadable = $0 as? StoreError else { return XCTFail("\($0)") }
        }
        let newer = directory.file("newer.sqlite")
        do { XCTAssertTrue(try Store(path: newer, migrations: migrations).checkpoint()) }
        try Database(path: newer).execute("PRAGMA journal_mode = DELETE")
        XCTAssertThrowsError(try Store(replicaAt: newer, migrations: Array(migrations.dropLast()))) {
            guard case .schemaTooNew = $0 as? StoreError else { return XCTFail("\($0)") }
        }
    }

    func testAReplicaNeverWritesAndFollowsCommitsToItsFile() throws {
        let path = directory.file("replica.sqlite")
        do {
            let primary = try Store(path: path, migrations: migrations)
            _ = try primary.addAdminTokenIfNone(names: ["first"], digest: digest)
            XCTAssertTrue(try primary.checkpoint())
        }
        // As the first restore leaves it (WAL mode): a replica waits for the follower.
        XCTAssertThrowsError(try Store(replicaAt: path, migrations: migrations)) {
            XCTAssertEqual($0 as? StoreError, .replicaNotYetFollowed(path: path))
        }
        // As Litestream's follower leaves it after its first update: rollback-journal mode.
        try Database(path: path).execute("PRAGMA journal_mode = DELETE")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

        let replica = try Store(replicaAt: path, migrations: migrations)
        XCTAssertTrue(replica.isReplica)
        XCTAssertTrue(replica.isReadOnly)
        XCTAssertThrowsError(try replica.revokeToken(named: "first")) { XCTAssertEqual($0 as? StoreError, .readOnlyReplica) }
        XCTAssertThrowsError(try replica.recordTokenUse([(id: 1, at: "2026-12-03T00:00:00Z")]))
        XCTAssertEqual(try replica.tokens().map(\.name), ["first"])
        _ = try replica.fitSearchCacheToIndex()
        XCTAssertFalse(try replica.checkpoint())
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "the replica changed its file")

        // Commits to the file by another writer (here a plain connection, as the follower's would
        // be): a heartbeat alone updates the lag and leaves cached answers valid; a moved stamp moves the generation.
        let writer = try Database(path: path)
        let before = try replica.dataGeneration()
        let beat = Int64(Date().addingTimeInterval(-3).timeIntervalSince1970 * 1000)
        let stamp = try writer.scalarInt("PRAGMA user_version") ?? 0
        try writer.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('replication_heartbeat', '\(beat)'); PRAGMA user_version = \(stamp)")
        let status = try XCTUnwrap(replica.replicaStatus)
        waitUntil { status.lagSeconds() != nil }
        XCTAssertGreaterThanOrEqual(status.lagSeconds() ?? 0, 3)
        XCTAssertEqual(try replica.dataGeneration(), before)
        try writer.execute("DELETE FROM tokens; PRAGMA user_version = \(stamp + 1)")
        try waitUntil { try replica.dataGeneration() != before }
        XCTAssertEqual(try replica.tokens().map(\.name), [])
    }

    func testEveryWriteMovesTheStampAndAHeartbeatDoesNot() throws {
        let path = directory.file("stamp.sqlite")
        let store = try Store(path: path, migrations: migrations)
        let stamp = { try Database(path: path).scalarInt("PRAGMA user_version") ?? 0 }
        let first = try stamp()
        _ = try store.addAdminTokenIfNone(names: ["first"], digest: digest)
        XCTAssertEqual(try stamp(), first + 1)
        XCTAssertTrue(try store.writeHeartbeat())
        XCTAssertEqual(try stamp(), first + 1)
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }
}
