import Foundation
@testable import GuidebookCore
import GuidebookImport
import GuidebookTestSupport
import XCTest

/// Import jobs end to end, in-process: lifecycle, progress, dry runs, cancellation, failures with
/// line numbers, reads during imports, event streams, idempotence and export round trips.
final class ImportJobTests: XCTestCase {
    private var server: TestApp!

    override func setUpWithError() throws {
        server = try makeTestApp()
    }

    private func ndjson(_ count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try KnowledgeGenerator(guidelineCount: count).write { bytes.append(contentsOf: $0) }
        return bytes
    }

    private func topicCount() throws -> Int {
        try server.store.read { try $0.database.scalarInt("SELECT count(*) FROM topics") ?? 0 }
    }

    private func guidelineCount() throws -> Int {
        try server.store.read { try $0.database.scalarInt("SELECT count(*) FROM guidelines") ?? 0 }
    }

    func testAJobGoesFromQueuedToSucceededWithProgressThatNeverGoesBack() throws {
        let id = try server.submitJob(try ndjson(5_000), query: "format=ndjson&name=kb.ndjson")
        let states = try server.followJob(id)
        let final = try XCTUnwrap(states.last)
        XCTAssertEqual(final["status"] as? String, "succeeded", "\(final)")
        let statuses = states.compactMap { $0["status"] as? String }
        let order = ["queued", "running", "succeeded"]
        XCTAssertEqual(statuses.map { order.firstIndex(of: $0) ?? -1 }, statuses.map { order.firstIndex(of: $0) ?? -1 }.sorted(), "statuses only move forward: \(statuses)")
        var lastPercent = -1
        for state in states {
            let progress = try XCTUnwrap(state["progress"] as? [String: Any])
            if let percent = progress["percent"] as? Int {
                XCTAssertGreaterThanOrEqual(percent, lastPercent, "progress never goes backwards")
                if state["status"] as? String != "succeeded" { XCTAssertLessThan(percent, 100, "100% only once committed") }
                lastPercent = percent
            } else {
                XCTAssertTrue(progress["total"] is NSNull, "percent is null exactly while the total is unknown")
            }
        }
        XCTAssertEqual((final["progress"] as? [String: Any])?["percent"] as? Int, 100)
        let result = try XCTUnwrap(final["result"] as? [String: Any])
        XCTAssertEqual((result["guidelines"] as? [String: Any])?["created"] as? Int, 5_000)
        XCTAssertEqual((result["topics"] as? [String: Any])?["created"] as? Int, 100)
        XCTAssertNotNil(final["finished_at"] as? String)
        XCTAssertEqual(try server.get("/v1/topics/gen-topic-00042").status, 200)
        XCTAssertGreaterThan(try server.get("/v1/search?q=gauge").jsonObject()["total"] as? Int ?? 0, 0, "imported data is searchable")

        // The same payload again changes nothing.
        let again = try server.followJob(try server.submitJob(try ndjson(5_000), query: "format=ndjson")).last!
        let counts = try XCTUnwrap(again["result"] as? [String: Any])
        XCTAssertEqual((counts["guidelines"] as? [String: Any])?["unchanged"] as? Int, 5_000)
        XCTAssertEqual((counts["guidelines"] as? [String: Any])?["created"] as? Int, 0)
        XCTAssertEqual((counts["guidelines"] as? [String: Any])?["updated"] as? Int, 0)
        XCTAssertEqual((counts["topics"] as? [String: Any])?["unchanged"] as? Int, 100)
    }

