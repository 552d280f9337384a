import Foundation
import XCTest

/// The subcommands' own options, read by the real executable: both spellings of a value
/// (`--role reader`, `--role=reader`), and one clear line with exit code 2 for a mistake.
final class CommandLineTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-cli" }

    private struct Outcome {
        let status: Int32?
        let output: String
        let errors: String
    }

    private func guidebook(_ arguments: [String]) throws -> Outcome {
        let command = try CommandProcess(arguments)
        let status = command.waitForExit(seconds: 30)
        return Outcome(status: status, output: String(decoding: command.output, as: UTF8.self), errors: command.errorOutput)
    }

    func testAnOptionsValueMayFollowAnEqualsSign() throws {
        let created = try guidebook(["tokens", "create", "ci-reader", "--role=reader", "--db", databasePath])
        XCTAssertEqual(created.status, 0, created.errors)
        XCTAssertGreaterThanOrEqual(created.output.trimmingCharacters(in: .whitespacesAndNewlines).count, 43, "the secret (32 random bytes) is printed once")
        let listed = try guidebook(["tokens", "list", "--db", databasePath])
        XCTAssertTrue(listed.output.contains("ci-reader") && listed.output.contains("reader"), listed.output)

        let bundle = directory + "/bundle.json"
        let exported = try guidebook(["export", "--format=json", bundle, "--db", databasePath])
        XCTAssertEqual(exported.status, 0, exported.errors)
        let checked = try guidebook(["import", "--format=json", "--dry-run", "--mode", "merge", bundle, "--db", databasePath])
        XCTAssertEqual(checked.status, 0, checked.errors)
    }

    func testAMistakeInASubcommandsOptionsIsOneLineAndExitCodeTwo() throws {
        let file = directory + "/kb.ndjson"
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: file))
        let cases: [([String], String)] = [
            (["import", "--dry-run=yes", file], "--dry-run takes no value, not 'yes'"),
            (["import", file, "--mode"], "--mode needs a value: merge or replace"),
            (["import", "--mode=sideways", file], "--mode must be merge or replace, not 'sideways'"),
            (["import", "--frobnicate", file], "unknown option --frobnicate"),
            (["tokens", "create", "someone", "--role"], "--role needs a value: reader, editor, reviewer or admin"),
            (["tokens", "create", "someone", "--role=owner"], "--role must be reader, editor, reviewer or admin, not 'owner'"),
            (["tokens", "create", "one", "two", "--role", "reader"], "tokens create takes one NAME"),
            (["export", "--out"], "--out needs a value: a folder"),
            (["restore", "--from=file:///nowhere", "extra"], "restore takes no argument 'extra'"),
            (["backup", "verify", "--at", "2026-01-01T00:00:00Z"], "unknown option --at for backup verify"),
            (["restore", "--force=please", "--from", "file:///nowhere"], "--force takes no value, not 'please'"),
        ]
        for (arguments, message) in cases {
            let outcome = try guidebook(arguments + ["--db", databasePath])
            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.errors)")
            XCTAssertEqual(outcome.errors.split(separator: "\n").count, 1, "\(arguments): \(outcome.errors)")
            XCTAssertTrue(outcome.errors.hasPrefix("guidebook: ") && outcome.errors.contains(message), "\(arguments): \(outcome.errors)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "a refused command creates no database")
    }
}
