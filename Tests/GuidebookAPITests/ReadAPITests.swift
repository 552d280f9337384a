import Foundation
import GuidebookCore
import GuidebookTestSupport
import XCTest

/// The read API end to end, in-process: the whole pipeline on a real SQLite file with the seed
/// (`ConnectionTests` has what needs a socket).
final class ReadAPITests: XCTestCase {
    private var server: TestApp!

    static let seedTopics: Set<String> = [
        "dark-mode", "launch-screen", "interface-essentials", "sheets", "modality", "popovers",
        "refresh-content-controls", "progress-indicators", "labels", "context-menus", "materials", "split-views",
    ]

    override func setUpWithError() throws {
        server = try makeTestApp()
    }

    // MARK: Helpers

    private func get(_ target: String, headers: [(String, String)] = []) throws -> HTTPTestResponse {
        try server.get(target, headers: headers)
    }

    /// The target of a `Link: <...>; rel="next"` header.
    private func nextLink(_ response: HTTPTestResponse) -> String? {
        guard let link = response.header("Link") else { return nil }
        for part in link.split(separator: ",") where part.contains("rel=\"next\"") {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">") else { continue }
            return String(part[part.index(after: open)..<close])
        }
        return nil
    }

    /// Follows `Link: rel="next"` from `first`, at most `maxPages` pages, checking each link;
    /// returns the `field` of every item seen and the number of pages.
    private func walk(_ first: String, maxPages: Int, field: String,
                      checkLink: (String) -> Void = { _ in }) throws -> (values: [String], pages: Int) {
        var target: String? = first
        var values: [String] = []
        var pages = 0
        while let current = target, pages < maxPages {
            pages += 1
            let response = try get(current)
            XCTAssertEqual(response.status, 200, response.text)
            values += items(try json(response)).compactMap { $0[field] as? String }
            target = nextLink(response)
            if let target { checkLink(target) }
        }
        return (values, pages)
    }

    private func queryValue(_ name: String, in target: String) -> String? {
        URLComponents(string: "http://localhost" + target)?.queryItems?.first { $0.name == name }?.value
    }

    /// The seed's JSON for one topic file, decoded with JSONSerialization.
    private func seedTopic(_ slug: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestGuidebook.seedDirectory + "/\(slug).json"))
        let bundle = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let topics = try XCTUnwrap(bundle["topics"] as? [[String: Any]])
        return try XCTUnwrap(topics.first { $0["slug"] as? String == slug })
    }

    // MARK: Service endpoints

    func testLivezAndReadyz() throws {
        let live = try get("/livez")
        XCTAssertEqual(live.status, 200)
        XCTAssertEqual(try json(live)["status"] as? String, "alive")

        let ready = try get("/readyz")
        XCTAssertEqual(ready.status, 200, ready.text)
        let body = try json(ready)
        XCTAssertEqual(body["status"] as? String, "ready")
        XCTAssertEqual((body["reasons"] as? [Any])?.count, 0)
    }

    func testReadyzIsUnavailableWithoutSeed() throws {
        let empty = try TestApp(loadSeed: false)
        defer { empty.stop() }
        let ready = try empty.get("/readyz")
        XCTAssertEqual(ready.status, 503)
        XCTAssertEqual(try ready.jsonObject()["status"] as? String, "not ready")
        XCTAssertEqual(try empty.get("/livez").status, 200)
    }

    // MARK: Categories, locales

    func testCategories() throws {
        let response = try get("/v1/categories")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Language"), "en")
        let categories = items(try json(response))
        let slugs = categories.compactMap { $0["slug"] as? String }
        XCTAssertEqual(Set(slugs), ["overview", "app-architecture", "visual-design", "views", "controls"])
        let total = categories.compactMap { $0["topic_count"] as? Int }.reduce(0, +)
        XCTAssertEqual(total, 12)
        let controls = try XCTUnwrap(categories.first { $0["slug"] as? String == "controls" })
        XCTAssertEqual(controls["title"] as? String, "Controls")
        XCTAssertEqual(controls["topic_count"] as? Int, 4)

        let korean = try get("/v1/categories?lang=ko")
        XCTAssertEqual(korean.header("Content-Language"), "ko")
        let koControls = try XCTUnwrap(items(try json(korean)).first { $0["slug"] as? String == "controls" })
        XCTAssertEqual(koControls["title"] as? String, "컨트롤")
        XCTAssertEqual(koControls["fallback"] as? Bool, false)
    }

    func testLocales() throws {
        let response = try get("/v1/locales")
        XCTAssertEqual(response.status, 200)
        let locales = items(try json(response))
        XCTAssertEqual(locales.compactMap { $0["code"] as? String }, ["en", "ko"])
        XCTAssertEqual(locales.first?["source"] as? Bool, true)
        XCTAssertEqual(locales.last?["source"] as? Bool, false)
        XCTAssertEqual(locales.last?["name"] as? String, "한국어")
    }

    // MARK: Topics

    func testTopicsListAllTwelveOnOnePage() throws {
        let response = try get("/v1/topics?limit=100")
        XCTAssertEqual(response.status, 200)
        let body = try json(response)
        let slugs = items(body).compactMap { $0["slug"] as? String }
        XCTAssertEqual(slugs.count, 12)
        XCTAssertEqual(Set(slugs), Self.seedTopics)
        XCTAssertTrue(body["next"] is NSNull, "next should be null on the only page, was \(String(describing: body["next"]))")
        XCTAssertNil(response.header("Link"))
    }

    func testTopicsFilteredByCategory() throws {
        let response = try get("/v1/topics?category=controls")
        XCTAssertEqual(response.status, 200)
        let topics = items(try json(response))
        XCTAssertEqual(Set(topics.compactMap { $0["slug"] as? String }),
                       ["context-menus", "labels", "progress-indicators", "refresh-content-controls"])
        XCTAssertTrue(topics.allSatisfy { $0["category"] as? String == "controls" })

        let views = items(try json(try get("/v1/topics?category=views")))
        XCTAssertEqual(Set(views.compactMap { $0["slug"] as? String }), ["sheets", "popovers", "split-views"])

        try assertProblem(try get("/v1/topics?category=no-such-category"), status: 400, parameter: "category")
    }

    func testTopicsPaginationFollowsNextUntilExhausted() throws {
        var target: String? = "/v1/topics?limit=5"
        var seen: [String] = []
        var pages = 0
        while let current = target {
            pages += 1
            XCTAssertLessThan(pages, 10, "pagination does not end")
            if pages >= 10 { break }
            let response = try get(current)
            XCTAssertEqual(response.status, 200, "\(current): \(response.text.prefix(200))")
            let body = try json(response)
            let page = items(body)
            XCTAssertLessThanOrEqual(page.count, 5)
            seen += page.compactMap { $0["slug"] as? String }
            if let next = body["next"] as? String {
                let link = try XCTUnwrap(nextLink(response), "a page with a next cursor must have a Link rel=next header")
                XCTAssertEqual(queryValue("cursor", in: link), next, "Link cursor and next differ")
                XCTAssertEqual(queryValue("limit", in: link), "5", "Link must keep the other query parameters")
                XCTAssertTrue(link.hasPrefix("/v1/topics?"), link)
                target = link
            } else {
                XCTAssertTrue(body["next"] is NSNull, "next must be null on the last page")
                XCTAssertNil(response.header("Link"), "the last page must not have a Link header")
                target = nil
            }
        }
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(seen.count, 12, "each topic exactly once: \(seen)")
        XCTAssertEqual(Set(seen), Self.seedTopics)

        // The same walk with the `next` value as the cursor gives the same order.
        var cursor: String? = nil
        var again: [String] = []
        repeat {
            let target = "/v1/topics?limit=5" + (cursor.map { "&cursor=\($0)" } ?? "")
            let body = try json(try get(target))
            again += items(body).compactMap { $0["slug"] as? String }
            cursor = body["next"] as? String
        } while cursor != nil && again.count < 24
        XCTAssertEqual(again, seen)
    }

    func testTopicsPaginationWithinCategory() throws {
        let (seen, pages) = try walk("/v1/topics?category=controls&limit=3", maxPages: 5, field: "slug") { link in
            XCTAssertEqual(queryValue("category", in: link), "controls")
        }
        XCTAssertEqual(pages, 2)
        XCTAssertEqual(seen.count, 4)
        XCTAssertEqual(Set(seen), ["context-menus", "labels", "progress-indicators", "refresh-content-controls"])
    }

    func testTopicDetailHasSectionsAndGuidelines() throws {
        let response = try get("/v1/topics/progress-indicators")
        XCTAssertEqual(response.status, 200)
        XCTAssertNotNil(response.header("ETag"))
        let topic = try json(response)
        XCTAssertEqual(topic["slug"] as? String, "progress-indicators")
        XCTAssertEqual(topic["category"] as? String, "controls")
        XCTAssertEqual(topic["title"] as? String, "Progress Indicators")
        XCTAssertEqual(topic["guideline_count"] as? Int, 13)
        XCTAssertFalse((topic["summary"] as? String ?? "").isEmpty)
        let sections = try XCTUnwrap(topic["sections"] as? [[String: Any]])
        XCTAssertEqual(sections.compactMap { $0["key"] as? String },
                       ["overview", "activity-indicators", "progress-bars", "network-activity-indicators"])
        XCTAssertEqual(sections[1]["title"] as? String, "Activity Indicators")
        let guidelines = sections.flatMap { ($0["guidelines"] as? [[String: Any]]) ?? [] }
        XCTAssertEqual(guidelines.count, 13)
        for guideline in guidelines {
            XCTAssertTrue((guideline["id"] as? String ?? "").hasPrefix("progress-indicators."))
            XCTAssertFalse((guideline["text"] as? String ?? "").isEmpty)
            XCTAssertEqual(guideline["topic"] as? String, "progress-indicators")
            XCTAssertEqual((guideline["translations"] as? [String: Any])?["ko"] as? String, "translated")
        }
    }

    func testUnknownTopicAndGuidelineAre404() throws {
        try assertProblem(try get("/v1/topics/no-such-topic"), status: 404)
        try assertProblem(try get("/v1/guidelines/no-such.guideline"), status: 404)
        try assertProblem(try get("/v1/guidelines/no-such.guideline/translations"), status: 404)
        try assertProblem(try get("/v1/guidelines/no-such.guideline/translations/ko"), status: 404)
    }

    // MARK: Guidelines

    func testGuidelinesFilteredByTopicWithPagination() throws {
        var cursor: String? = nil
        var ids: [String] = []
        var pages = 0
        repeat {
            pages += 1
            let target = "/v1/guidelines?topic=progress-indicators&limit=4" + (cursor.map { "&cursor=\($0)" } ?? "")
            let response = try get(target)
            XCTAssertEqual(response.status, 200, response.text)
            let body = try json(response)
            let page = items(body)
            XCTAssertTrue(page.allSatisfy { $0["topic"] as? String == "progress-indicators" })
            ids += page.compactMap { $0["id"] as? String }
            cursor = body["next"] as? String
            XCTAssertEqual(cursor != nil, response.header("Link") != nil, "Link header iff there is a next page")
        } while cursor != nil && pages < 10
        XCTAssertEqual(pages, 4)
        XCTAssertEqual(ids.count, 13)
        XCTAssertEqual(Set(ids).count, 13)

        // The order is the topic's display order, the same as in the topic detail.
        let topic = try json(try get("/v1/topics/progress-indicators"))
        let detailIDs = ((topic["sections"] as? [[String: Any]]) ?? [])
            .flatMap { ($0["guidelines"] as? [[String: Any]]) ?? [] }.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, detailIDs)

        try assertProblem(try get("/v1/guidelines?topic=no-such-topic"), status: 400, parameter: "topic")
    }

    func testAllGuidelinesPaginated() throws {
        let (ids, pages) = try walk("/v1/guidelines?limit=25", maxPages: 10, field: "id")
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(ids.count, 60)
        XCTAssertEqual(Set(ids).count, 60)
    }

    func testGuidelineDetail() throws {
        let response = try get("/v1/guidelines/dark-mode.system-wide-appearance")
        XCTAssertEqual(response.status, 200)
        let guideline = try json(response)
        XCTAssertEqual(guideline["id"] as? String, "dark-mode.system-wide-appearance")
        XCTAssertEqual(guideline["topic"] as? String, "dark-mode")
        XCTAssertEqual(guideline["section"] as? String, "overview")
        XCTAssertEqual(guideline["locale"] as? String, "en")
        XCTAssertEqual(guideline["fallback"] as? Bool, false)
        XCTAssertTrue((guideline["text"] as? String ?? "").hasPrefix("Starting with iOS 13"))
        XCTAssertEqual((guideline["translations"] as? [String: Any])?["ko"] as? String, "translated")
    }

    func testGuidelineTranslations() throws {
        let seed = try seedTopic("dark-mode")
        let seedGuideline = try XCTUnwrap(((seed["sections"] as? [[String: Any]])?.first?["guidelines"] as? [[String: Any]])?.first)
        let seedText = try XCTUnwrap(seedGuideline["text"] as? [String: String])
        let id = try XCTUnwrap(seedGuideline["id"] as? String)

        let list = try get("/v1/guidelines/\(id)/translations")
        XCTAssertEqual(list.status, 200)
        let body = try json(list)
        XCTAssertEqual(body["guideline"] as? String, id)
        XCTAssertEqual((body["source"] as? [String: Any])?["locale"] as? String, "en")
        XCTAssertEqual((body["source"] as? [String: Any])?["text"] as? String, seedText["en"])
        let translations = items(body)
        XCTAssertEqual(translations.count, 1)
        XCTAssertEqual(translations.first?["locale"] as? String, "ko")
        XCTAssertEqual(translations.first?["state"] as? String, "translated")
        XCTAssertEqual(translations.first?["text"] as? String, seedText["ko"])

        let korean = try get("/v1/guidelines/\(id)/translations/ko")
        XCTAssertEqual(korean.status, 200)
        XCTAssertEqual(korean.header("Content-Language"), "ko")
        let translation = try json(korean)
        XCTAssertEqual(translation["locale"] as? String, "ko")
        XCTAssertEqual(translation["state"] as? String, "translated")
        XCTAssertEqual(Array((translation["text"] as? String ?? "").utf8), Array(seedText["ko"]!.utf8))
        XCTAssertEqual(translation["source_text"] as? String, seedText["en"])

        try assertProblem(try get("/v1/guidelines/\(id)/translations/en"), status: 404)
        try assertProblem(try get("/v1/guidelines/\(id)/translations/fr"), status: 404)
    }

    // MARK: Locale negotiation

    func testLangQueryReturnsKorean() throws {
        let response = try get("/v1/topics/dark-mode?lang=ko")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Language"), "ko")
        XCTAssertTrue(response.header("Vary")?.contains("Accept-Language") ?? false)
        let topic = try json(response)
        XCTAssertEqual(topic["title"] as? String, "다크 모드")
        XCTAssertEqual(topic["locale"] as? String, "ko")
        XCTAssertEqual(topic["fallback"] as? Bool, false)

        let list = try get("/v1/topics?lang=ko&limit=100")
        XCTAssertEqual(list.header("Content-Language"), "ko")
        let darkMode = items(try json(list)).first { $0["slug"] as? String == "dark-mode" }
        XCTAssertEqual(darkMode?["title"] as? String, "다크 모드")
    }

    func testAcceptLanguagePicksKorean() throws {
        let response = try get("/v1/topics/dark-mode", headers: [("Accept-Language", "ko-KR,ko;q=0.9,en;q=0.5")])
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Language"), "ko")
        XCTAssertEqual(try json(response)["title"] as? String, "다크 모드")
    }

    func testAcceptLanguageFrenchFallsBackToEnglish() throws {
        let response = try get("/v1/topics/dark-mode", headers: [("Accept-Language", "fr")])
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Language"), "en")
        let topic = try json(response)
        XCTAssertEqual(topic["title"] as? String, "Dark Mode")
        XCTAssertEqual(topic["locale"] as? String, "en")
    }

    func testLangQueryWinsOverAcceptLanguage() throws {
        let response = try get("/v1/topics/dark-mode?lang=en", headers: [("Accept-Language", "ko")])
        XCTAssertEqual(response.header("Content-Language"), "en")
        XCTAssertEqual(try json(response)["title"] as? String, "Dark Mode")
    }

    func testSideBySideLocales() throws {
        let response = try get("/v1/topics/dark-mode?lang=en,ko")
        XCTAssertEqual(response.status, 200)
        let languages = Set((response.header("Content-Language") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        XCTAssertEqual(languages, ["en", "ko"])
        let topic = try json(response)
        let title = try XCTUnwrap(topic["title"] as? [String: Any], "title must be an object per locale")
        XCTAssertEqual(title["en"] as? String, "Dark Mode")
        XCTAssertEqual(title["ko"] as? String, "다크 모드")
        XCTAssertEqual((topic["missing_locales"] as? [Any])?.count, 0)
        let guideline = try XCTUnwrap(((topic["sections"] as? [[String: Any]])?.first?["guidelines"] as? [[String: Any]])?.first)
        let text = try XCTUnwrap(guideline["text"] as? [String: Any])
        XCTAssertFalse((text["en"] as? String ?? "").isEmpty)
        XCTAssertFalse((text["ko"] as? String ?? "").isEmpty)

        let guidelineResponse = try json(try get("/v1/guidelines/dark-mode.darker-palette?lang=en,ko"))
        XCTAssertNotNil((guidelineResponse["text"] as? [String: Any])?["ko"] as? String)
    }

    /// A guideline written without Korean (through `KnowledgeWriter`, the real write path)
    /// is served in English with `"fallback": true` when Korean is asked for.
    func testMissingTranslationFallsBackToEnglish() throws {
        let english = "Give every sheet a clear way to close."
        try server.store.write { writer in
            let topic = BundleTopic(
                slug: "untranslated-topic", category: "views",
                title: ["en": "Untranslated Topic"], summary: ["en": "Only in English."],
                sections: [BundleSection(key: "overview", title: [:], guidelines: [
                    BundleGuideline(id: "untranslated-topic.english-only", text: ["en": english]),
                ])]
            )
            _ = try writer.upsertTopic(topic, mode: .merge)
        }

        let response = try get("/v1/guidelines/untranslated-topic.english-only?lang=ko")
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.header("Content-Language"), "en")
        let guideline = try json(response)
        XCTAssertEqual(guideline["text"] as? String, english)
        XCTAssertEqual(guideline["locale"] as? String, "en")
        XCTAssertEqual(guideline["fallback"] as? Bool, true)

        let topic = try json(try get("/v1/topics/untranslated-topic?lang=ko"))
        XCTAssertEqual(topic["title"] as? String, "Untranslated Topic")
        XCTAssertEqual(topic["fallback"] as? Bool, true)

        let sideBySide = try json(try get("/v1/guidelines/untranslated-topic.english-only?lang=en,ko"))
        let text = try XCTUnwrap(sideBySide["text"] as? [String: Any])
        XCTAssertEqual(text["en"] as? String, english)
        XCTAssertTrue(text["ko"] is NSNull, "a missing translation is null side by side")
        XCTAssertEqual(sideBySide["missing_locales"] as? [String], ["ko"])

        let translation = try get("/v1/guidelines/untranslated-topic.english-only/translations/ko")
        try assertProblem(translation, status: 404)
        let list = items(try json(try get("/v1/guidelines/untranslated-topic.english-only/translations")))
        XCTAssertEqual(list.first?["state"] as? String, "missing")
        XCTAssertTrue(list.first?["text"] is NSNull)
    }

    func testKoreanTextRoundTripsByteExact() throws {
        let seed = try seedTopic("progress-indicators")
        let response = try get("/v1/topics/progress-indicators?lang=ko")
        XCTAssertEqual(response.status, 200)
        let topic = try json(response)

        let seedTitle = try XCTUnwrap((seed["title"] as? [String: String])?["ko"])
        let seedSummary = try XCTUnwrap((seed["summary"] as? [String: String])?["ko"])
        XCTAssertEqual(Array((topic["title"] as? String ?? "").utf8), Array(seedTitle.utf8))
        XCTAssertEqual(Array((topic["summary"] as? String ?? "").utf8), Array(seedSummary.utf8))

        var served: [String: String] = [:]
        for section in (topic["sections"] as? [[String: Any]]) ?? [] {
            for guideline in (section["guidelines"] as? [[String: Any]]) ?? [] {
                served[guideline["id"] as? String ?? ""] = guideline["text"] as? String
            }
        }
        var compared = 0
        for section in (seed["sections"] as? [[String: Any]]) ?? [] {
            for guideline in (section["guidelines"] as? [[String: Any]]) ?? [] {
                let id = try XCTUnwrap(guideline["id"] as? String)
                let korean = try XCTUnwrap((guideline["text"] as? [String: String])?["ko"])
                XCTAssertEqual(Array((served[id] ?? "").utf8), Array(korean.utf8), "Korean text of \(id)")
                // Written unescaped: the seed's UTF-8 bytes appear verbatim in the response body.
                if !korean.contains("\"") && !korean.contains("\\") {
                    XCTAssertNotNil(response.body.firstRange(of: Array(korean.utf8)), "raw UTF-8 of \(id) not in the body")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, 13)
    }

    // MARK: Errors

    func testUnknownPathIs404Problem() throws {
        try assertProblem(try get("/v1/nothing-here"), status: 404)
        try assertProblem(try get("/v2/topics"), status: 404)
    }

    func testBadLimitIs400() throws {
        for limit in ["0", "-1", "101", "abc", ""] {
            try assertProblem(try get("/v1/topics?limit=\(limit)"), status: 400, parameter: "limit")
        }
        try assertProblem(try get("/v1/guidelines?limit=1000"), status: 400, parameter: "limit")
    }

    func testBadCursorIs400() throws {
        try assertProblem(try get("/v1/topics?cursor=not-a-cursor"), status: 400, parameter: "cursor")
        try assertProblem(try get("/v1/topics?cursor=%21%21%21"), status: 400, parameter: "cursor")
        // A valid cursor of another list is refused too.
        let guidelines = try json(try get("/v1/guidelines?limit=2"))
        let guidelineCursor = try XCTUnwrap(guidelines["next"] as? String)
        try assertProblem(try get("/v1/topics?cursor=\(guidelineCursor)"), status: 400, parameter: "cursor")
        let topics = try json(try get("/v1/topics?limit=2"))
        let topicCursor = try XCTUnwrap(topics["next"] as? String)
        try assertProblem(try get("/v1/topics?category=controls&cursor=\(topicCursor)"), status: 400, parameter: "cursor")
    }

    func testUnknownLangIs400() throws {
        try assertProblem(try get("/v1/topics?lang=xx"), status: 400, parameter: "lang")
        try assertProblem(try get("/v1/topics/dark-mode?lang=en,zz"), status: 400, parameter: "lang")
        try assertProblem(try get("/v1/guidelines/dark-mode.darker-palette?lang="), status: 400, parameter: "lang")
    }

    func testDeleteTopicsIs405WithAllow() throws {
        let response = try server.request("DELETE", "/v1/topics")
        try assertProblem(response, status: 405)
        let allow = Set((response.header("Allow") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        XCTAssertTrue(allow.contains("GET"), "Allow: \(allow)")
        XCTAssertTrue(allow.contains("HEAD"), "Allow: \(allow)")
        XCTAssertFalse(allow.contains("DELETE"))
    }

    func testAcceptTextHTMLIs406() throws {
        try assertProblem(try get("/v1/topics", headers: [("Accept", "text/html")]), status: 406)
        XCTAssertEqual(try get("/v1/topics", headers: [("Accept", "application/json")]).status, 200)
        XCTAssertEqual(try get("/v1/topics", headers: [("Accept", "text/html, application/json;q=0.5")]).status, 200)
    }

    // MARK: Request ids

    func testRequestIDEchoedOrGenerated() throws {
        let echoed = try get("/v1/locales", headers: [("X-Request-Id", "test-request-42")])
        XCTAssertEqual(echoed.header("X-Request-Id"), "test-request-42")

        let problem = try get("/v1/nothing", headers: [("X-Request-Id", "test-request-43")])
        XCTAssertEqual(problem.status, 404)
        XCTAssertEqual(problem.header("X-Request-Id"), "test-request-43")

        let first = try XCTUnwrap(try get("/v1/locales").header("X-Request-Id"))
        let second = try XCTUnwrap(try get("/v1/locales").header("X-Request-Id"))
        XCTAssertFalse(first.isEmpty)
        XCTAssertNotEqual(first, second, "generated request ids must differ")

        // An id that is not a safe token (spaces, control characters, too long) is replaced by a generated one.
        for unsafe in ["has space", String(repeating: "a", count: 200)] {
            let replaced = try XCTUnwrap(try get("/v1/locales", headers: [("X-Request-Id", unsafe)]).header("X-Request-Id"))
            XCTAssertNotEqual(replaced, unsafe)
            XCTAssertFalse(replaced.isEmpty)
        }
    }
}
