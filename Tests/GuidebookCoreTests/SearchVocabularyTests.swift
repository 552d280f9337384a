@testable import GuidebookCore
import GuidebookText
import SQLite
import XCTest

/// The words kept for suggestions, the edit distance, and the closest-word rules.
final class SearchVocabularyTests: XCTestCase {
    /// The vocabulary's surface forms (counted by the `guidebook` tokenizer as it indexes a row,
    /// Migrations/0024) hold each row's English words as written and its Korean runs, follow
    /// updates and deletes, and load as a vocabulary where a Korean word also counts for its noun.
    func testTheVocabularyHoldsEveryRowsWordsAsWritten() throws {
        let directory = try TemporaryDirectory("guidebook-vocabulary-tests")
        defer { directory.remove() }
        let store = try Store(path: directory.file("kb.sqlite"), migrations: try Migration.load(from: PackagePaths.migrations))
        let longRun = String(repeating: "가나다라", count: 9)
        func write(_ english: String, _ korean: String) throws {
            try store.write { writer in
                try writer.upsertCategory(BundleCategory(slug: "test", title: ["en": "Test"]))
                _ = try writer.upsertTopic(BundleTopic(slug: "words", category: "test", title: ["en": "Words"], summary: [:], sections: [
                    BundleSection(key: "one", title: [:], guidelines: [BundleGuideline(id: "words.one", text: ["en": english, "ko": korean])]),
                ]), mode: .replace)
            }
        }
        func terms() throws -> [String: Int] {
            try store.read { reader in
                var terms: [String: Int] = [:]
                try reader.database.forEachRow(SearchVocabulary.wordsSQL) { terms[$0.text(0)] = $0.int(1) }
                return terms
            }
        }

        try write("Sheets show a Sheet — the café’s popover.", "시트를 열면 시트가 진행률은 앱 表示 \(longRun) 끝")
        let found = try terms()
        for word in ["words", "sheets", "show", "sheet", "café", "popover", "시트를", "열면", "시트가", "진행률은"] {
            XCTAssertNotNil(found[word], "\(word) in \(found.keys.sorted())")
        }
        XCTAssertEqual(found["sheet"], 1, "a row counts once")
        for absent in ["popov", "시트", "트를", "앱", "끝", longRun] {
            XCTAssertNil(found[absent], "\(absent): no stems, no bigrams, no single syllables, no runs over 32")
        }

        var budget = SearchVocabulary.comparisonBudget
        let vocabulary = try store.read { try SearchVocabulary.load(from: $0.database) }
        XCTAssertEqual(vocabulary.closest(to: "popver", budget: &budget), "popover")
        XCTAssertEqual(vocabulary.closest(to: "시튼", budget: &budget), "시트", "시트를 and 시트가 count for their noun")

        // A replaced text takes its words with it; a deleted topic all of its words.
        try write("A modal view.", "모달 뷰를 띄웁니다")
        let replaced = try terms()
        XCTAssertNil(replaced["popover"])
        XCTAssertNil(replaced["시트를"])
        XCTAssertEqual(replaced["modal"], 1)
        XCTAssertEqual(replaced["띄웁니다"], 1)
        try store.write { try $0.database.run("DELETE FROM topics WHERE slug = 'words'") }
        XCTAssertEqual(try terms(), [:])
        try store.rebuildSearchIndex()
        XCTAssertEqual(try terms(), [:])
    }

