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
        _ = try Store(path: newer, migrations: migrations)
        XCTAssertThrowsError(try Store(replicaAt: newer, migrations: Array(migrations.dropLast()))) {
            guard case .schemaTooNew = $0 as? StoreError else { return XCTFail("\($0)") }
        }
    }

    func testAReplicaNeverWritesAndFollowsThePrimarysCommits() throws {
        let path = directory.file("primary.sqlite")
        let primary = try Store(path: path, migrations: migrations)
        _ = try primary.addAdminTokenIfNone(names: ["first"], digest: digest)
        XCTAssertTrue(try primary.checkpoint())
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

        // A heartbeat alone updates the lag but leaves cached answers valid; a data change moves the generation.
        let before = try replica.dataGeneration()
        XCTAssertTrue(try primary.writeHeartbeat(now: Date().addingTimeInterval(-3)))
        let status = try XCTUnwrap(replica.replicaStatus)
        waitUntil { status.lagSeconds() != nil }
        XCTAssertGreaterThanOrEqual(status.lagSeconds() ?? 0, 3)
        XCTAssertEqual(try replica.dataGeneration(), before)
        XCTAssertTrue(try primary.revokeToken(named: "first"))
        try waitUntil { try replica.dataGeneration() != before }
        XCTAssertEqual(try replica.tokens().map(\.name), [])
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }
}
