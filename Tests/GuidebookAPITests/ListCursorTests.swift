import Foundation
import GuidebookTestSupport
import XCTest

/// A topic's guideline list paged with its `next` cursor while editors insert, move and delete
/// guidelines and sections between the pages, on a real server behind a loopback socket: every
/// guideline that stays after the cursor is seen exactly once, none is skipped, and one inserted
/// before the cursor is not shown (docs/api.md, Pagination).
final class ListCursorTests: XCTestCase {
    private var server: TestServer!
    private static let topic = "paging"

    override func setUpWithError() throws {
        server = try makeTestServer()
        try created(server.send("POST", "/v1/topics", #"{"slug": "\#(Self.topic)", "category": "controls", "title": "Paging"}"#))
        for section in ["a", "b"] {
            try created(server.send("POST", "/v1/topics/\(Self.topic)/sections", #"{"key": "\#(section)", "title": "\#(section)"}"#))
            for index in 0..<6 { try addGuideline("\(section)\(index)", section: section) }
        }
    }

    /// Asserts a 201 (or whatever `status` says) from an edit.
    private func created(_ response: HTTPTestResponse, status: Int = 201, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(response.status, status, response.text, file: file, line: line)
    }

    /// Creates guideline `paging.NAME` in `section`, at `position` (last when nil).
    private func addGuideline(_ name: String, section: String, position: Int? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let place = position.map { #", "position": \#($0)"# } ?? ""
        try created(server.send("POST", "/v1/guidelines", """
            {"id": "\(Self.topic).\(name)", "topic": "\(Self.topic)", "section": "\(section)", "text": "Guideline \(name)."\(place)}
            """), file: file, line: line)
    }

    /// One page of the topic's guidelines: their names (the id after `paging.`) and the next cursor.
    private func page(after cursor: String?) throws -> (names: [String], next: String?) {
        let response = try server.get("/v1/guidelines?topic=\(Self.topic)&limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""))
        XCTAssertEqual(response.status, 200, response.text)
        let body = try json(response)
        let names = items(body).compactMap { ($0["id"] as? String)?.dropFirst(Self.topic.count + 1) }.map(String.init)
        return (names, body["next"] as? String)
    }

    func testPagesStayCorrectWhileGuidelinesAreInsertedMovedAndDeleted() throws {
        var seen: [String] = []
        var pages: [[String]] = []
        var cursor: String?
        repeat {
            let (names, next) = try page(after: cursor)
            seen += names
            pages.append(names)
            cursor = next
            switch pages.count {
            case 1:
                // An editor inserts at the top of the section the page ended in: every guideline after it moves down one place.
                try addGuideline("top", section: "a", position: 0)
            case 2:
                // A new first section (with a guideline) moves every section down one place; one
                // guideline is inserted before the cursor in its section, one after it in the next.
                try created(server.send("POST", "/v1/topics/\(Self.topic)/sections", #"{"key": "first", "title": "First", "position": 0}"#))
                try addGuideline("first0", section: "first")
                try addGuideline("before", section: "a", position: 3)
                try addGuideline("after", section: "b", position: 2)
            case 3:
                // Two guidelines already seen are deleted and one not seen yet is moved to just
                // after the cursor: the section is numbered anew, the cursor's guideline from 2 to 0.
                try created(server.delete("/v1/guidelines/\(Self.topic).b0"), status: 204)
                try created(server.delete("/v1/guidelines/\(Self.topic).b1"), status: 204)
                try created(server.send("PATCH", "/v1/guidelines/\(Self.topic).b5", #"{"position": 1}"#), status: 200)
            case 4:
                // The page's last guideline itself is deleted, and one is added at the end.
                try created(server.delete("/v1/guidelines/\(Self.topic).b3"), status: 204)
                try addGuideline("tail", section: "b")
            default:
                break
            }
        } while cursor != nil && pages.count < 10

        XCTAssertEqual(pages, [["a0", "a1", "a2"], ["a3", "a4", "a5"], ["b0", "b1", "after"], ["b5", "b2", "b3"], ["b4", "tail"]])
        XCTAssertEqual(seen.count, Set(seen).count, "a guideline was seen twice: \(seen)")
        let originals = ["a", "b"].flatMap { section in (0..<6).map { "\(section)\($0)" } }
        XCTAssertEqual(Set(originals).subtracting(seen), [], "a guideline was skipped: \(seen)")
        XCTAssertTrue(Set(["top", "first0", "before"]).isDisjoint(with: seen), "a guideline inserted before the cursor was shown: \(seen)")
    }
}