    /// Whatever writes change the index (texts replaced, a section's title that is also its
    /// guidelines' titles, guidelines moved and deleted, a topic deleted, small commits and bulk
    /// ones), the counts kept in `search_surface_forms` are the rows of the index holding each form,
    /// counted again from the text: the same forms, the same rows.
    func testTheCountsFollowEveryKindOfChange() throws {
        let directory = try TemporaryDirectory("guidebook-vocabulary-tests")
        defer { directory.remove() }
        let store = try Store(path: directory.file("kb.sqlite"), migrations: try Migration.load(from: PackagePaths.migrations))
        // A guideline's id is its topic's slug and its text's number in `texts` (or in `many`).
        func topic(_ slug: String, sections: [(key: String, title: String, texts: [(id: String, en: String, ko: String)])]) -> BundleTopic {
            BundleTopic(slug: slug, category: "test", title: ["en": "Topic \(slug) sheets", "ko": "시트 주제"], summary: ["en": "About sheets and popovers."],
                        sections: sections.map { section in
                            BundleSection(key: section.key, title: section.title.isEmpty ? [:] : ["en": section.title, "ko": "구역 " + section.title],
                                          guidelines: section.texts.map { BundleGuideline(id: "\(slug).\($0.id)", text: ["en": $0.en, "ko": $0.ko]) })
                        })
        }
        func write(_ topics: [BundleTopic]) throws {
            try store.write { writer in
                try writer.upsertCategory(BundleCategory(slug: "test", title: ["en": "Test"]))
                for topic in topics { _ = try writer.upsertTopic(topic, mode: .replace) }
            }
        }
        func assertCountsAreRecounted(_ step: String, line: UInt = #line) throws {
            let (kept, recounted) = try store.read { reader in
                (try reader.database.rows(SearchVocabulary.wordsSQL) { "\($0.text(0)) \($0.int(1))" },
                 try reader.database.rows("""
                    SELECT f.value, count(*) FROM search_content c, json_each(guidebook_surface_forms(c.title, c.body)) f
                    WHERE c.row IN (SELECT id FROM search_index_docsize) GROUP BY f.value ORDER BY f.value
                    """) { "\($0.text(0)) \($0.int(1))" })
            }
            XCTAssertGreaterThan(recounted.count, 0, step, line: line)
            XCTAssertEqual(kept, recounted, step, line: line)
        }

        let texts = [("t0", "Show a sheet near the Popover.", "시트를 팝오버 가까이 보여 줍니다."), ("t1", "Sheets close; the café stays.", "시트가 닫히고 카페는 남습니다."),
                     ("t2", "A progress bar.", "진행률 막대."), ("t3", "Sheet sheet SHEET.", "시트 시트를 시트가")]
        try write([topic("a", sections: [("one", "Sheets", Array(texts[0..<2])), ("two", "", Array(texts[2..<4]))]),
                   topic("b", sections: [("one", "Popovers", Array(texts[1..<3]))])])
        try assertCountsAreRecounted("first write")
        // The section's title changes: it is the title of its guidelines' rows too.
        try write([topic("a", sections: [("one", "Modal sheets", Array(texts[0..<2])), ("two", "", Array(texts[2..<4]))])])
        try assertCountsAreRecounted("a section's title")
        // A guideline moves to the other section, one text changes, one guideline goes.
        try write([topic("a", sections: [("one", "Modal sheets", [texts[0]]),
                                         ("two", "Untitled no more", [texts[1], ("t2", "A new text.", "새 글입니다."), texts[3]])])])
        try assertCountsAreRecounted("moved, changed and deleted guidelines")
        try store.write { try $0.database.run("DELETE FROM topics WHERE slug = 'b'") }
        try assertCountsAreRecounted("a topic deleted")
        // A bulk write (more rows than `SearchIndexer.recordLimit`) over what is there.
        let many = (0..<1_100).map { ("m\($0)", "Guideline \($0) about sheets number\($0 % 7).", "지침 \($0)번 시트\($0 % 5)를") }
        try write([topic("c", sections: [("one", "Bulk", many)]), topic("a", sections: [("one", "Bulk", [texts[2]])])])
        try assertCountsAreRecounted("a bulk write")
        XCTAssertEqual(try store.read { try $0.database.scalarInt("SELECT count(*) FROM search_surface_forms WHERE rows <= 0") }, 0,
                       "a bulk write deletes the forms no row holds")
        try store.rebuildSearchIndex()
        try assertCountsAreRecounted("a rebuild")
    }