    func testTheNotesFixturesImportIntoTopicsWithEnglishKoreanPairs() throws {
        let notes = try NotesFolder.fixtures()
        XCTAssertEqual(notes.fileNames, ["haptics-blog.txt", "index-page.txt", "pasted-notes.txt", "popovers-crlf.txt", "segmented-controls.txt"])
        var results: [String: [String: Any]] = [:]
        for file in notes.fileNames {
            let final = try server.followJob(try server.submitJob(try notes.bytes(of: file), query: "format=notes&name=\(file)", contentType: "text/plain")).last!
            XCTAssertEqual(final["status"] as? String, "succeeded", "\(file): \(final)")
            results[file] = final["result"] as? [String: Any]
        }
        XCTAssertEqual(results.count, 5)

        // Warnings reach the job's result with the file and line the parser gave them.
        let warnings = results["segmented-controls.txt"]?["warnings"] as? [[String: Any]] ?? []
        XCTAssertEqual(warnings.compactMap { $0["line"] as? Int }, [27, 37, 70, 76, 78, 80])
        XCTAssertTrue(warnings.allSatisfy { $0["file"] as? String == "segmented-controls.txt" }, "\(warnings)")
        XCTAssertEqual((results["index-page.txt"]?["topics"] as? [String: Any])?["created"] as? Int, 5)

        // A new topic: the notes' category, the Korean title, a section per heading.
        let segmented = try server.get("/v1/topics/segmented-controls?lang=en,ko").jsonObject()
        XCTAssertEqual(segmented["category"] as? String, "notes")
        XCTAssertEqual(segmented["title"] as? [String: String], ["en": "Segmented Controls", "ko": "세그먼트 컨트롤"])
        let sections = segmented["sections"] as? [[String: Any]] ?? []
        XCTAssertEqual(sections.compactMap { $0["key"] as? String },
                       ["overview", "choosing-segments", "content-inside-segments", "segmented-controls-in-toolbars"])
        let keep = try server.get("/v1/guidelines/segmented-controls.keep-number-segments-small?lang=en,ko").jsonObject()
        XCTAssertEqual(keep["section"] as? String, "choosing-segments")
        XCTAssertEqual((keep["text"] as? [String: Any])?["ko"] as? String,
                       "세그먼트 수는 적게 유지하세요. 넓은 세그먼트일수록 누르기 쉽고, 휴대폰에서는 다섯 개 정도가 한눈에 파악할 수 있는 최대치입니다.")

        // A topic the knowledge base already has (from the CRLF file) keeps its category; the
        // notes' pairs are merged into it.
        let popovers = try server.get("/v1/topics/popovers?lang=en,ko").jsonObject()
        XCTAssertEqual(popovers["category"] as? String, "views", "an existing topic keeps its category")
        let guidelines = (popovers["sections"] as? [[String: Any]] ?? []).flatMap { $0["guidelines"] as? [[String: Any]] ?? [] }
        let pair = guidelines.compactMap { $0["text"] as? [String: Any] }.first { ($0["en"] as? String ?? "").hasPrefix("Keep popovers small.") }
        XCTAssertEqual(pair?["ko"] as? String, "팝오버는 작게 유지하세요. 화면 대부분을 채울 만큼 커진 팝오버는 잠깐 들르는 곳처럼 느껴지지 않으니, 그런 콘텐츠는 시트로 보여 주세요.")

        // The index page's topics, the blog note's derived title and the pasted notes all arrived.
        for slug in ["toggles", "steppers", "page-controls", "color-wells", "text-fields", "haptics", "sliders", "pickers"] {
            XCTAssertEqual(try server.get("/v1/topics/\(slug)").status, 200, slug)
        }
        // The imported Korean is searchable.
        let search = try server.get("/v1/search?q=%ED%96%85%ED%8B%B1&lang=ko&topic=haptics").jsonObject()
        XCTAssertGreaterThan(search["total"] as? Int ?? 0, 0, "햅틱 finds the imported Korean: \(search)")

        // The same notes again change nothing.
        for file in notes.fileNames {
            let final = try server.followJob(try server.submitJob(try notes.bytes(of: file), query: "format=notes&name=\(file)", contentType: "text/plain")).last!
            let counts = final["result"] as? [String: Any]
            for kind in ["topics", "guidelines", "translations"] {
                let tally = counts?[kind] as? [String: Any]
                XCTAssertEqual(tally?["created"] as? Int, 0, "\(file) \(kind)")
                XCTAssertEqual(tally?["updated"] as? Int, 0, "\(file) \(kind)")
            }
        }
    }

