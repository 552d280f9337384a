import Foundation
import GuidebookCore
import GuidebookNotes
import XCTest

/// Checks of what the notes parser makes, shared by the parser tests on the fixtures
/// (`GuidebookNotesTests`) and on the real study notes (`GuidebookRealNotesTests`).
extension XCTestCase {
    /// The only topic of `result`; fails when there is none or there are several.
    public func onlyTopic(of result: NotesParseResult, file: StaticString = #filePath, line: UInt = #line) throws -> BundleTopic {
        XCTAssertEqual(result.bundle.topics.count, 1, "topics: \(result.bundle.topics.map(\.slug))", file: file, line: line)
        return try XCTUnwrap(result.bundle.topics.first, file: file, line: line)
    }

    /// The guideline `id` of `topic`; fails naming the ids the topic has.
    public func guideline(_ id: String, in topic: BundleTopic, file: StaticString = #filePath, line: UInt = #line) throws -> BundleGuideline {
        let all = topic.sections.flatMap(\.guidelines)
        return try XCTUnwrap(all.first { $0.id == id }, "no guideline \(id); ids: \(all.map(\.id))", file: file, line: line)
    }

    /// Checks that `result` is a valid bundle in the parser's default category: kebab-case slugs
    /// and section keys, unique section keys, guideline ids under their topic's slug within 128
    /// characters, English text in every guideline, no non-breaking space or carriage return left
    /// in any text, and a JSON round trip that changes nothing. Returns the guideline ids in order.
    @discardableResult
    public func assertValidNotesBundle(_ result: NotesParseResult, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        XCTAssertEqual(result.bundle.format, "guidebook-bundle", file: file, line: line)
        XCTAssertEqual(result.bundle.categories, [BundleCategory(slug: "notes", title: ["en": "Imported notes", "ko": "가져온 노트"])], file: file, line: line)
        var ids: [String] = []
        for topic in result.bundle.topics {
            XCTAssertTrue(Self.isSlug(topic.slug), topic.slug, file: file, line: line)
            XCTAssertNotNil(topic.summary["en"], file: file, line: line)
            XCTAssertEqual(Set(topic.sections.map(\.key)).count, topic.sections.count, file: file, line: line)
            for section in topic.sections {
                XCTAssertTrue(Self.isSlug(section.key), section.key, file: file, line: line)
                for guideline in section.guidelines {
                    XCTAssertTrue(guideline.id.hasPrefix(topic.slug + "."), guideline.id, file: file, line: line)
                    XCTAssertTrue(guideline.id.count <= 128 && Self.isSlug(guideline.id.replacingOccurrences(of: ".", with: "-")), guideline.id,
                                  file: file, line: line)
                    XCTAssertFalse(guideline.text["en"]?.isEmpty ?? true, file: file, line: line)
                    XCTAssertFalse(guideline.text.values.contains { $0.contains("\u{00A0}") || $0.contains("\r") }, guideline.id, file: file, line: line)
                    ids.append(guideline.id)
                }
            }
        }
        let data = try JSONEncoder().encode(result.bundle)
        XCTAssertEqual(try JSONDecoder().decode(KnowledgeBundle.self, from: data), result.bundle, file: file, line: line)
        return ids
    }

    /// Checks that `result` is one topic in the parser's default category with this slug and
    /// title, these sections in order (key, title, how many guidelines) and `paragraphs` paragraphs
    /// parsed, as a note written as a document with headings makes. Returns the topic.
    @discardableResult
    public func assertDocumentTopic(_ result: NotesParseResult, slug: String, title: [String: String],
                                    sections: [(key: String, title: [String: String], guidelines: Int)], paragraphs: Int,
                                    file: StaticString = #filePath, line: UInt = #line) throws -> BundleTopic {
        let topic = try onlyTopic(of: result, file: file, line: line)
        XCTAssertEqual(topic.slug, slug, file: file, line: line)
        XCTAssertEqual(topic.category, "notes", file: file, line: line)
        XCTAssertEqual(topic.title, title, file: file, line: line)
        XCTAssertEqual(topic.sections.map(\.key), sections.map(\.key), file: file, line: line)
        XCTAssertEqual(topic.sections.map(\.guidelines.count), sections.map(\.guidelines), file: file, line: line)
        for (section, expected) in zip(topic.sections, sections) {
            XCTAssertEqual(section.title, expected.title, section.key, file: file, line: line)
        }
        XCTAssertEqual(result.paragraphsParsed, paragraphs, file: file, line: line)
        return topic
    }

    /// Checks that `result` is one topic with this slug and title, all in its overview (the note
    /// has no headings), from `paragraphs` paragraphs. Returns the topic.
    @discardableResult
    public func assertOverviewOnlyTopic(_ result: NotesParseResult, slug: String, title: [String: String], paragraphs: Int,
                                        file: StaticString = #filePath, line: UInt = #line) throws -> BundleTopic {
        let topic = try onlyTopic(of: result, file: file, line: line)
        XCTAssertEqual(topic.slug, slug, file: file, line: line)
        XCTAssertEqual(topic.title, title, file: file, line: line)
        XCTAssertEqual(topic.sections.map(\.key), ["overview"], file: file, line: line)
        XCTAssertEqual(result.paragraphsParsed, paragraphs, file: file, line: line)
        return topic
    }

