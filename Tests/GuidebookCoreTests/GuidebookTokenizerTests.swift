import Foundation
import XCTest
import SQLite

/// The `guidebook` tokenizer's shortcuts (a Latin word's surface form from the span its stem came
/// from; a run of Hangul syllables as bigrams without porter) give exactly the tokens, positions,
/// row lengths and surface forms of its definition, which `tokenize = 'guidebook reference'` (and
/// `guidebook_surface_forms(..., 'reference')`) computes: porter and unicode61 as SQLite has them,
/// one unicode61 pass for the surface forms, every run through porter. FTS5's own `fts5vocab`
/// (instance) lists every token of both indexes with its row, column and position, and `docsize`
/// every row's lengths.
final class GuidebookTokenizerTests: XCTestCase {
    private var db: Database!

    override func setUpWithError() throws {
        db = try Database(path: ":memory:")
        try db.registerFullTextFunctions()
        for (table, tokenizer) in [("fast", "guidebook"), ("reference", "guidebook reference")] {
            try db.execute("""
                CREATE VIRTUAL TABLE \(table) USING fts5(title, body, tokenize = '\(tokenizer)');
                CREATE VIRTUAL TABLE \(table)_tokens USING fts5vocab(\(table), instance);
                """)
        }
    }

    override func tearDown() {
        db = nil
    }

    /// Indexes `texts` (as bodies, and every third one as a title too) in both tables and checks
    /// that both hold the same tokens at the same places; returns how many tokens they hold.
    @discardableResult
    private func assertSameTokens(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try db.execute("DELETE FROM fast; DELETE FROM reference;")
        for (index, text) in texts.enumerated() {
            let title: SQLValue = index % 3 == 0 ? .text(String(text.prefix(40))) : .null
            for table in ["fast", "reference"] {
                try db.run("INSERT INTO \(table) (rowid, title, body) VALUES (?, ?, ?)", [.integer(Int64(index + 1)), title, .text(text)])
            }
        }
        let query = "SELECT term, doc, col, offset FROM %@_tokens ORDER BY doc, col, offset, term"
        let fast = try db.rows(query.replacingOccurrences(of: "%@", with: "fast")) { "\($0.text(0))|\($0.int(1))|\($0.text(2))|\($0.int(3))" }
        let reference = try db.rows(query.replacingOccurrences(of: "%@", with: "reference")) { "\($0.text(0))|\($0.int(1))|\($0.text(2))|\($0.int(3))" }
        XCTAssertEqual(fast.count, reference.count, "token count", file: file, line: line)
        if let first = zip(fast, reference).first(where: { $0 != $1 }) {
            XCTFail("first differing token: fast \(first.0), reference \(first.1)", file: file, line: line)
        }
        // The surface forms the vocabulary counts, made with the shortcuts and without.
        for (index, text) in texts.enumerated() {
            let title: SQLValue = index % 3 == 0 ? .text(String(text.prefix(40))) : .null
            let forms = try ["", ", 'reference'"].map { argument in
                try db.rows("SELECT value FROM json_each(guidebook_surface_forms(?1, ?2\(argument)))", [title, .text(text)]) { $0.text(0) }.sorted()
            }
            XCTAssertEqual(forms[0], forms[1], "surface forms of text \(index)", file: file, line: line)
        }
        let sizes = "SELECT id, hex(sz) FROM %@_docsize ORDER BY id"
        XCTAssertEqual(try db.rows(sizes.replacingOccurrences(of: "%@", with: "fast")) { "\($0.int(0)):\($0.text(1))" },
                       try db.rows(sizes.replacingOccurrences(of: "%@", with: "reference")) { "\($0.int(0)):\($0.text(1))" },
                       "row lengths", file: file, line: line)
        return fast.count
    }

    func testEveryHangulSyllableGivesTheSameBigrams() throws {
        // All 11,172 syllables in runs of 1 to 37 characters, between spaces, Latin words and
        // punctuation, so every syllable is a run's first, middle and last character somewhere.
        let syllables = (0xAC00...0xD7A3).map { Character(Unicode.Scalar($0)!) }
        var texts: [String] = []
        var text = ""
        var at = 0, length = 1
        let separators = [" ", "\n", "a", ". ", "Popover ", "(", "·", "\u{3000}"]
        while at < syllables.count {
            let end = min(at + length, syllables.count)
            text += String(syllables[at..<end]) + separators[length % separators.count]
            at = end
            length = length % 37 + 1
            if text.unicodeScalars.count > 400 {
                texts.append(text)
                text = ""
            }
        }
        texts.append(text)
        let tokens = try assertSameTokens(texts)
        XCTAssertGreaterThan(tokens, 11_000)
    }