    func testADryRunReportsButAppliesNothing() throws {
        let topics = try topicCount(), guidelines = try guidelineCount()
        let final = try server.followJob(try server.submitJob(try ndjson(2_000), query: "format=ndjson&dry_run=true")).last!
        XCTAssertEqual(final["status"] as? String, "succeeded")
        let result = try XCTUnwrap(final["result"] as? [String: Any])
        XCTAssertEqual(result["dry_run"] as? Bool, true)
        XCTAssertEqual((result["guidelines"] as? [String: Any])?["created"] as? Int, 2_000, "the dry run says what would change")
        XCTAssertEqual(try topicCount(), topics)
        XCTAssertEqual(try guidelineCount(), guidelines)
    }

    func testCancelingARunningImportAppliesNothing() throws {
        let topics = try topicCount(), guidelines = try guidelineCount()
        let id = try server.submitJob(try ndjson(30_000), query: "format=ndjson")
        let running = try server.followJob(id, seconds: 30) { ($0["status"] as? String) == "running" && (($0["progress"] as? [String: Any])?["completed"] as? Int ?? 0) > 0 }
        XCTAssertEqual(running.last?["status"] as? String, "running")
        let client = try server.client()
        let cancel = try client.request("POST", "/v1/jobs/\(id)/cancel", headers: [TestGuidebook.adminHeader])
        client.close()
        XCTAssertEqual(cancel.status, 202, cancel.text)
        let final = try server.followJob(id).last!
        XCTAssertEqual(final["status"] as? String, "canceled")
        XCTAssertEqual(try topicCount(), topics)
        XCTAssertEqual(try guidelineCount(), guidelines)
        // A finished job cannot be canceled again, but it can be deleted.
        XCTAssertEqual(try server.request("POST", "/v1/jobs/\(id)/cancel", headers: [TestGuidebook.adminHeader]).status, 409)
        XCTAssertEqual(try server.request("DELETE", "/v1/jobs/\(id)", headers: [TestGuidebook.adminHeader]).status, 204)
        XCTAssertEqual(try server.get("/v1/jobs/\(id)", headers: [TestGuidebook.adminHeader]).status, 404)
    }

