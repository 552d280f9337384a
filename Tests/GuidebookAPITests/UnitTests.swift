import Foundation
import GuidebookAPI
import GuidebookBase
import GuidebookCore
import XCTest

/// Fast tests of the API's pure parts: locale negotiation, cursors, routing and the JSON writer.
final class UnitTests: XCTestCase {
    private let available = ["en", "ko"]

    // MARK: LocaleNegotiator

    func testAcceptLanguageOrdersByQValue() {
        XCTAssertEqual(LocaleNegotiator.parseAcceptLanguage("en;q=0.5, ko;q=0.9, fr"), ["fr", "ko", "en"])
        XCTAssertEqual(LocaleNegotiator.parseAcceptLanguage("ko-KR,ko;q=0.9,en;q=0.5"), ["ko-kr", "ko", "en"])
        XCTAssertEqual(LocaleNegotiator.parseAcceptLanguage("en;q=0.1,ko;q=0.2"), ["ko", "en"])
    }

    func testAcceptLanguageTiesKeepHeaderOrder() {
        XCTAssertEqual(LocaleNegotiator.parseAcceptLanguage("ko, en"), ["ko", "en"])
        XCTAssertEqual(LocaleNegotiator.parseAcceptLanguage("en;q=0.8, ko;q=0.8"), ["en", "ko"])
        XCTAssertEqual(LocaleNegotiator.parseAcceptLanguage("ja;q=0.8, en, ko;q=0.8"), ["en", "ja", "ko"])
    }

    func testAcceptLanguageDropsQZero() throws {
        XCTAssertEqual(LocaleNegotiator.parseAcceptLanguage("ko;q=0, en"), ["en"])
        XCTAssertEqual(LocaleNegotiator.parseAcceptLanguage("ko;q=0.0, en;q=0.3"), ["en"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "ko;q=0", available: available, source: "en"), ["en"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "ko;q=0, en;q=0.1", available: available, source: "en"), ["en"])
    }