    /// The Korean words are every all-Hangul form with the noun under its particles added to it:
    /// the list the vocabulary is made of equals the one made plainly here (a dictionary of counts,
    /// sorted), over the seed and generated guidelines and a row whose nouns are a word of their own
    /// (퓌퓌), cut from several words (퓌퓌를, 퓌퓌가), and before (가가를) and after (힣힣은) every word.
    func testTheKoreanWordsHaveEachNounAddedOnceInOrder() throws {
        let directory = try TemporaryDirectory("guidebook-vocabulary-merge")
        defer { directory.remove() }
        let store = try Store(path: directory.file("kb.sqlite"), migrations: try Migration.load(from: PackagePaths.migrations))
        try GeneratedBase.fill(store, guidelines: 300, folder: directory.path)
        try store.write { writer in
            try writer.upsertCategory(BundleCategory(slug: "test", title: ["en": "Test"]))
            _ = try writer.upsertTopic(BundleTopic(slug: "nouns", category: "test", title: ["en": "Nouns"], summary: [:], sections: [
                BundleSection(key: "one", title: [:], guidelines: [
                    BundleGuideline(id: "nouns.one", text: ["en": "Sheets.", "ko": "퓌퓌 퓌퓌를 퓌퓌가 가가를 힣힣은"]),
                ]),
            ]), mode: .replace)
        }
        let (made, expected) = try store.read { reader in
            var counts: [[UInt32]: Int] = [:]
            try reader.database.forEachRow(SearchVocabulary.wordsSQL) { row in
                let scalars = Array(row.text(0).unicodeScalars)
                guard scalars.allSatisfy(Hangul.isSyllable) else { return }
                counts[scalars.map(\.value), default: 0] += row.int(1)
                if let stem = KoreanParticles.stemLength(scalars), stem >= SearchVocabulary.minKoreanLength {
                    counts[scalars[..<stem].map(\.value), default: 0] += row.int(1)
                }
            }
            let plain = counts.sorted { $0.key.lexicographicallyPrecedes($1.key) }
            return (try SearchVocabulary.wordLists(from: reader.database).korean, plain)
        }
        XCTAssertGreaterThan(expected.count, 500)
        XCTAssertEqual(made.count, expected.count)
        let firstDifference = zip(0..<made.count, expected).first { index, entry in
            Array(made.units(of: index)) != entry.key || made.counts[index] != entry.value
        }
        XCTAssertNil(firstDifference.map { "\($0.0): \($0.1)" }, "the first word that differs")
        func word(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        XCTAssertEqual(expected.first?.key, word("가가"))
        XCTAssertEqual(expected.last?.key, word("힣힣은"))
        XCTAssertEqual(expected.first { $0.key == word("퓌퓌") }?.value, 3, "a word of its own and the noun of two")
    }

    func testEditDistanceWithALimitAgreesWithTheFullTable() {
        var random = SystemRandomNumberGenerator()
        var rows = [Int](repeating: 0, count: 3 * 40)
        for _ in 0..<3_000 {
            let a = (0..<Int.random(in: 0...10, using: &random)).map { _ in UInt32.random(in: 0...3, using: &random) }
            let b = (0..<Int.random(in: 0...10, using: &random)).map { _ in UInt32.random(in: 0...3, using: &random) }
            let limit = Int.random(in: 0...4, using: &random)
            let full = Self.fullDistance(a, b)
            let bounded = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in rows.withUnsafeMutableBufferPointer { EditDistance.optimalAlignment(a, b, limit: limit, rows: $0) } }
            }
            XCTAssertEqual(bounded, min(full, limit + 1), "\(a) \(b) limit \(limit)")
        }
    }

    private static func fullDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }

    private let vocabulary = SearchVocabulary(
        latin: ["progress": 40, "popover": 12, "popovers": 3, "sheet": 30, "sheets": 9, "shoot": 50, "label": 8, "cable": 20, "table": 5,
                "indicator": 14, "modality": 2, "modal": 6],
        korean: ["사이드바": 4, "사이드바를": 2, "진행률": 9, "시트": 18, "시간": 30, "팝오버": 5, "팝오버는": 3, "표시기": 20, "레이블": 10]
    )

    private func closest(_ word: String) -> String? {
        var budget = SearchVocabulary.comparisonBudget
        return vocabulary.closest(to: word, budget: &budget)
    }

    func testTheClosestWordFollowsTheDistanceRules() {
        // English: one edit up to 5 letters, two above; a swap of neighbours is one edit.
        XCTAssertEqual(closest("prgress"), "progress")
        XCTAssertEqual(closest("popver"), "popover")
        XCTAssertEqual(closest("porgress"), "progress")
        XCTAssertEqual(closest("indictaor"), "indicator")
        XCTAssertEqual(closest("modaltiy"), "modality")
        XCTAssertEqual(closest("prgrss"), "progress", "two edits in a word of six letters")
        XCTAssertNil(closest("prgrs"), "three edits")
        XCTAssertNil(closest("xxbel"), "a five-letter word allows one edit")
        XCTAssertEqual(closest("shet"), "sheet", "shoot (held by more rows) is two edits away")
        XCTAssertEqual(closest("xable"), "cable", "a tie goes to the word more rows hold: cable (20) over table (5)")
        XCTAssertNil(closest("ab"), "too short to correct")
        XCTAssertNil(closest("sh33t"), "digits are not corrected")
        XCTAssertNil(closest(String(repeating: "progress", count: 5)), "too long")
        // Korean: one changed jamo, or for three syllables and more one changed syllable.
        XCTAssertEqual(closest("사이드베"), "사이드바")
        XCTAssertEqual(closest("사이드쿄"), "사이드바", "one changed syllable (two jamo)")
        XCTAssertEqual(closest("사이드베를"), "사이드바를")
        XCTAssertEqual(closest("진행율"), "진행률")
        XCTAssertEqual(closest("팝오바"), "팝오버")
        XCTAssertEqual(closest("시틔"), "시트", "one jamo of two syllables")
        XCTAssertNil(closest("시국"), "two syllables: a changed syllable (two jamo or more) is too far")
        XCTAssertNil(closest("을를"))
        XCTAssertNil(closest("앱"), "one syllable is not corrected")
        XCTAssertNil(closest("가나다라마"))
    }

    /// Words keep no text of their own: the answer is made from the word's characters, and a tie
    /// in distance and rows goes to the word first by its characters, as the strings' `<` orders them.
    func testTiesGoToTheFirstWordByItsCharactersAndLongWordsComeBackWhole() {
        let long = String(repeating: "가나다라", count: 4) + "마"
        let tied = SearchVocabulary(latin: ["cat": 7, "bat": 7, "rat": 7, "accessibilities": 3, "accessibilitiez": 3],
                                    korean: ["나다": 5, "가다": 5, "라다": 5, long: 2])
        var budget = SearchVocabulary.comparisonBudget
        XCTAssertEqual(tied.closest(to: "xat", budget: &budget), "bat")
        XCTAssertEqual(tied.closest(to: "다다", budget: &budget), "가다")
        XCTAssertEqual(tied.closest(to: "accessibilitiex", budget: &budget), "accessibilities", "longer than a small string (15 bytes)")
        XCTAssertEqual(tied.closest(to: String(long.dropLast()) + "바", budget: &budget), long, "17 syllables, 51 bytes")
        XCTAssertEqual(tied.wordCount, 9)
    }

    func testCorrectionsKeepCapitalsAndParticles() {
        var budget = SearchVocabulary.comparisonBudget
        XCTAssertEqual(vocabulary.correction(of: "Prgress", budget: &budget), "Progress")
        XCTAssertEqual(vocabulary.correction(of: "popver", budget: &budget), "popover")
        // 사이드베에서 has no close word, its noun 사이드베 has: the particle is put back.
        XCTAssertEqual(vocabulary.correction(of: "사이드베에서", budget: &budget), "사이드바에서")
        XCTAssertNil(vocabulary.correction(of: "zzzzzz", budget: &budget))
    }

    func testTheBudgetBoundsTheWork() {
        var budget = 3
        _ = vocabulary.closest(to: "prgress", budget: &budget)
        XCTAssertEqual(budget, 0)
        XCTAssertNil(vocabulary.closest(to: "popver", budget: &budget), "nothing is compared once the budget is spent")
    }
}
