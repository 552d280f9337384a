import Foundation
import GuidebookBase
@testable import GuidebookAPI
@testable import GuidebookCore
import GuidebookTestSupport
import SQLite
import XCTest

/// `GET /v1/topics/{slug}` and `GET /v1/guidelines/{id}` are written as the read streams its
/// rows (a `GuidelineRecord` per guideline, each section's guidelines into a part of their own,
/// joined in section order). Their bytes and `Content-Language` must be what the model writer
/// (`Representations.write` of a `Topic` or `Guideline`, as the edit answers use it) gives for
/// the same data, in every locale mode, also for what the seed lacks: sections whose guidelines
/// interleave by position, a section without guidelines and without a title, an untranslated
/// guideline, an outdated translation.
final class StreamedReadTests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
        try app.store.write { writer in
            _ = try writer.upsertTopic(BundleTopic(
                slug: "mixed-topic", category: "views", title: ["en": "Mixed Topic"], summary: ["en": "Partly translated.", "ko": "일부 번역."],
                sections: [
                    BundleSection(key: "first", title: ["en": "First", "ko": "첫째"], guidelines: [
                        BundleGuideline(id: "mixed-topic.one", text: ["en": "One \"quoted\" line.", "ko": "하나."]),
                        BundleGuideline(id: "mixed-topic.two", text: ["en": "Two, in English only."]),
                        BundleGuideline(id: "mixed-topic.three", text: ["en": "Three.", "ko": "셋."]),
                    ]),
                    BundleSection(key: "empty", title: [:], guidelines: []),
                    BundleSection(key: "second", title: ["en": "Second"], guidelines: [
                        BundleGuideline(id: "mixed-topic.four", text: ["en": "Four.", "ko": "넷."]),
                        BundleGuideline(id: "mixed-topic.five", text: ["en": "Five\ttabbed.", "ko": "다섯."]),
                    ]),
                ]), mode: .merge)
        }
        // The English of one changes after its translation (outdated), and one moves to the front
        // of another section (positions of the two sections interleave either way).
        try app.store.write { writer in
            _ = try writer.editor.replaceGuideline(id: "mixed-topic.three", GuidelineDraft(topic: "mixed-topic", section: "first", text: "Three, rewritten."), precondition: .none)
            _ = try writer.editor.replaceGuideline(id: "mixed-topic.one", GuidelineDraft(topic: "mixed-topic", section: "second", text: "One \"quoted\" line.", position: 0), precondition: .none)
        }
    }

    private static let languages: [[(String, String)]] = [[], [("Accept-Language", "ko")], [("Accept-Language", "fr, ko;q=0.5")]]
    private static let langs: [String?] = [nil, "en", "ko", "en,ko", "ko,en"]

    func testATopicIsWhatTheModelWriterWrites() throws {
        let slugs = try app.store.read { try $0.topics(category: nil, after: nil, limit: 100).items.map(\.slug) }
        XCTAssertTrue(slugs.contains("mixed-topic"))
        for slug in slugs {
            for lang in Self.langs {
                for headers in Self.languages {
                    let response = try app.get("/v1/topics/\(slug)" + (lang.map { "?lang=" + $0 } ?? ""), headers: headers)
                    XCTAssertEqual(response.status, 200, response.text)
                    let (body, language) = try expected(lang: lang, headers: headers) { reader, localizer, json in
                        Representations.write(try XCTUnwrap(try reader.topic(slug: slug)), localizer: localizer, into: &json)
                    }
                    XCTAssertEqual(response.text, body, "\(slug) lang=\(lang ?? "-") \(headers)")
                    XCTAssertEqual(response.header("Content-Language"), language, "\(slug) lang=\(lang ?? "-") \(headers)")
                }
            }
        }
        let mixed = try JSONSerialization.jsonObject(with: Data(try app.get("/v1/topics/mixed-topic?lang=ko").body)) as? [String: Any]
        let sections = try XCTUnwrap(mixed?["sections"] as? [[String: Any]])
        XCTAssertEqual(sections.map { $0["key"] as? String }, ["first", "empty", "second"])
        XCTAssertEqual(sections.map { ($0["guidelines"] as? [[String: Any]])?.compactMap { $0["id"] as? String } },
                       [["mixed-topic.two", "mixed-topic.three"], [], ["mixed-topic.one", "mixed-topic.four", "mixed-topic.five"]])
        let three = try XCTUnwrap((sections[0]["guidelines"] as? [[String: Any]])?.last)
        XCTAssertEqual(three["translations"] as? [String: String], ["ko": "outdated"])
    }

    func testAGuidelineIsWhatTheModelWriterWrites() throws {
        let ids = try app.store.read { try $0.guidelines(topic: nil, after: nil, limit: 1_000).items.map(\.id) }
        XCTAssertGreaterThan(ids.count, 30)
        for id in ids {
            for lang in Self.langs {
                let response = try app.get("/v1/guidelines/\(id)" + (lang.map { "?lang=" + $0 } ?? ""))
                XCTAssertEqual(response.status, 200, response.text)
                let (body, language) = try expected(lang: lang, headers: []) { reader, localizer, json in
                    Representations.write(try XCTUnwrap(try reader.guideline(id: id)), localizer: localizer, into: &json)
                }
                XCTAssertEqual(response.text, body, "\(id) lang=\(lang ?? "-")")
                XCTAssertEqual(response.header("Content-Language"), language, "\(id) lang=\(lang ?? "-")")
            }
        }
    }

    /// A guideline's texts are written from the bytes SQLite holds, not through a `String`: bytes
    /// that are not UTF-8 (any program can write them) must come out repaired exactly as
    /// `String(decoding:as:)` repairs them, as valid JSON, on both read paths.
    func testTextThatIsNotUTF8IsWrittenAsAStringOfItWouldBe() throws {
        let raw: [UInt8] = Array("Bad ".utf8) + [0xC3, 0x28, 0xFF] + Array(" bytes \"q\" ".utf8) + [0xE2, 0x82] + Array("진".utf8) + [0xED, 0xA0, 0x80]
        let hex = raw.map { String(format: "%02X", $0) }.joined()
        try app.store.write { writer in
            try writer.database.execute("""
                UPDATE guideline_texts SET text = CAST(x'\(hex)' AS TEXT)
                WHERE locale = 'en' AND guideline_id = (SELECT id FROM guidelines WHERE key = 'mixed-topic.four')
                """)
        }
        let expected = String(decoding: raw, as: UTF8.self)
        let guideline = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try app.get("/v1/guidelines/mixed-topic.four?lang=en").body)) as? [String: Any])
        XCTAssertEqual(guideline["text"] as? String, expected)
        let topic = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try app.get("/v1/topics/mixed-topic?lang=en,ko").body)) as? [String: Any])
        let guidelines = try XCTUnwrap((topic["sections"] as? [[String: Any]])?.flatMap { $0["guidelines"] as? [[String: Any]] ?? [] })
        let four = try XCTUnwrap(guidelines.first { $0["id"] as? String == "mixed-topic.four" })
        XCTAssertEqual((four["text"] as? [String: Any])?["en"] as? String, expected)
        XCTAssertEqual((four["text"] as? [String: Any])?["ko"] as? String, "넷.")
    }

    /// What `write` gives with a localizer negotiated as the API negotiates, and its `Content-Language`.
    private func expected(lang: String?, headers: [(String, String)],
                          write: (KnowledgeReader, Localizer, inout JSONWriter) throws -> Void) throws -> (String, String) {
        try app.store.read { reader in
            let available = try reader.locales().map(\.code)
            let acceptLanguage = headers.first { $0.0 == "Accept-Language" }?.1
            let locales = try LocaleNegotiator.negotiate(lang: lang, acceptLanguage: acceptLanguage, available: available, source: SourceLocale.code)
            let localizer = Localizer(requested: locales)
            var json = JSONWriter()
            try write(reader, localizer, &json)
            return (String(decoding: json.bytes, as: UTF8.self), localizer.contentLanguage)
        }
    }
}