    func testMalformedInputFailsWithItsLineAndAppliesNothing() throws {
        let guidelines = try guidelineCount()
        var lines = try ndjson(200).split(separator: 0x0a).map(Array.init)
        lines.insert(Array(#"{"kind":"topic","slug":"Not A Slug","category":"gen-category-0","title":{"en":"x"},"summary":{},"sections":[]}"#.utf8), at: 5)
        let body = Array(lines.joined(separator: [0x0a]))
        let final = try server.followJob(try server.submitJob(body, query: "format=ndjson")).last!
        XCTAssertEqual(final["status"] as? String, "failed")
        let error = try XCTUnwrap(final["error"] as? [String: Any])
        XCTAssertEqual(error["line"] as? Int, 6)
        XCTAssertEqual(error["field"] as? String, "topic Not A Slug.slug")
        XCTAssertEqual(try guidelineCount(), guidelines, "the valid lines before the bad one are not applied either")

        let broken = try server.followJob(try server.submitJob(Array("{\"kind\":\"category\",\n".utf8), query: "format=ndjson")).last!
        XCTAssertEqual(broken["status"] as? String, "failed")
        XCTAssertEqual((broken["error"] as? [String: Any])?["line"] as? Int, 1)

        // A line that is not JSON after many that are (the lines are decoded on another thread,
        // ahead of the writes): reported at its own line, after the lines before it, and nothing applied.
        var late = try ndjson(5_000).split(separator: 0x0a).map(Array.init)
        XCTAssertGreaterThan(late.count, 90)
        late.insert(Array(#"{"kind":"topic","slug":"#.utf8), at: 90)
        let lateFailure = try server.followJob(try server.submitJob(Array(late.joined(separator: [0x0a])), query: "format=ndjson")).last!
        XCTAssertEqual(lateFailure["status"] as? String, "failed")
        XCTAssertEqual((lateFailure["error"] as? [String: Any])?["line"] as? Int, 91)
        XCTAssertEqual(try guidelineCount(), guidelines)
    }

    /// A line or bundle that cannot be read says what is wrong with it and where, not only that it
    /// is not JSON: an unknown kind is named, and a syntax error gets its column (and, in a bundle
    /// of many lines, its line).
    func testAnUnreadableRecordSaysWhatIsWrongAndWhere() throws {
        let guidelines = try guidelineCount()
        func failure(_ body: String, _ query: String, contentType: String = "application/x-ndjson") throws -> [String: Any] {
            let final = try XCTUnwrap(try server.followJob(try server.submitJob(Array(body.utf8), query: query, contentType: contentType)).last)
            XCTAssertEqual(final["status"] as? String, "failed", "\(final)")
            return try XCTUnwrap(final["error"] as? [String: Any], "\(final)")
        }
        let kind = try failure("{\"kind\":\"locale\",\"code\":\"ko\",\"name\":\"한국어\"}\n{\"kind\":\"topics\",\"slug\":\"a\"}\n", "format=ndjson")
        XCTAssertEqual(kind["line"] as? Int, 2)
        XCTAssertEqual(kind["field"] as? String, "kind")
        XCTAssertEqual(kind["message"] as? String, "unknown kind 'topics' (expected locale, category, topic or glossary)")

        // The column counts characters: the Hangul before the missing comma is one column each.
        let syntax = try failure(#"{"kind":"category","slug":"가나다" "title":{"en":"x"}}"#, "format=ndjson")
        XCTAssertEqual(syntax["line"] as? Int, 1)
        XCTAssertEqual(syntax["field"] as? String, "body")
        XCTAssertEqual(syntax["message"] as? String, "is not valid JSON: expected ',' or '}' at column 33")

        let bundle = try failure("{\n  \"locales\": [],\n  \"topics\": [\n    {\"slug\": \"a\" \"title\": {}}\n  ]\n}\n", "format=json", contentType: "application/json")
        XCTAssertEqual(bundle["line"] as? Int, 4)
        XCTAssertEqual(bundle["message"] as? String, "is not valid JSON: expected ',' or '}' at line 4, column 18")
        XCTAssertEqual(try guidelineCount(), guidelines)
    }

    /// A title is held to the API's 300 characters on import too (in any locale, a section's as
    /// well), so an imported topic can be edited: a longer one fails the import and applies nothing.
    func testAnImportedTitleIsHeldToTheAPIsLengthSoTheTopicCanBeEdited() throws {
        let guidelines = try guidelineCount()
        func line(title: String, koTitle: String = "제목", sectionTitle: String = "") -> String {
            #"{"kind":"topic","slug":"long-title","category":"overview","title":{"en":"\#(title)","ko":"\#(koTitle)"},"summary":{"en":"s"},"#
                + #""sections":[{"key":"overview","title":{"en":"\#(sectionTitle)"},"guidelines":[{"id":"long-title.g","text":{"en":"A guideline."}}]}]}"#
        }
        let refused: [(line: String, field: String)] = [
            (line(title: String(repeating: "t", count: 301)), "title.en"),
            (line(title: "Fine", koTitle: String(repeating: "가", count: 301)), "title.ko"),
            (line(title: "Fine", sectionTitle: String(repeating: "s", count: 301)), "sections[0].title.en"),
        ]
        for (text, field) in refused {
            let final = try importLines([text])
            XCTAssertEqual(final["status"] as? String, "failed", field)
            let error = final["error"] as? [String: Any]
            XCTAssertEqual((error?["field"] as? String)?.hasSuffix(field), true, "\(error ?? [:])")
            XCTAssertEqual(error?["message"] as? String, "longer than 300 characters")
        }
        XCTAssertEqual(try guidelineCount(), guidelines)
        XCTAssertEqual(try importLines([line(title: String(repeating: "t", count: 300))])["status"] as? String, "succeeded")
        XCTAssertEqual(try server.send("PATCH", "/v1/topics/long-title", #"{"summary": "Edited."}"#).status, 200)
    }

    /// One NDJSON line of topic `slug` (category `overview`, one section `overview`) listing
    /// `guidelines` as (id, English text), in that order.
    private func topicLine(_ slug: String, _ guidelines: [(String, String)]) -> String {
        let items = guidelines.map { #"{"id":"\#($0.0)","text":{"en":"\#($0.1)"}}"# }.joined(separator: ",")
        return #"{"kind":"topic","slug":"\#(slug)","category":"overview","title":{"en":"T"},"summary":{"en":"s"},"#
            + #""sections":[{"key":"overview","title":{"en":""},"guidelines":[\#(items)]}]}"#
    }

    private func positions(_ slug: String) throws -> [String] {
        try server.store.read {
            try $0.database.rows("""
                SELECT g.key || '@' || g.position FROM guidelines g JOIN topics t ON t.id = g.topic_id WHERE t.slug = ? ORDER BY g.position, g.id
                """, [.text(slug)]) { $0.text(0) }
        }
    }

    private func importLines(_ lines: [String]) throws -> [String: Any] {
        try XCTUnwrap(try server.followJob(try server.submitJob(Array(lines.joined(separator: "\n").utf8), query: "format=ndjson")).last)
    }

    /// A topic line that merges into an existing topic lists only some of its guidelines: they
    /// come first, in its order, and the others follow, each section numbered 0, 1, 2… with no two
    /// alike. Importing the same line again, or the server's own export, changes nothing.
    func testAMergedTopicLineKeepsPositionsDistinctAndAgainChangesNothing() throws {
        XCTAssertEqual(try importLines([topicLine("pp-a", [("pp-a.g0", "zero"), ("pp-a.g1", "one")])])["status"] as? String, "succeeded")
        XCTAssertEqual(try importLines([topicLine("pp-a", [("pp-a.g2", "two")])])["status"] as? String, "succeeded")
        XCTAssertEqual(try positions("pp-a"), ["pp-a.g2@0", "pp-a.g0@1", "pp-a.g1@2"])
        let again = try importLines([topicLine("pp-a", [("pp-a.g2", "two")])])
        XCTAssertEqual(((again["result"] as? [String: Any])?["guidelines"] as? [String: Any])?["updated"] as? Int, 0, "\(again)")
        XCTAssertEqual(try positions("pp-a"), ["pp-a.g2@0", "pp-a.g0@1", "pp-a.g1@2"])

        // A guideline moved to another topic leaves no gap behind it.
        XCTAssertEqual(try importLines([topicLine("pp-b", [("pp-a.g0", "zero")])])["status"] as? String, "succeeded")
        XCTAssertEqual(try positions("pp-a"), ["pp-a.g2@0", "pp-a.g1@1"])
        XCTAssertEqual(try positions("pp-b"), ["pp-a.g0@0"])

        // The server's own export, imported again, finds nothing to change.
        let export = try server.get("/v1/export")
        XCTAssertEqual(export.status, 200)
        let final = try XCTUnwrap(try server.followJob(try server.submitJob(export.body, query: "format=json", contentType: "application/json")).last)
        let counts = try XCTUnwrap(final["result"] as? [String: Any], "\(final)")
        for kind in ["topics", "guidelines"] {
            XCTAssertEqual((counts[kind] as? [String: Any])?["updated"] as? Int, 0, "\(kind): \(counts)")
        }
    }

    /// Two lines of one NDJSON import that list the same guideline under different topics
    /// contradict each other: the import fails naming both, as a bundle does, and nothing is
    /// applied (the second topic would otherwise take the guideline and the first's text be lost).
    func testTwoTopicLinesListingOneGuidelineFailTheImport() throws {
        let guidelines = try guidelineCount()
        let final = try importLines([topicLine("dd-a", [("dd.same", "from A")]), topicLine("dd-b", [("dd.same", "from B")])])
        XCTAssertEqual(final["status"] as? String, "failed")
        let error = try XCTUnwrap(final["error"] as? [String: Any])
        XCTAssertEqual(error["line"] as? Int, 2)
        XCTAssertEqual(error["field"] as? String, "guideline dd.same")
        XCTAssertEqual(error["message"] as? String, "guideline 'dd.same' is listed by topic 'dd-a' earlier in this import too")
        XCTAssertEqual(try guidelineCount(), guidelines)

        // One topic's line given twice is no contradiction; nor is a later import moving it.
        XCTAssertEqual(try importLines([topicLine("dd-a", [("dd.same", "from A")]), topicLine("dd-a", [("dd.same", "from A")])])["status"] as? String,
                       "succeeded")
        XCTAssertEqual(try importLines([topicLine("dd-b", [("dd.same", "from B")])])["status"] as? String, "succeeded")
        XCTAssertEqual(try positions("dd-b"), ["dd.same@0"])
        XCTAssertEqual(try positions("dd-a"), [])

        // A topic that existed before the import and lists the guideline unchanged claims it too;
        // one that does not list it lets another take it.
        XCTAssertEqual(try importLines([topicLine("dd-c", [("dd.other", "C")])])["status"] as? String, "succeeded")
        let claimed = try importLines([topicLine("dd-c", [("dd.other", "C")]), topicLine("dd-d", [("dd.other", "D")])])
        XCTAssertEqual(claimed["status"] as? String, "failed")
        XCTAssertEqual((claimed["error"] as? [String: Any])?["message"] as? String, "guideline 'dd.other' is listed by topic 'dd-c' earlier in this import too")
        XCTAssertEqual(try positions("dd-c"), ["dd.other@0"])
        let moved = try importLines([topicLine("dd-c", [("dd.kept", "K")]), topicLine("dd-d", [("dd.other", "D")])])
        XCTAssertEqual(moved["status"] as? String, "succeeded", "\(moved)")
        XCTAssertEqual(try positions("dd-c"), ["dd.kept@0"])
        XCTAssertEqual(try positions("dd-d"), ["dd.other@0"])
    }

    func testReadsAreServedDuringAnImport() throws {
        let id = try server.submitJob(try ndjson(30_000), query: "format=ndjson")
        _ = try server.followJob(id, seconds: 30) { ($0["status"] as? String) == "running" }
        var reads = 0
        let client = try server.client()
        defer { client.close() }
        while JobState.isFinished(try server.job(id)) == false {
            XCTAssertEqual(try client.request("GET", "/v1/topics/sheets?lang=ko").status, 200)
            XCTAssertEqual(try client.request("GET", "/v1/search?q=%EC%8B%9C%ED%8A%B8").status, 200)
            reads += 1
        }
        XCTAssertGreaterThan(reads, 0, "reads ran while the import was running")
        XCTAssertEqual(try server.job(id)["status"] as? String, "succeeded")
    }

    func testTheEventStreamDeliversOrderedEventsAndAFinalEvent() throws {
        let id = try server.submitJob(try ndjson(10_000), query: "format=ndjson")
        // The in-process client reads the stream to its end, asking it again while it waits.
        let response = try server.client().request("GET", "/v1/jobs/\(id)/events", headers: [TestGuidebook.adminHeader], timeoutSeconds: 60)
        let text = response.text
        XCTAssertEqual(response.status, 200, text)
        XCTAssertTrue(response.header("Content-Type")?.hasPrefix("text/event-stream") ?? false)
        XCTAssertTrue(response.header("Cache-Control")?.contains("no-cache") ?? false)
        let ids = text.components(separatedBy: "\n").filter { $0.hasPrefix("id: ") }.compactMap { Int($0.dropFirst(4)) }
        XCTAssertFalse(ids.isEmpty)
        XCTAssertEqual(ids, ids.sorted(), "event ids increase")
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertTrue(text.contains("event: done"), "the stream ends with the final state")
        XCTAssertTrue(text.contains("\"status\":\"succeeded\""))

        // Resuming after the last id sends nothing more for a finished job.
        let resumed = try server.client().request("GET", "/v1/jobs/\(id)/events", headers: [("Last-Event-ID", String(ids.last!)), TestGuidebook.adminHeader],
                                                   timeoutSeconds: 10).text
        XCTAssertFalse(resumed.contains("event: progress"))
    }

    func testRequestsThatCannotStartAJobAreAnsweredAtOnce() throws {
        XCTAssertEqual(try server.submitImport([], query: "format=ndjson").status, 400, "empty body")
        XCTAssertEqual(try server.submitImport(Array("x".utf8), query: "format=xml").status, 400, "unknown format name")
        XCTAssertEqual(try server.submitImport(Array("x".utf8), query: "", contentType: "application/xml").status, 415)
        XCTAssertEqual(try server.submitImport(Array("x".utf8), query: "format=ndjson&mode=sideways").status, 400)
        XCTAssertEqual(try server.get("/v1/jobs?status=sleeping", headers: [TestGuidebook.adminHeader]).status, 400)
        XCTAssertEqual(try server.get("/v1/jobs/job_nope", headers: [TestGuidebook.adminHeader]).status, 404)
    }

    func testExportThenImportIntoAnEmptyDatabaseReproducesTheKnowledgeBase() throws {
        _ = try server.followJob(try server.submitJob(try ndjson(500), query: "format=ndjson"))
        let exported = try server.get("/v1/export")
        XCTAssertEqual(exported.status, 200)
        let empty = try TestApp(loadSeed: false)
        defer { empty.stop() }
        let client = try empty.client(timeoutSeconds: 30)
        let response = try client.request("POST", "/v1/imports?format=json", headers: [("Content-Type", "application/json"), TestGuidebook.adminHeader], body: exported.body)
        client.close()
        XCTAssertEqual(response.status, 202)
        let id = try XCTUnwrap(response.jsonObject()["id"] as? String)
        let deadline = Date().addingTimeInterval(60)
        while !JobState.isFinished(try empty.get("/v1/jobs/\(id)", headers: [TestGuidebook.adminHeader]).jsonObject()) && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(try empty.get("/v1/jobs/\(id)", headers: [TestGuidebook.adminHeader]).jsonObject()["status"] as? String, "succeeded")
        let again = try empty.get("/v1/export")
        XCTAssertEqual(try BundleCodec.decode(Data(again.body)), try BundleCodec.decode(Data(exported.body)))
    }

    func testTheQueueIsBounded() throws {
        let bounded = try TestApp(maxQueuedJobs: 1)
        defer { bounded.stop() }
        let big = try ndjson(30_000)
        var statuses: [Int] = []
        for _ in 0..<4 {
            let client = try bounded.client(timeoutSeconds: 30)
            statuses.append(try client.request("POST", "/v1/imports?format=ndjson", headers: [TestGuidebook.adminHeader], body: big).status)
            client.close()
        }
        XCTAssertEqual(statuses.first, 202)
        XCTAssertTrue(statuses.contains(503), "beyond the queue's bound the server says to come back later: \(statuses)")
    }
}