    func testMixedScriptsAndEveryCJKRangeGiveTheSameTokens() throws {
        // The other CJK ranges the tokenizer blanks (jamo, compatibility jamo, kana, Han, their
        // extensions and unassigned points in them), mixed into Hangul runs and on their own: these
        // runs take the reference path, and a Hangul run next to them must still match.
        var points: [UInt32] = []
        for range in [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x3040...0x30FF, 0x31F0...0x31FF, 0xF900...0xFAFF] {
            points += range.map { UInt32($0) }
        }
        points += stride(from: 0x4E00, through: 0x9FFF, by: 97).map { UInt32($0) } + stride(from: 0x3400, through: 0x4DBF, by: 53).map { UInt32($0) }
        var texts: [String] = []
        for chunk in stride(from: 0, to: points.count, by: 24) {
            let scalars = points[chunk..<min(chunk + 24, points.count)].compactMap(Unicode.Scalar.init)
            let run = String(String.UnicodeScalarView(scalars))
            texts.append("진행\(run)률 \(run) 시트를 Sheet's \(run.prefix(3))")
        }
        try assertSameTokens(texts)
    }

    func testLatinWordsAsWrittenGiveTheSameSurfaceForms() throws {
        let texts = [
            "Popovers SHOULD Appear near the CONTROL that opened them; Don't over-use them.",
            "Café crème, naïve Über-Größe, ŒUVRE façade, İstanbul, straße",
            "e\u{301}le\u{301}ve combining marks: a\u{308}ther o\u{302}te\u{302}l",
            "Ελληνικά ΚΕΊΜΕΝΑ, русский ТЕКСТ, עברית, العربية",
            "ＦＵＬＬＷＩＤＴＨ ｌｅｔｔｅｒｓ and ｈａｌｆ",
            "emoji 👍🏽 and ZWJ 👩‍💻 between words, snake_case, kebab-case, x86_64, 3.14159, v2.0.1",
            "a b c d e f g h i j k l m n o p q r s t u v w x y z 1 2 3",
            String(repeating: "supercalifragilistic", count: 5) + " " + String(repeating: "Ünïcödé", count: 12),
            "  leading and trailing spaces  ",
            "\t\ttabs\tand\nnew\nlines\r\n",
            "MiXeD 진행률을 CaSe 표시줄 Hello世界 カタカナ 漢字 ㄱㄴㄷ ᄀᄁ",
            "",
            "...,;:!?",
            "진행률",
            "시",
        ]
        try assertSameTokens(texts)
    }