    /// Checks that `result` is an index page's topics: these slugs with these English titles, each
    /// an overview of one guideline, from `paragraphs` paragraphs.
    public func assertIndexPageTopics(_ result: NotesParseResult, slugs: [String], titles: [String], paragraphs: Int,
                                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.bundle.topics.map(\.slug), slugs, file: file, line: line)
        XCTAssertEqual(result.bundle.topics.map { $0.title["en"] ?? "" }, titles, file: file, line: line)
        for topic in result.bundle.topics {
            XCTAssertEqual(topic.sections.map(\.key), ["overview"], topic.slug, file: file, line: line)
            XCTAssertEqual(topic.sections[0].guidelines.count, 1, topic.slug, file: file, line: line)
        }
        XCTAssertEqual(result.paragraphsParsed, paragraphs, file: file, line: line)
    }

    /// Checks an index page's warnings: at these lines in all, the first that the header is not a
    /// topic, captions at `captions` and paragraphs without a Korean translation at `untranslated`.
    public func assertIndexPageWarnings(_ result: NotesParseResult, lines: [Int], captions: [Int], untranslated: [Int],
                                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.warnings.map(\.line), lines, file: file, line: line)
        XCTAssertTrue(result.warnings.first?.message.contains("not a topic") ?? false, file: file, line: line)
        XCTAssertEqual(result.warnings.filter { $0.message.contains("caption") }.map(\.line), captions, file: file, line: line)
        XCTAssertEqual(result.warnings.filter { $0.message.contains("no Korean translation") }.map(\.line), untranslated, file: file, line: line)
    }

    /// Checks what is particular to a blog-style note: its tip block, the guideline `tipID`, is
    /// split into English (with the developer pointer) and Korean as `tip`; and its two warnings,
    /// both on its first line, say that it has no English title and that `derivedTitle` is taken.
    public func assertBlogNote(_ result: NotesParseResult, tipID: String, tip: [String: String], derivedTitle: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try guideline(tipID, in: try onlyTopic(of: result, file: file, line: line), file: file, line: line).text, tip, file: file, line: line)
        XCTAssertEqual(result.warnings.map(\.line), [1, 1], file: file, line: line)
        guard result.warnings.count == 2 else { return }
        XCTAssertTrue(result.warnings[0].message.contains("no English title"), result.warnings[0].message, file: file, line: line)
        XCTAssertTrue(result.warnings[1].message.contains("\"\(derivedTitle)\""), result.warnings[1].message, file: file, line: line)
    }

    /// Checks that the guideline `id` of `topic`, a developer pointer between an English paragraph
    /// and its translation, stays English-only as `english`, and that the only warning says so at
    /// `warnedAt`.
    public func assertUntranslatedPointer(_ id: String, in topic: BundleTopic, english: String, result: NotesParseResult, warnedAt: Int,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try guideline(id, in: topic, file: file, line: line).text, ["en": english], file: file, line: line)
        XCTAssertEqual(result.warnings.map(\.line), [warnedAt], file: file, line: line)
        XCTAssertTrue(result.warnings.first?.message.contains("no Korean translation") ?? false, file: file, line: line)
    }

    /// Parses `text` (LF line endings) as it is, with CRLF and with CR line endings, checks that
    /// the three give the same result and returns it.
    public func parseWithEveryLineEnding(_ text: String, fileName: String, file: StaticString = #filePath, line: UInt = #line) -> NotesParseResult {
        let unix = NotesParser().parse(text, fileName: fileName)
        let windows = NotesParser().parse(text.replacingOccurrences(of: "\n", with: "\r\n"), fileName: fileName)
        let oldMac = NotesParser().parse(text.replacingOccurrences(of: "\n", with: "\r"), fileName: fileName)
        XCTAssertEqual(windows, unix, fileName, file: file, line: line)
        XCTAssertEqual(oldMac, unix, fileName, file: file, line: line)
        return unix
    }

    /// `text` up to its source footer (the "※" line), after which nothing is content.
    public func withoutFooter(_ text: String) -> String {
        String(text[..<(text.range(of: "※")?.lowerBound ?? text.endIndex)])
    }

    /// Parses `seed` over and over, a megabyte of it, and checks that it takes less than 20
    /// seconds, finds topics and keeps guideline ids unique.
    public func parseLargeNotes(repeating seed: String, file: StaticString = #filePath, line: UInt = #line) -> NotesParseResult {
        var notes = ""
        while notes.utf8.count < 1_048_576 { notes += seed }
        let start = Date()
        let result = NotesParser().parse(notes, fileName: "big.txt")
        let elapsed = Date().timeIntervalSince(start)

        XCTAssertLessThan(elapsed, 20, "parsing \(notes.utf8.count) bytes took \(elapsed) s", file: file, line: line)
        XCTAssertFalse(result.bundle.topics.isEmpty, file: file, line: line)
        let ids = result.bundle.topics.flatMap { $0.sections.flatMap { $0.guidelines.map(\.id) } }
        XCTAssertEqual(Set(ids).count, ids.count, "guideline ids stay unique", file: file, line: line)
        return result
    }

    private static func isSlug(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 128 && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
