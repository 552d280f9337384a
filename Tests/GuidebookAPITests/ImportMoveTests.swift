import Foundation
@testable import GuidebookCore
import GuidebookTestSupport
import XCTest

/// Imports that move existing guidelines: into a topic the same import creates, between two
/// topics (a swap, in replace mode), and a move with new texts. Each import's result is compared
/// with a second server where the same moves were made through the editing API: the two exports
/// are equal, the search index passes SQLite's integrity check and finds the guideline in its new
/// topic. The first case also runs through the real `guidebook import --dry-run`.
final class ImportMoveTests: XCTestCase {
    private var imported: TestApp!
    private var edited: TestApp!

    override func setUpWithError() throws {
        imported = try makeTestApp()
        edited = try makeTestApp()
    }

    private func export(_ app: TestApp) throws -> KnowledgeBundle {
        try app.store.read { try BundleExporter(reader: $0).export() }
    }

    private func topic(_ bundle: KnowledgeBundle, _ slug: String) throws -> BundleTopic {
        try XCTUnwrap(bundle.topics.first { $0.slug == slug }, "no topic \(slug)")
    }

    private func guideline(_ bundle: KnowledgeBundle, _ id: String) throws -> BundleGuideline {
        try XCTUnwrap(bundle.topics.flatMap { $0.sections.flatMap(\.guidelines) }.first { $0.id == id }, "no guideline \(id)")
    }

    /// Imports `bundle` as a job on `imported` and checks that it succeeded.
    private func importJob(_ bundle: KnowledgeBundle, mode: String = "merge", file: StaticString = #filePath, line: UInt = #line) throws {
        let id = try imported.submitJob([UInt8](try BundleCodec.encode(bundle)), query: "format=bundle&mode=\(mode)", contentType: "application/json",
                                        file: file, line: line)
        let final = try XCTUnwrap(try imported.followJob(id).last)
        XCTAssertEqual(final["status"] as? String, "succeeded", "\(final)", file: file, line: line)
    }

    private func edit(_ method: String, _ target: String, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try edited.send(method, target, json)
        XCTAssertTrue([200, 201].contains(response.status), "\(method) \(target): \(response.text)", file: file, line: line)
    }

