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

    /// Parses `notes` (a megabyte or so) and checks that it takes less than 20 seconds, finds
    /// topics and keeps guideline ids unique.
    public func parseLargeNotes(_ notes: String, file: StaticString = #filePath, line: UInt = #line) -> NotesParseResult {
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
