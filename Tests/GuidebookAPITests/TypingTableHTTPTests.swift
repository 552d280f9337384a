import Foundation
import GuidebookTestSupport
import XCTest

/// Issue 23's table, typed into the real server on the seed over a socket, key state by key state
/// as the issue lists them: each row finds what a user expects and says why (the completion, the
/// correction, the initials or the layout it used). Then what ends search as you type (a trailing
/// space, a quoted word, `typos=false`) and the issue's bad input: clear 400s, never a 5xx, each
/// answered within a normal query's bounds.
final class TypingTableHTTPTests: XCTestCase {
    private var server: TestServer!

    override func setUpWithError() throws {
        server = try makeTestServer()
    }

    private func search(_ query: String, _ extra: String = "", file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let response = try server.get("/v1/search?q=\(QueryText.encode(query))&limit=5\(extra)")
        XCTAssertEqual(response.status, 200, "\(query): \(response.text.prefix(300))", file: file, line: line)
        return try json(response, file: file, line: line)
    }

    private func topics(_ result: [String: Any]) -> [String] {
        (result["items"] as? [[String: Any]] ?? []).compactMap { $0["topic"] as? String }
    }

    /// What the answer says it searched besides the words as written: completion forms, initials'
    /// words, the layout's word and typo corrections, in one list.
    private func searchedAs(_ result: [String: Any]) -> [String] {
        var words = (result["completion"] as? [String: Any])?["forms"] as? [String] ?? []
        for initials in result["initials"] as? [[String: Any]] ?? [] { words += initials["forms"] as? [String] ?? [] }
        if let layout = (result["layout_corrected"] as? [String: Any])?["to"] as? String { words.append(layout) }
        for correction in result["corrected_terms"] as? [[String: Any]] ?? [] { words.append(correction["to"] as? String ?? "") }
        return words
    }

    func testEveryRowOfTheIssueTableFindsWhatAUserExpects() throws {
        // typed, the topic expected among the first five, the word the answer says it searched (nil: the word as written).
        let rows: [(typed: String, topic: String, searchedAs: String?)] = [
            ("prog", "progress-indicators", "progress"),
            ("progr", "progress-indicators", "progress"),
            ("progres", "progress-indicators", "progress"),
            ("indicat", "progress-indicators", "indicator"),
            ("popo", "popovers", "popover"),
            ("split vi", "split-views", "view"),
            ("팝오", "popovers", nil),
            ("진행ㄹ", "progress-indicators", "진행률"),
            ("ㅈㅎㄹ", "progress-indicators", "진행률"),
            ("wlsgodfbf", "progress-indicators", "진행률"),
            ("tlxm", "sheets", "시트"),
        ]
        for row in rows {
            let result = try search(row.typed)
            XCTAssertTrue(topics(result).contains(row.topic), "\(row.typed) → \(topics(result)), expected \(row.topic)")
            XCTAssertEqual(result["dropped_terms"] as? [String], [], "\(row.typed): no word dropped")
            if let word = row.searchedAs {
                XCTAssertTrue(searchedAs(result).contains(word), "\(row.typed) searched as \(searchedAs(result)), expected \(word)")
            }
        }
        let syllables = try search("팝오", "&lang=ko")
        XCTAssertGreaterThanOrEqual(syllables["total"] as? Int ?? 0, 5, "팝오 finds what it found before")
    }

