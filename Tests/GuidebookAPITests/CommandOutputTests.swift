import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What the commands that write files and standard output do when writing fails or the target is
/// not a plain file, and when the database they are to read does not exist: one line and a
/// failing exit, never a crash, never an empty result reported as success.
final class CommandOutputTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-output" }

    private func guidebook(_ arguments: [String], standardOutput: String? = nil) throws -> (status: Int32?, output: String, errors: String) {
        let command = try CommandProcess(arguments, standardOutput: standardOutput)
        let status = command.waitForExit(seconds: 60)
        return (status, String(decoding: command.output, as: UTF8.self), command.errorOutput)
    }

    private func migrated() throws {
        XCTAssertEqual(try guidebook(["migrate", "--db", databasePath]).status, 0)
    }

    /// A full disk (`/dev/full` answers every write with ENOSPC) stopped the process in
    /// Foundation's non-throwing write, with a backtrace and exit 132.
    func testAFullDiskOnStandardOutputIsOneLineAndExitOne() throws {
        try migrated()
        for arguments in [["export", "--db", databasePath], ["translations", "export", "--locale", "ko", "--db", databasePath], ["generate", "2000"]] {
            let run = try guidebook(arguments, standardOutput: "/dev/full")
            XCTAssertEqual(run.status, 1, "\(arguments): \(run.errors)")
            XCTAssertTrue(run.errors.hasPrefix("guidebook: cannot write to standard output: No space left on device"), "\(arguments): \(run.errors)")
            XCTAssertEqual(run.errors.split(separator: "\n").count, 1, "\(arguments): \(run.errors)")
        }
    }

    /// `export FILE` wrote a new file and renamed it over FILE, which replaced a named pipe (or, as
    /// root, `/dev/full`) with a regular file; a pipe or a device is now written into.
    func testAnExportIntoANamedPipeWritesIntoThePipe() throws {
        try migrated()
        let fifo = directory + "/bundle.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let received = LockedData()
        let reader = Thread {
            guard let handle = FileHandle(forReadingAtPath: fifo) else { return }
            received.set(handle.readDataToEndOfFile())
        }
        reader.start()
        let run = try guidebook(["export", fifo, "--db", databasePath])
        XCTAssertEqual(run.status, 0, run.errors)
        let deadline = Date().addingTimeInterval(10)
        while received.get() == nil && Date() < deadline { usleep(10_000) }
        let bundle = try JSONSerialization.jsonObject(with: XCTUnwrap(received.get())) as? [String: Any]
        XCTAssertEqual(bundle?["format"] as? String, "guidebook-bundle", "the reader got the whole bundle")
        let type = try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType
        XCTAssertNotEqual(type, .typeRegular, "the pipe is still a pipe")
    }

    /// A write that fails leaves what was there, and no partial file beside it.
    func testAnExportThatCannotBeWrittenLeavesWhatWasThere() throws {
        try migrated()
        let folder = directory + "/out"
        try FileManager.default.createDirectory(atPath: folder + "/inside", withIntermediateDirectories: true)
        let run = try guidebook(["export", folder, "--db", databasePath])
        XCTAssertEqual(run.status, 1, run.errors)
        XCTAssertTrue(run.errors.hasPrefix("guidebook: cannot write \(folder): "), run.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["inside"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".partial") }, [])
    }

    /// A mistyped `--db` created an empty database and exported it, exit 0: a backup of nothing.
    func testCommandsThatReadADatabaseRefuseOneThatDoesNotExist() throws {
        let missing = directory + "/typo/kb.sqlite"
        let commands = [["export", "--db", missing], ["export", directory + "/b.json", "--db", missing],
                        ["export", "--format", "markdown", "--out", directory + "/tree", "--db", missing],
                        ["translations", "export", "--locale", "ko", "--db", missing], ["reindex", "--db", missing]]
        for arguments in commands {
            let run = try guidebook(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.errors)")
            XCTAssertTrue(run.errors.contains("no database at \(missing)"), "\(arguments): \(run.errors)")
            XCTAssertEqual(run.output, "", "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/typo"), "nothing created")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/b.json"))
    }

    /// A cursor past the end of the change log comes from another history (a base restored from
    /// an earlier backup): `--since` with it wrote only the index pages and reported success.
    func testAnExportSinceACursorPastTheLogsEndIsRefused() throws {
        try migrated()
        let full = try guidebook(["export", "--format", "markdown", "--out", directory + "/full", "--db", databasePath])
        XCTAssertEqual(full.status, 0, full.errors)
        let latest = try XCTUnwrap(Int64(full.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let ahead = try guidebook(["export", "--format", "markdown", "--out", directory + "/ahead", "--since", String(latest + 1), "--db", databasePath])
        XCTAssertEqual(ahead.status, 2, ahead.errors)
        XCTAssertTrue(ahead.errors.contains("--since \(latest + 1) is past the change log's end (\(latest))"), ahead.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/ahead"), "nothing written")
        let current = try guidebook(["export", "--format", "markdown", "--out", directory + "/full", "--since", String(latest), "--db", databasePath])
        XCTAssertEqual(current.status, 0, current.errors)
    }
}

/// Bytes handed from a reader thread to the test.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data? { lock.withLock { data } }
}
