@testable import GuidebookCore
import XCTest

/// The length limits count code points, as the contract's `maxLength` (JSON Schema) counts them, not
/// the characters a reader sees: a text of 100 characters with combining marks is longer. They
/// count the text as it is stored (NFC), so that a stored text can always be written back, and an
/// import of a bundle counts as an edit does.
final class TextLengthRuleTests: StoreTestCase {
    func testALimitCountsCodePoints() {
        var problems: [InvalidField] = []
        // q has no precomposed form with an acute: NFC keeps both code points.
        EditRules.checkText(String(repeating: "q\u{301}", count: 60), name: "name", required: true, maxLength: 100, into: &problems)
        XCTAssertEqual(problems.count, 1, "60 characters of 120 code points")
        problems = []
        EditRules.checkText(String(repeating: "é", count: 100), name: "name", required: true, maxLength: 100, into: &problems)
        XCTAssertEqual(problems.count, 0, "100 code points")
    }

    func testALimitCountsTheTextAsStored() {
        var problems: [InvalidField] = []
        EditRules.checkText(String(repeating: "\u{0958}", count: 60), name: "name", required: true, maxLength: 100, into: &problems)
        XCTAssertEqual(problems.map(\.name), ["name"], "U+0958 is two code points under NFC: 120 stored")
        problems = []
        EditRules.checkText(String(repeating: "e\u{301}", count: 100), name: "name", required: true, maxLength: 100, into: &problems)
        XCTAssertEqual(problems, [], "200 code points sent, 100 stored")
        EditRules.checkText(String(repeating: "한", count: 100).decomposedStringWithCanonicalMapping, name: "name", required: true,
                            maxLength: 100, into: &problems)
        XCTAssertEqual(problems, [], "300 jamo sent, 100 syllables stored")
        XCTAssertEqual(TextLengthRule.storedLength(of: "a\u{200B}b\u{0958}"), 4, "the zero-width space goes, U+0958 is two")
    }

    func testABundleImportCountsAsAnEditDoes() throws {
        let store = try Store(path: directory.file("store.sqlite"), migrations: migrations)
        let limit = BundleValidator.maxTextLength
        func bundle(_ text: String) -> KnowledgeBundle {
            KnowledgeBundle(
                categories: [BundleCategory(slug: "sample", title: ["en": "Sample"])],
                topics: [BundleTopic(slug: "sample-topic", category: "sample", title: ["en": "Sample Topic"], summary: [:],
                                     sections: [BundleSection(key: "overview", title: [:], guidelines: [
                                         BundleGuideline(id: "sample-topic.one", text: ["en": text]),
                                     ])])])
        }
        // 10,001 characters as sent, 20,002 code points stored: once refused by an edit but imported.
        XCTAssertThrowsError(try store.write { try $0.apply(bundle(String(repeating: "\u{0958}", count: limit / 2 + 1)), mode: .merge) }) { error in
            guard case StoreError.invalid(let field, _)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(field.hasSuffix("guidelines[0].text.en"), field)
        }
        XCTAssertNil(try store.guidelineTexts(key: "sample-topic.one")?.rowID, "a refused import writes nothing")

        _ = try store.write { try $0.apply(bundle(String(repeating: "\u{0958}", count: limit / 2)), mode: .merge) }
        let stored = try XCTUnwrap(try store.guidelineTexts(key: "sample-topic.one")?.texts["en"])
        XCTAssertEqual(stored.unicodeScalars.count, limit)
        var problems: [InvalidField] = []
        EditRules.checkText(stored, name: "text", required: true, maxLength: EditRules.maxTextLength, into: &problems)
        XCTAssertEqual(problems, [], "what an import stored, an edit takes back")
    }
}