    func testATrailingSpaceOrAQuoteEndsTheWordAndTyposFalseSearchesAsWritten() throws {
        // A trailing space: `progres` is a finished word, matches nothing and is corrected (the issue's example).
        let finished = try search("progres ")
        XCTAssertTrue(finished["completion"] is NSNull)
        let corrected = try XCTUnwrap(finished["corrected_terms"] as? [[String: Any]])
        XCTAssertEqual(corrected.map { "\($0["from"] as? String ?? "")→\($0["to"] as? String ?? "")" }, ["progres→progress"])
        XCTAssertTrue(topics(finished).contains("progress-indicators"), "\(topics(finished))")
        // Under 5 letters a finished word takes no typo: nothing, and nothing completed.
        for typed in ["prog ", "\"prog\""] {
            let result = try search(typed)
            XCTAssertTrue(result["completion"] is NSNull, typed)
            XCTAssertEqual(result["total"] as? Int, 0, typed)
        }
        // A quoted word that matches nothing is not completed either: 5 letters, searched as its typo.
        let quoted = try search("\"popov\"")
        XCTAssertTrue(quoted["completion"] is NSNull)

        // typos=false: no typo or layout correction; the suggestion is back; the last word still completes.
        let asWritten = try search("progres ", "&typos=false")
        XCTAssertEqual(asWritten["total"] as? Int, 0)
        XCTAssertEqual((asWritten["corrected_terms"] as? [Any])?.count, 0)
        XCTAssertEqual(asWritten["suggestion"] as? String, "progress ")
        let layout = try search("tlxm", "&typos=false")
        XCTAssertTrue(layout["layout_corrected"] is NSNull)
        XCTAssertEqual(layout["total"] as? Int, 0)
        let completing = try search("indicat", "&typos=false")
        XCTAssertTrue(topics(completing).contains("progress-indicators"), "\(topics(completing))")
        try assertProblem(try server.get("/v1/search?q=sheet&typos=maybe"), status: 400, parameter: "typos")
    }

    func testBadInputGetsAClearAnswerWithinANormalQuerysBounds() throws {
        let mixed = "tlxm시트 ㅅvkq팝 팝aㅂ shㅣeet 진ｓ행"
        let typoWords = ["prgress", "popver", "sidebr", "indicatr", "sheeet", "translcent", "사이드베", "진행율", "팝오바", "레이불"]
        func typos(_ count: Int) -> String { (0..<count).map { typoWords[$0 % typoWords.count] }.joined(separator: " ") }
        // 27 words (the limit is 32 terms) of Latin and Hangul run together, none of them indexed.
        let fiveHundred = Array(repeating: "indicatorprogress팝", count: 26).joined(separator: " ") + " sheets"
        XCTAssertEqual(fiveHundred.count, 500)
        // input, its status, the problem's parameter for a 400.
        let inputs: [(name: String, text: String, status: Int)] = [
            ("one letter", "p", 200), ("one jamo", "ㅍ", 200), ("one vowel", "ㅏ", 200),
            ("200 jamo", String(repeating: "ㅎ", count: 200), 200),
            ("200 mixed jamo", String(repeating: "ㅈㅏㅎ", count: 67), 200),
            ("layouts and scripts mixed in every word", mixed, 200),
            ("vowels only", "ㅏㅏㅏ", 200),
            ("32 typo words", typos(32), 200),
            ("50 typo words", typos(50), 400),
            ("combining marks alone", "\u{301}\u{302}\u{303}", 400),
            ("500 characters", fiveHundred, 200),
            ("501 characters", fiveHundred + "x", 400),
        ]
        for input in inputs {
            let started = Date()
            let response = try server.get("/v1/search?q=\(QueryText.encode(input.text))")
            let seconds = Date().timeIntervalSince(started)
            if input.status == 400 {
                try assertProblem(response, status: 400, parameter: "q")
            } else {
                XCTAssertEqual(response.status, 200, "\(input.name): \(response.text.prefix(300))")
                _ = try json(response)
            }
            // A debug build on a machine shared by several builders: generous, but far below an unbounded search.
            XCTAssertLessThan(seconds, 3, "\(input.name) took \(seconds) s")
        }
        // One key is bounded by the completion's budget, and the server still answers afterwards.
        let oneKey = try search("p")
        XCTAssertLessThanOrEqual((oneKey["completion"] as? [String: Any])?["used"] as? Int ?? 0, 8)
        XCTAssertTrue(topics(try search("sheet ")).contains("sheets"))
    }
}
