import Foundation
import GuidebookCore
import GuidebookTestSupport
import XCTest

/// `guidebook translations export|import` in child processes: a file exported, changed and imported
/// into the database directly (a dry run, then for real), through a running server's job API with
/// an editor's token, and refused with its line when broken; an approved translation changed only
/// with `--reviewer`.
final class TranslationsCommandTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-translations-cli" }

    private func guidebook(_ arguments: [String]) throws -> (status: Int32?, errors: String) {
        let command = try CommandProcess(arguments + ["--db", databasePath, "--resources", TestServer.packageRoot])
        let status = command.waitForExit(seconds: 60)
        return (status, command.errorOutput)
    }

    /// The seed in the database (an import loads it into an empty one first), exported as PO with
    /// unit `id`'s translation changed to `text`.
    private func changedExport(_ id: String, to text: String) throws -> String {
        let notes = TestServer.packageRoot + "/Tests/Fixtures/notes/segmented-controls.txt"
        XCTAssertEqual(try guidebook(["import", notes]).status, 0)
        let file = directory + "/ko.po"
        let exported = try guidebook(["translations", "export", "--locale", "ko", "--format", "po", "--topic", "progress-indicators", "--out", file])
        XCTAssertEqual(exported.status, 0, exported.errors)
        XCTAssertTrue(exported.errors.contains("exported"), exported.errors)
        let changed = TranslatorEdit.setTarget(try String(contentsOfFile: file, encoding: .utf8), id: id, to: text, format: "po")
        try changed.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func testAChangedFileIsCheckedThenImportedIntoTheDatabase() throws {
        let file = try changedExport("guideline:progress-indicators.prefer-progress-bars", to: "명령줄에서 바꾼 번역.")
        let dry = try guidebook(["translations", "import", "--dry-run", file])
        XCTAssertEqual(dry.status, 0, dry.errors)
        XCTAssertTrue(dry.errors.contains("dry run, nothing applied") && dry.errors.contains("1 written"), dry.errors)
        let again = try guidebook(["translations", "export", "--locale", "ko", "--format", "po", "--topic", "progress-indicators"])
        XCTAssertEqual(again.status, 0)
        let applied = try guidebook(["translations", "import", file])
        XCTAssertEqual(applied.status, 0, applied.errors)
        XCTAssertTrue(applied.errors.contains("1 written"), applied.errors)
        let unchanged = try guidebook(["translations", "import", file])
        XCTAssertTrue(unchanged.errors.contains("0 written"), unchanged.errors)
    }

    func testABrokenFileFailsWithItsLineAndABadOptionIsAUsageError() throws {
        let file = try changedExport("guideline:progress-indicators.prefer-progress-bars", to: "닫히지 않은")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "msgstr \"닫히지 않은\"", with: "msgstr \"닫히지 않은").write(toFile: file, atomically: true, encoding: .utf8)
        let broken = try guidebook(["translations", "import", file])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.errors.contains("line ") && broken.errors.contains("not closed") && broken.errors.contains("nothing was applied"), broken.errors)
        let usage = try guidebook(["translations", "import", "--on-conflict", "overwrite", file])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.errors.contains("--on-conflict must be draft or skip"), usage.errors)
    }

    func testAFileGoesThroughARunningServersJobAPI() throws {
        let file = try changedExport("guideline:progress-indicators.prefer-progress-bars", to: "서버로 보낸 번역.")
        let server = try ServerProcess(arguments: ["--db", databasePath])
        defer { server.signal(SIGTERM); _ = server.waitForExit(seconds: 10) }
        let url = "http://127.0.0.1:\(server.port)"
        // No token (the test's environment names none).
        let refused = try guidebook(["translations", "import", "--server", url, file])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.errors.contains("401") && refused.errors.contains("editor token"), refused.errors)
        let tokenFile = directory + "/admin.token"
        try TestGuidebook.adminToken.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let sent = try guidebook(["translations", "import", "--server", url, "--token-file", tokenFile, file])
        XCTAssertEqual(sent.status, 0, sent.errors)
        XCTAssertTrue(sent.errors.contains("1 written") && sent.errors.contains("job_"), sent.errors)
    }

    func testAnApprovedTranslationChangesOnlyWithReviewer() throws {
        let id = "progress-indicators.prefer-progress-bars"
        let file = try changedExport("guideline:\(id)", to: "승인된 번역을 바꿈.")
        // Approved as a reviewer approves it, in the database the command then opens.
        do {
            let store = try Store(path: databasePath, migrations: try Migration.load(from: TestGuidebook.migrationsDirectory))
            _ = try store.write(token: "reviewer") { try $0.editor.approveTranslation(.guideline(id), locale: "ko", precondition: .none, role: .reviewer) }
        }
        let kept = try guidebook(["translations", "import", file])
        XCTAssertEqual(kept.status, 0, kept.errors)
        XCTAssertTrue(kept.errors.contains("0 written") && kept.errors.contains("1 approved kept"), kept.errors)
        let changed = try guidebook(["translations", "import", "--reviewer", file])
        XCTAssertEqual(changed.status, 0, changed.errors)
        XCTAssertTrue(changed.errors.contains("1 written") && changed.errors.contains("0 approved kept"), changed.errors)
        let usage = try guidebook(["translations", "import", "--reviewer", "--server", "http://127.0.0.1:9", file])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.errors.contains("the token's role counts"), usage.errors)
    }
}