    func testAcceptLanguagePicksBestAvailable() throws {
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "ko-KR,ko;q=0.9,en;q=0.5", available: available, source: "en"), ["ko"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "fr", available: available, source: "en"), ["en"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "fr-CA, ko-KR;q=0.5, en;q=0.4", available: available, source: "en"), ["ko"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "en;q=0.4, ko;q=0.6", available: available, source: "en"), ["ko"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: nil, available: available, source: "en"), ["en"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "", available: available, source: "en"), ["en"])
    }

    func testWildcard() throws {
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "*", available: available, source: "en"), ["en"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "fr, *;q=0.5", available: available, source: "en"), ["en"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "*", acceptLanguage: nil, available: available, source: "en"), ["en", "ko"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "ko,*", acceptLanguage: nil, available: available, source: "en"), ["ko", "en"])
    }

    func testRegionSubtags() throws {
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "ko-KR", acceptLanguage: nil, available: available, source: "en"), ["ko"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "en-us", acceptLanguage: nil, available: available, source: "en"), ["en"])
        // A regional locale the store holds is matched exactly first, then by its language.
        let regional = ["en", "ko", "pt-br"]
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "pt-br", acceptLanguage: nil, available: regional, source: "en"), ["pt-br"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "pt", acceptLanguage: nil, available: regional, source: "en"), ["pt-br"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "pt-PT", available: regional, source: "en"), ["pt-br"])
    }

    func testLangParameterWinsAndKeepsOrder() throws {
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "ko", acceptLanguage: "en", available: available, source: "en"), ["ko"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "en,ko", acceptLanguage: nil, available: available, source: "en"), ["en", "ko"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: " ko , en ", acceptLanguage: nil, available: available, source: "en"), ["ko", "en"])
        XCTAssertEqual(try LocaleNegotiator.negotiate(lang: "ko,ko-KR", acceptLanguage: nil, available: available, source: "en"), ["ko"])
    }

    func testUnknownLangIsBadParameterProblem() {
        for lang in ["xx", "en,fr", "", ","] {
            XCTAssertThrowsError(try LocaleNegotiator.negotiate(lang: lang, acceptLanguage: nil, available: available, source: "en"), "lang=\(lang)") { error in
                guard let problem = error as? Problem else { return XCTFail("not a Problem: \(error)") }
                XCTAssertEqual(problem.status, 400)
                XCTAssertEqual(problem.extra["parameter"], "lang")
            }
        }
        // An unknown locale in Accept-Language is skipped, not an error.
        XCTAssertNoThrow(try LocaleNegotiator.negotiate(lang: nil, acceptLanguage: "xx, yy", available: available, source: "en"))
    }

    // MARK: Cursor

    func testCursorRoundTrip() throws {
        let keys: [[Int64]] = [[1], [0, 3, 17], [Int64.min, -1, Int64.max], [42, 42, 42]]
        for key in keys {
            for list in ["topics:", "topics:controls", "guidelines:progress-indicators", "guidelines:"] {
                let cursor = Cursor.encode(key, list: list)
                XCTAssertFalse(cursor.contains("+") || cursor.contains("/") || cursor.contains("="), "cursor must be URL-safe: \(cursor)")
                XCTAssertEqual(try Cursor.decode(cursor, list: list, count: key.count), key)
            }
        }
    }

    func testCursorForAnotherListIsRejected() {
        let cursor = Cursor.encode([1, 2, 3], list: "topics:")
        for list in ["topics:controls", "guidelines:", "topics"] {
            XCTAssertThrowsError(try Cursor.decode(cursor, list: list, count: 3)) { error in
                XCTAssertEqual((error as? Problem)?.status, 400)
                XCTAssertEqual((error as? Problem)?.extra["parameter"], "cursor")
            }
        }
    }

    func testGarbageCursorIsRejected() {
        let garbage = [
            "", "!!!", "not base64 at all", "%%%%",
            Data("topics:|".utf8).base64EncodedString(),            // no key
            Data("topics:|1,x,3".utf8).base64EncodedString(),       // not numbers
            Data("topics:".utf8).base64EncodedString(),             // no separator
            String(repeating: "A", count: 600),                     // too long
            Data([0xff, 0xfe, 0x00]).base64EncodedString(),         // not UTF-8
            Cursor.encode([1], list: "topics:"),                    // the right list, the wrong shape
        ]
        for cursor in garbage {
            XCTAssertThrowsError(try Cursor.decode(cursor, list: "topics:", count: 3), "cursor '\(cursor.prefix(40))'") { error in
                XCTAssertEqual((error as? Problem)?.status, 400)
                XCTAssertEqual((error as? Problem)?.extra["parameter"], "cursor")
            }
        }
    }

    // MARK: Router

    private func makeRouter() -> Router<String> {
        var router = Router<String>()
        router.add("GET", "/v1/topics", "list topics")
        router.add("GET", "/v1/topics/{slug}", "topic")
        router.add("GET", "/v1/guidelines/{id}/translations/{locale}", "translation")
        router.add("POST", "/v1/imports", "import")
        router.add("GET", "/v1/imports/{id}", "import status")
        router.add("DELETE", "/v1/imports/{id}", "cancel import")
        return router
    }

    func testRouterBindsParameters() {
        let router = makeRouter()
        guard case .found(let route, let parameters) = router.match(method: "GET", path: "/v1/topics/dark-mode") else {
            return XCTFail("no match")
        }
        XCTAssertEqual(route.handler, "topic")
        XCTAssertEqual(route.template, "/v1/topics/{slug}")
        XCTAssertEqual(parameters, ["slug": "dark-mode"])

        guard case .found(let translation, let more) = router.match(method: "GET", path: "/v1/guidelines/dark-mode.accessibility/translations/ko") else {
            return XCTFail("no match")
        }
        XCTAssertEqual(translation.handler, "translation")
        XCTAssertEqual(more, ["id": "dark-mode.accessibility", "locale": "ko"])

        guard case .found(let list, let none) = router.match(method: "GET", path: "/v1/topics") else {
            return XCTFail("no match for the list")
        }
        XCTAssertEqual(list.handler, "list topics")
        XCTAssertTrue(none.isEmpty)

        // Paths are matched strictly: an empty segment (a trailing slash, or an encoded slash or NUL
        // that the server decoded) matches no template rather than another route.
        for path in ["/v1/topics/", "/v1/topics//", "/v1/guidelines//translations", "/v1//topics"] {
            guard case .notFound = router.match(method: "GET", path: path) else { return XCTFail("\(path) must not match") }
        }
    }

    func testRouterHeadUsesGet() {
        guard case .found(let route, let parameters) = makeRouter().match(method: "HEAD", path: "/v1/topics/sheets") else {
            return XCTFail("HEAD should match the GET route")
        }
        XCTAssertEqual(route.handler, "topic")
        XCTAssertEqual(parameters["slug"], "sheets")
    }

    func testRouterMethodNotAllowedListsAllowedMethods() {
        let router = makeRouter()
        guard case .methodNotAllowed(let allowed) = router.match(method: "DELETE", path: "/v1/topics") else {
            return XCTFail("expected 405")
        }
        XCTAssertEqual(Set(allowed), ["GET", "HEAD"])

        guard case .methodNotAllowed(let importAllowed) = router.match(method: "PUT", path: "/v1/imports/7") else {
            return XCTFail("expected 405")
        }
        XCTAssertEqual(Set(importAllowed), ["GET", "HEAD", "DELETE"])

        guard case .methodNotAllowed(let postOnly) = router.match(method: "GET", path: "/v1/imports") else {
            return XCTFail("expected 405")
        }
        XCTAssertEqual(postOnly, ["POST"], "HEAD is allowed only where GET is")
    }

    func testRouterNotFound() {
        let router = makeRouter()
        for path in ["/", "/v1", "/v1/topic", "/v1/topics/a/b", "/v2/topics", "/v1/guidelines/x/translations"] {
            guard case .notFound = router.match(method: "GET", path: path) else {
                XCTFail("\(path) should not match")
                continue
            }
        }
    }

    func testRouterListsRoutes() {
        let routes = makeRouter().allRoutes
        XCTAssertEqual(routes.count, 6)
        XCTAssertEqual(routes.first?.method, "GET")
        XCTAssertEqual(routes.first?.template, "/v1/topics")
    }

    // MARK: JSONWriter

    private func parse(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            XCTFail("not valid JSON: \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
            throw error
        }
    }

    func testJSONWriterEscapesQuotesBackslashesAndControlCharacters() throws {
        let tricky = "say \"hi\" \\ path C:\\x\n line\r\t tab \u{00}\u{01}\u{08}\u{0c}\u{1f} del\u{7f} end"
        var json = JSONWriter()
        json.beginObject()
        json.field("text", tricky)
        json.field("quote\"key", "v")
        json.endObject()
        let raw = String(decoding: json.bytes, as: UTF8.self)
        XCTAssertTrue(raw.contains("\\\"hi\\\""), raw)
        XCTAssertTrue(raw.contains("\\\\ path C:\\\\x"), raw)
        XCTAssertTrue(raw.contains("\\n"), raw)
        XCTAssertTrue(raw.contains("\\u0000"), raw)
        XCTAssertTrue(raw.contains("\\u001f"), raw)
        // No raw control character survives into the output.
        XCTAssertFalse(json.bytes.contains { $0 < 0x20 }, raw)

        let object = try XCTUnwrap(try parse(json.bytes) as? [String: Any])
        XCTAssertEqual(object["text"] as? String, tricky)
        XCTAssertEqual(object["quote\"key"] as? String, "v")
    }

    func testJSONWriterKeepsHangulAndOtherUnicodeUnchanged() throws {
        let korean = "진행률 표시줄은 작업이 진행될수록 트랙을 채웁니다. 😀 ‘로드 중’"
        var json = JSONWriter()
        json.beginArray()
        json.string(korean)
        json.endArray()
        XCTAssertEqual(json.bytes, Array("[\"\(korean)\"]".utf8), "non-ASCII text is written as its UTF-8 bytes")
        let array = try XCTUnwrap(try parse(json.bytes) as? [String])
        XCTAssertEqual(array.first.map { Array($0.utf8) }, Array(korean.utf8))
    }

    func testJSONWriterStructureParses() throws {
        var json = JSONWriter()
        json.beginObject()
        json.field("int", 42)
        json.field("negative", -7)
        json.field("bool", true)
        json.field("double", 1.5)
        json.field("nan", Double.nan)
        json.field("null", nil as String?)
        json.field("nullInt", nil as Int?)
        json.field("map", ["b": "2", "a": "1"])
        json.key("list")
        json.beginArray()
        json.int(1)
        json.string("two")
        json.beginObject()
        json.endObject()
        json.beginArray()
        json.endArray()
        json.null()
        json.endArray()
        json.key("empty")
        json.beginObject()
        json.endObject()
        json.endObject()

        let object = try XCTUnwrap(try parse(json.bytes) as? [String: Any])
        XCTAssertEqual(object["int"] as? Int, 42)
        XCTAssertEqual(object["negative"] as? Int, -7)
        XCTAssertEqual(object["bool"] as? Bool, true)
        XCTAssertEqual(object["double"] as? Double, 1.5)
        XCTAssertTrue(object["nan"] is NSNull)
        XCTAssertTrue(object["null"] is NSNull)
        XCTAssertTrue(object["nullInt"] is NSNull)
        XCTAssertEqual(object["map"] as? [String: String], ["a": "1", "b": "2"])
        XCTAssertEqual((object["list"] as? [Any])?.count, 5)
        XCTAssertEqual((object["empty"] as? [String: Any])?.count, 0)
        XCTAssertTrue(String(decoding: json.bytes, as: UTF8.self).contains("{\"a\":\"1\",\"b\":\"2\"}"), "map keys are sorted")
    }
}