    /// Both servers hold the same knowledge base, and each one's search index is sound and finds
    /// `guideline` in `topic`.
    private func assertSameResult(finding guideline: String, in topic: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try export(imported), try export(edited), "the import gives what the same moves through the API give", file: file, line: line)
        for app in [imported!, edited!] {
            try app.store.write { writer in
                try writer.database.run("INSERT INTO search_index (search_index) VALUES ('integrity-check')")
            }
            let text = try self.guideline(try export(app), guideline).text["en"] ?? ""
            let query = QueryText.encode(text.split(separator: " ").prefix(4).joined(separator: " "))
            let hits = try app.get("/v1/search?q=\(query)&limit=50").jsonObject()["items"] as? [[String: Any]] ?? []
            let hit = hits.first { $0["id"] as? String == guideline }
            XCTAssertEqual(hit?["topic"] as? String, topic, "search finds \(guideline) in \(topic): \(hits)", file: file, line: line)
        }
    }

    /// The issue's case: a new topic `movetest` whose section holds `sheets.mail-compose`.
    private func moveIntoNewTopic(_ base: KnowledgeBundle) throws -> KnowledgeBundle {
        var bundle = KnowledgeBundle()
        bundle.topics = [BundleTopic(slug: "movetest", category: "views", title: ["en": "Move test"], summary: ["en": "A topic an import creates."],
                                     sections: [BundleSection(key: "moved", title: ["en": "Moved"], guidelines: [try guideline(base, "sheets.mail-compose")])])]
        return bundle
    }

    func testDryRunOfAMoveIntoANewTopicOnTheCommandLineShowsNoSQL() throws {
        let bundle = try moveIntoNewTopic(try export(imported))
        let root = try makeTemporaryDirectory("guidebook-import-move")
        let file = root + "/movetest.json"
        try BundleCodec.encode(bundle).write(to: URL(fileURLWithPath: file))
        let before = try export(imported)
        let process = try CommandProcess(["import", file, "--dry-run", "--db", imported.guidebook.databasePath, "--resources", TestServer.packageRoot])
        XCTAssertEqual(process.waitForExit(seconds: 60), 0, process.errorOutput)
        XCTAssertTrue(process.errorOutput.contains("dry run, nothing kept; would have topics 1 created"), process.errorOutput)
        XCTAssertFalse(process.errorOutput.contains("SQL"), process.errorOutput)
        XCTAssertEqual(try export(imported), before, "a dry run changes nothing")
    }

    func testMoveIntoATopicTheImportCreatesEqualsTheSameMoveThroughTheAPI() throws {
        try importJob(try moveIntoNewTopic(try export(imported)))

        try edit("POST", "/v1/topics", #"{"slug": "movetest", "category": "views", "title": "Move test", "summary": "A topic an import creates."}"#)
        try edit("POST", "/v1/topics/movetest/sections", #"{"key": "moved", "title": "Moved"}"#)
        try edit("PATCH", "/v1/guidelines/sheets.mail-compose", #"{"topic": "movetest", "section": "moved"}"#)

        XCTAssertEqual(try topic(try export(imported), "movetest").sections.first?.guidelines.map(\.id), ["sheets.mail-compose"])
        XCTAssertFalse(try topic(try export(imported), "sheets").sections.flatMap(\.guidelines).contains { $0.id == "sheets.mail-compose" })
        try assertSameResult(finding: "sheets.mail-compose", in: "movetest")
    }

    /// Two guidelines trade topics in a replacing import, the topic that loses its guideline first:
    /// replace mode must not delete what the other topic of the bundle takes.
    func testSwapBetweenTwoTopicsInAReplacingImportEqualsTheSameMovesThroughTheAPI() throws {
        let base = try export(imported)
        var sheets = try topic(base, "sheets"), popovers = try topic(base, "popovers")
        let mail = try guideline(base, "sheets.mail-compose"), arrow = try guideline(base, "popovers.arrow-to-origin")
        sheets.sections[0].guidelines = sheets.sections[0].guidelines.map { $0.id == mail.id ? arrow : $0 }
        popovers.sections[0].guidelines = popovers.sections[0].guidelines.map { $0.id == arrow.id ? mail : $0 }
        var bundle = KnowledgeBundle()
        bundle.topics = [sheets, popovers]
        try importJob(bundle, mode: "replace")

        let mailPosition = sheets.sections[0].guidelines.firstIndex { $0.id == arrow.id }!
        let arrowPosition = popovers.sections[0].guidelines.firstIndex { $0.id == mail.id }!
        try edit("PATCH", "/v1/guidelines/sheets.mail-compose", #"{"topic": "popovers", "section": "overview", "position": \#(arrowPosition)}"#)
        try edit("PATCH", "/v1/guidelines/popovers.arrow-to-origin", #"{"topic": "sheets", "section": "overview", "position": \#(mailPosition)}"#)

        let after = try export(imported)
        XCTAssertEqual(try topic(after, "sheets").sections[0].guidelines.map(\.id), sheets.sections[0].guidelines.map(\.id))
        XCTAssertEqual(try topic(after, "popovers").sections[0].guidelines.map(\.id), popovers.sections[0].guidelines.map(\.id))
        try assertSameResult(finding: "sheets.mail-compose", in: "popovers")
        try assertSameResult(finding: "popovers.arrow-to-origin", in: "sheets")
        let revision = try imported.store.read { try $0.database.scalarInt("SELECT revision FROM guidelines WHERE key = 'sheets.mail-compose'") }
        XCTAssertEqual(revision, 2, "moved, not deleted and created again")
    }

    /// A guideline moves into a new topic and gets a new English text in the same record.
    func testMovePlusNewTextEqualsTheSameEditThroughTheAPI() throws {
        var bundle = try moveIntoNewTopic(try export(imported))
        bundle.topics[0].sections[0].guidelines[0].text["en"] = "Compose mail in a sheet that keeps the message beside the inbox."
        try importJob(bundle)

        try edit("POST", "/v1/topics", #"{"slug": "movetest", "category": "views", "title": "Move test", "summary": "A topic an import creates."}"#)
        try edit("POST", "/v1/topics/movetest/sections", #"{"key": "moved", "title": "Moved"}"#)
        try edit("PATCH", "/v1/guidelines/sheets.mail-compose",
                 #"{"topic": "movetest", "section": "moved", "text": "Compose mail in a sheet that keeps the message beside the inbox."}"#)
        try assertSameResult(finding: "sheets.mail-compose", in: "movetest")
    }

    /// A constraint SQLite still enforces, broken for real (a second topic with an existing
    /// slug, bypassing the upsert), becomes the store's error naming the record, without SQL.
    func testAConstraintFailureBecomesADomainErrorNamingTheRecord() throws {
        XCTAssertThrowsError(try imported.store.write { writer in
            try KnowledgeWriter.naming("topic sheets") {
                try writer.database.run("INSERT INTO topics (slug, category_id, position, created_at, updated_at) SELECT slug, category_id, 99, created_at, updated_at FROM topics WHERE slug = 'sheets'")
            }
        }) { error in
            guard case StoreError.invalid(let field, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(field, "topic sheets")
            XCTAssertTrue(reason.contains("unique key"), reason)
            XCTAssertFalse(reason.contains("INSERT") || reason.contains("SQL"), reason)
        }
    }

    /// A topic of a bundle that fails is named in the job's error with the line it starts on.
    func testAFailingTopicIsNamedWithItsLineInTheJobError() throws {
        var bundle = try moveIntoNewTopic(try export(imported))
        bundle.topics.insert(try topic(try export(imported), "popovers"), at: 0)
        bundle.topics[1].category = "no-such-category"
        let body = try BundleCodec.encode(bundle)
        let text = String(decoding: body, as: UTF8.self)
        let expectedLine = 1 + text[..<text.range(of: #""movetest""#)!.lowerBound].filter { $0 == "\n" }.count
        let id = try imported.submitJob([UInt8](body), query: "format=bundle", contentType: "application/json")
        let final = try XCTUnwrap(try imported.followJob(id).last)
        XCTAssertEqual(final["status"] as? String, "failed", "\(final)")
        let error = try XCTUnwrap(final["error"] as? [String: Any])
        XCTAssertEqual(error["field"] as? String, "topic movetest.category", "\(error)")
        XCTAssertEqual(error["line"] as? Int, expectedLine, "\(error)")
        XCTAssertFalse("\(final)".contains("SQL"), "\(final)")
    }
}