    func testRandomTextsGiveTheSameTokens() throws {
        // A fixed-seed mix of every kind of character above, in random runs (Knuth's MMIX linear
        // congruential generator, its high bits: the same texts on every run).
        var state: UInt64 = 0x5EED
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pools: [[UInt32]] = [
            Array(0x61...0x7A).map { UInt32($0) } + Array(0x41...0x5A).map { UInt32($0) } + Array(0x30...0x39).map { UInt32($0) },
            Array(0xAC00...0xD7A3).map { UInt32($0) },
            [0x20, 0x20, 0x20, 0x0A, 0x2E, 0x2C, 0x27, 0x2D, 0x5F, 0xB7, 0x3000, 0x3001, 0x3002, 0x201C, 0x201D],
            Array(0xC0...0x17F).map { UInt32($0) } + [0x301, 0x308, 0x130, 0x1E9E],
            Array(0x3041...0x30FF).map { UInt32($0) } + Array(0x3131...0x318E).map { UInt32($0) } + [0x4E00, 0x5B57, 0x9FA5, 0xF900],
            [0x1F44D, 0x1F3FD, 0x200D, 0xFF21, 0xFF41, 0x391, 0x3B1, 0x416, 0x436],
        ]
        var texts: [String] = []
        for _ in 0..<600 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<random(12) + 1 {
                let pool = pools[random(pools.count)]
                for _ in 0..<random(9) + 1 {
                    if let scalar = Unicode.Scalar(pool[random(pool.count)]) { scalars.append(scalar) }
                }
            }
            texts.append(String(scalars))
        }
        let tokens = try assertSameTokens(texts)
        XCTAssertGreaterThan(tokens, 5_000)
    }

    func testQueriesFindTheSameRowsInBothIndexes() throws {
        let texts = ["진행률을 표시하는 시트", "Popovers and sheets", "팝오버 popover 시트를 띄우기", "Café naïve 시"]
        try assertSameTokens(texts)
        for query in ["\"진행률\"", "\"시트\"", "\"popover\"", "\"sheets\"", "\"cafe\"", "\"시\"", "\"표시\" OR \"naive\""] {
            let fast = try db.rows("SELECT rowid FROM fast WHERE fast MATCH ? ORDER BY rowid", [.text(query)]) { $0.int(0) }
            let reference = try db.rows("SELECT rowid FROM reference WHERE reference MATCH ? ORDER BY rowid", [.text(query)]) { $0.int(0) }
            XCTAssertEqual(fast, reference, query)
            XCTAssertFalse(fast.isEmpty, query)
        }
    }

    /// The forms the tokenizer counts as it indexes the rows a statement marks are, form by form,
    /// the rows whose `guidebook_surface_forms` hold them; a row indexed with no mark before it
    /// makes the count an error instead of a wrong number.
    func testTheCollectedFormsCountEachRowOnce() throws {
        let texts = ["Sheet sheet SHEETS 시트를 시트를", "sheet popover 시트를 진행률", "Café café 진행률 진행률", "", "팝오버"]
        for (index, text) in texts.enumerated() {
            try db.run("INSERT INTO reference (rowid, title, body) VALUES (?1, ?2, ?3)", [.integer(Int64(index + 1)), .text("Sheet \(index % 2)"), .text(text)])
        }
        try db.execute("SELECT guidebook_collected_forms()")
        try db.execute("INSERT INTO fast (rowid, title, body) SELECT guidebook_collect_forms(rowid), title, body FROM reference")
        let collected = try db.rows("SELECT key, value FROM json_each(guidebook_collected_forms()) ORDER BY key") { "\($0.text(0)) \($0.int(1))" }
        let recounted = try db.rows("""
            SELECT f.value, count(*) FROM reference r, json_each(guidebook_surface_forms(r.title, r.body)) f GROUP BY f.value ORDER BY f.value
            """) { "\($0.text(0)) \($0.int(1))" }
        XCTAssertEqual(collected, recounted)
        XCTAssertTrue(collected.contains("sheet 5"), "every row holds it, some several times: \(collected)")
        XCTAssertTrue(collected.contains("시트를 2"), "\(collected)")
        XCTAssertEqual(try db.rows("SELECT guidebook_collected_forms()") { $0.text(0) }, ["{}"], "a call starts over")

        // One mark, then two rows: the second row's columns have no mark.
        try db.execute("SELECT guidebook_collect_forms(1)")
        try db.execute("INSERT INTO fast (rowid, title, body) VALUES (10, 'one', 'two'), (11, 'three', 'four')")
        XCTAssertThrowsError(try db.execute("SELECT guidebook_collected_forms()")) { error in
            XCTAssertTrue("\(error)".contains("without guidebook_collect_forms"), "\(error)")
        }
        XCTAssertEqual(try db.rows("SELECT guidebook_collected_forms()") { $0.text(0) }, ["{}"], "the error starts over too")
        XCTAssertThrowsError(try db.execute("SELECT guidebook_surface_forms('a', 'b', 'fast')"))
    }

    /// Fills `texts_to_index` with `count` rows of mixed text: some titles NULL (FTS5 tokenizes no
    /// NULL), some bodies empty, many rows sharing words, so batches cross rows of every shape.
    private func fillTextsToIndex(_ count: Int) throws {
        try db.execute("CREATE TABLE texts_to_index (row INTEGER PRIMARY KEY, title TEXT, body TEXT)")
        let words = ["Sheet", "sheets", "진행률을", "시트를", "Café", "popover", "팝오버", "표시하는", "split", "VIEW", "材料", "ok"]
        for row in 1...count {
            let body = row % 97 == 0 ? "" : (0..<(row % 9 + 1)).map { words[(row * 7 + $0 * 5) % words.count] }.joined(separator: " ")
            let title: SQLValue = row % 3 == 0 ? .null : .text("\(words[row % words.count]) \(row)")
            try db.run("INSERT INTO texts_to_index (row, title, body) VALUES (?1, ?2, ?3)", [.integer(Int64(row)), title, .text(body)])
        }
    }

    /// Tokens made ahead on the second thread (shim.h, "Tokenizing ahead") are, token by token, the
    /// ones made in place; the forms the thread counts are the ones counted in place; more rows
    /// than one batch holds, so FTS5 is given several batches, each read as the one before runs out.
    func testTokensMadeAheadAreTheTokensMadeInPlace() throws {
        try fillTextsToIndex(1_700)
        try db.execute("""
            CREATE VIRTUAL TABLE ahead USING fts5(title, body, tokenize = 'guidebook');
            CREATE VIRTUAL TABLE ahead_tokens USING fts5vocab(ahead, instance);
            """)
        try db.execute("SELECT guidebook_collected_forms()")
        try db.execute("INSERT INTO fast (rowid, title, body) SELECT guidebook_collect_forms(row), title, body FROM texts_to_index ORDER BY row")
        let inPlace = try db.rows("SELECT guidebook_collected_forms()") { $0.text(0) }

        try db.execute("BEGIN")
        try db.run("SELECT guidebook_ahead_begin(?1, NULL)", [.text("SELECT title, body FROM texts_to_index ORDER BY row")])
        try db.execute("INSERT INTO ahead (rowid, title, body) SELECT row, title, body FROM texts_to_index ORDER BY row")
        XCTAssertEqual(try db.scalarInt("SELECT guidebook_ahead_end()"), 1, "in step: every text FTS5 asked for was made ahead")
        let madeAhead = try db.rows("SELECT guidebook_collected_forms()") { $0.text(0) }
        try db.execute("COMMIT")

        XCTAssertEqual(madeAhead, inPlace, "the surface forms and their rows")
        XCTAssertTrue(madeAhead[0].contains("\"sheet\":"), madeAhead[0])
        let tokens = "SELECT term, doc, col, offset FROM %@_tokens ORDER BY doc, col, offset, term"
        let fast = try db.rows(tokens.replacingOccurrences(of: "%@", with: "fast")) { "\($0.text(0))|\($0.int(1))|\($0.text(2))|\($0.int(3))" }
        let ahead = try db.rows(tokens.replacingOccurrences(of: "%@", with: "ahead")) { "\($0.text(0))|\($0.int(1))|\($0.text(2))|\($0.int(3))" }
        XCTAssertGreaterThan(fast.count, 5_000)
        XCTAssertEqual(ahead.count, fast.count, "token count")
        XCTAssertNil(zip(fast, ahead).first(where: { $0 != $1 }), "first differing token")
        let sizes = "SELECT id, hex(sz) FROM %@_docsize ORDER BY id"
        XCTAssertEqual(try db.rows(sizes.replacingOccurrences(of: "%@", with: "fast")) { "\($0.int(0)):\($0.text(1))" },
                       try db.rows(sizes.replacingOccurrences(of: "%@", with: "ahead")) { "\($0.int(0)):\($0.text(1))" })
    }

    /// A text FTS5 asks for that is not the next one made ahead fails the statement, which takes
    /// back what it wrote, and ends the session out of step; a reader with rows left over ends it
    /// unfinished.
    func testATokenizingAheadOutOfStepIsReported() throws {
        try fillTextsToIndex(1_200)
        try db.execute("BEGIN")
        try db.run("SELECT guidebook_ahead_begin(?1, NULL)", [.text("SELECT title, body FROM texts_to_index ORDER BY row DESC")])
        XCTAssertThrowsError(try db.execute("INSERT INTO fast (rowid, title, body) SELECT row, title, body FROM texts_to_index ORDER BY row"))
        XCTAssertEqual(try db.scalarInt("SELECT guidebook_ahead_end()"), 0, "out of step")
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM fast_docsize"), 0, "the failed statement wrote nothing")
        try db.execute("INSERT INTO fast (rowid, title, body) SELECT row, title, body FROM texts_to_index")
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM fast_docsize"), 1_200, "without a session, texts are tokenized in place")

        try db.execute("CREATE VIRTUAL TABLE partly USING fts5(title, body, tokenize = 'guidebook')")
        try db.run("SELECT guidebook_ahead_begin(?1, ?2)", [.text("SELECT title, body FROM texts_to_index WHERE row <= ?1 ORDER BY row"), .integer(800)])
        try db.execute("INSERT INTO partly (rowid, title, body) SELECT row, title, body FROM texts_to_index WHERE row <= 700 ORDER BY row")
        XCTAssertEqual(try db.scalarInt("SELECT guidebook_ahead_end()"), -1, "unfinished: the reader had 100 rows FTS5 was not given")
        try db.execute("COMMIT")

        XCTAssertThrowsError(try db.execute("SELECT guidebook_ahead_end()"), "no session runs")
        XCTAssertThrowsError(try db.run("SELECT guidebook_ahead_begin(?1, NULL)", [.text("SELECT title FROM texts_to_index")]), "one column")
        XCTAssertThrowsError(try db.execute("SELECT guidebook_ahead_begin(NULL, NULL)"), "no SQL")
        XCTAssertThrowsError(try db.execute("SELECT guidebook_ahead_begin('SELECT nothing FROM nowhere', NULL)"), "SQL that does not prepare")
        try db.run("SELECT guidebook_ahead_begin(?1, NULL)", [.text("SELECT title, body FROM texts_to_index")])
        XCTAssertThrowsError(try db.run("SELECT guidebook_ahead_begin(?1, NULL)", [.text("SELECT title, body FROM texts_to_index")]), "one at a time")
        XCTAssertEqual(try db.scalarInt("SELECT guidebook_ahead_end()"), -1, "unfinished: ended before FTS5 was given anything")
    }

    func testAnUnknownTokenizerArgumentIsRefused() throws {
        // FTS5 makes the tokenizer when the table is first used.
        XCTAssertThrowsError(try db.execute("""
            CREATE VIRTUAL TABLE odd USING fts5(body, tokenize = 'guidebook fast');
            INSERT INTO odd (body) VALUES ('text');
            """))
    }
}
