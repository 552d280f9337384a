@testable import GuidebookCore
import XCTest

/// The titles a pool reader keeps between searches: forgotten when the connection's data version
/// moves, and never dropped half-way through the page being read when the bound is reached.
final class HitTitlesTests: XCTestCase {
    func testANewDataVersionForgetsEverythingAndTheSameOneKeepsIt() {
        var titles = HitTitles()
        titles.keep(atDataVersion: 1)
        titles.setTopic(7, title: ["en": "Sheets"], summary: [:])
        titles.setSection(9, title: ["en": "Basics"])
        titles.keep(atDataVersion: 1)
        XCTAssertEqual(titles.topicsToRead([7, 8]), [8])
        XCTAssertEqual(titles.sectionsToRead([9]), [])
        titles.keep(atDataVersion: 2)
        XCTAssertEqual(titles.topicsToRead([7]), [7])
        XCTAssertEqual(titles.sectionsToRead([9]), [9])
    }

    func testAPageThatWouldPassTheBoundStartsOverAndReadsEveryOneOfItsTitles() {
        var titles = HitTitles()
        titles.keep(atDataVersion: 1)
        for id in 0..<Int64(HitTitles.capacity - 1) { titles.setTopic(id, title: ["en": "t\(id)"], summary: [:]) }
        // One held, one missing: room for it.
        XCTAssertEqual(titles.topicsToRead([0, -1]), [-1])
        titles.setTopic(-1, title: ["en": "new"], summary: [:])
        XCTAssertEqual(titles.topics.count, HitTitles.capacity)
        // One held, two missing: the bound would pass, so the held one is read again with them.
        XCTAssertEqual(titles.topicsToRead([0, -2, -3]), [0, -2, -3])
        XCTAssertTrue(titles.topics.isEmpty)

        for id in 0..<Int64(HitTitles.capacity) { titles.setSection(id, title: ["en": "s\(id)"]) }
        XCTAssertEqual(titles.sectionsToRead([5, -5]), [5, -5])
        XCTAssertTrue(titles.sections.isEmpty)
    }
}
