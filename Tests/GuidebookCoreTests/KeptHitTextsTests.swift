@testable import GuidebookCore
import XCTest

/// The texts a pool reader keeps between searches: forgotten when the connection's data version
/// moves, and never dropped half-way through the page being read when the bound is reached.
final class KeptHitTextsTests: XCTestCase {
    func testANewDataVersionForgetsEverythingAndTheSameOneKeepsIt() {
        var kept = KeptHitTexts()
        kept.keep(atDataVersion: 1)
        kept.setGuideline(3, text: ["en": "Use a sheet.", "ko": "시트를 쓰세요."])
        kept.setTopic(7, title: ["en": "Sheets"], summary: [:])
        kept.setSection(9, title: ["en": "Basics"])
        kept.keep(atDataVersion: 1)
        XCTAssertEqual(kept.guidelinesToRead([3, 4]), [4])
        XCTAssertEqual(kept.topicsToRead([7, 8]), [8])
        XCTAssertEqual(kept.sectionsToRead([9]), [])
        XCTAssertEqual(kept.guidelines[3]?["ko"], "시트를 쓰세요.")
        kept.keep(atDataVersion: 2)
        XCTAssertEqual(kept.guidelinesToRead([3]), [3])
        XCTAssertEqual(kept.topicsToRead([7]), [7])
        XCTAssertEqual(kept.sectionsToRead([9]), [9])
    }

    func testAPageThatWouldPassTheBoundStartsOverAndReadsEveryOneOfItsTexts() {
        var kept = KeptHitTexts()
        kept.keep(atDataVersion: 1)
        for id in 0..<Int64(KeptHitTexts.capacity - 1) { kept.setTopic(id, title: ["en": "t\(id)"], summary: [:]) }
        // One held, one missing: room for it.
        XCTAssertEqual(kept.topicsToRead([0, -1]), [-1])
        kept.setTopic(-1, title: ["en": "new"], summary: [:])
        XCTAssertEqual(kept.topics.count, KeptHitTexts.capacity)
        // One held, two missing: the bound would pass, so the held one is read again with them.
        XCTAssertEqual(kept.topicsToRead([0, -2, -3]), [0, -2, -3])
        XCTAssertTrue(kept.topics.isEmpty)

        for id in 0..<Int64(KeptHitTexts.capacity) { kept.setSection(id, title: ["en": "s\(id)"]) }
        XCTAssertEqual(kept.sectionsToRead([5, -5]), [5, -5])
        XCTAssertTrue(kept.sections.isEmpty)

        for id in 0..<Int64(KeptHitTexts.capacity) { kept.setGuideline(id, text: ["en": "g\(id)"]) }
        XCTAssertEqual(kept.guidelinesToRead([1, 2, -7]), [1, 2, -7])
        XCTAssertTrue(kept.guidelines.isEmpty)
    }
}
