import GuidebookChecks
import GuidebookCore
import SQLite
import XCTest

/// The quality checks' findings as the store keeps them: written with every write that changes
/// them (a translation, its English, the glossary, a move, a delete), counted by trigger, made
/// again at start when the options change, and not written while the checks are off.
final class TranslationFindingsTests: StoreTestCase {
    override class var folderPrefix: String { "guidebook-findings" }

    private func bundle() -> KnowledgeBundle {
        KnowledgeBundle(
            categories: [BundleCategory(slug: "views", title: ["en": "Views", "ko": "뷰"])],
            topics: [
                BundleTopic(slug: "sheets", category: "views", title: ["en": "Sheets", "ko": "시트"],
                            summary: ["en": "A sheet helps people with a task related to the parent view.", "ko": "시트은 상위 뷰와 관련된 작업을 돕습니다."],
                            sections: [
                                BundleSection(key: "overview", title: [:], guidelines: [
                                    BundleGuideline(id: "sheets.close", text: ["en": "Close the sheet with {button}?", "ko": "시트를 {button}(으)로 닫을까요."]),
                                    BundleGuideline(id: "sheets.toolbar", text: ["en": "Keep the toolbar visible.", "ko": "도구 모음을 계속 보이게 하세요."]),
                                ]),
                                BundleSection(key: "sizes", title: ["en": "Sizes", "ko": "크기"], guidelines: [
                                    BundleGuideline(id: "sheets.sizes", text: ["en": "Use a large sheet for 3 steps.", "ko": "세 단계에는 큰 시트을 쓰세요."]),
                                ]),
                            ]),
                BundleTopic(slug: "menus", category: "views", title: ["en": "Menus", "ko": "메뉴"], summary: ["en": "Menus list commands.", "ko": "메뉴는 명령을 나열합니다."],
                            sections: [BundleSection(key: "overview", title: [:], guidelines: [
                                BundleGuideline(id: "menus.short", text: ["en": "Keep menus short.", "ko": "메뉴는 짧게 유지하세요."]),
                            ])]),
            ],
            glossary: [BundleGlossaryEntry(term: ["en": "sheet", "ko": "시트"]), BundleGlossaryEntry(term: ["en": "menu", "ko": "메뉴"])])
    }

    private func openStore(_ options: CheckOptions = CheckOptions()) throws -> Store {
        try Store(path: directory.file("findings.sqlite"), migrations: migrations, maxReaders: 2, checks: options)
    }

    private func checks(_ store: Store, guideline: String) throws -> [String] {
        try store.read { try $0.findings(guideline: guideline, locale: "ko") ?? [] }.map { "\($0.check.rawValue) \($0.found ?? "")→\($0.fix ?? "")" }
    }

    /// The counts kept by trigger must be what counting the rows gives.
    private func assertCountsMatchRows(_ store: Store, file: StaticString = #filePath, line: UInt = #line) throws {
        let database = try Database(path: directory.file("findings.sqlite"))
        let counted = try database.rows("""
            SELECT topic_id, check_name, count(*) FROM translation_findings GROUP BY topic_id, check_name
            UNION ALL SELECT 0, check_name, count(*) FROM translation_findings GROUP BY check_name ORDER BY 1, 2
            """) { "\($0.int(0)) \($0.text(1)) \($0.int(2))" }
        let kept = try database.rows("SELECT topic_id, check_name, count FROM translation_finding_counts WHERE count > 0 ORDER BY 1, 2") {
            "\($0.int(0)) \($0.text(1)) \($0.int(2))"
        }
        XCTAssertEqual(kept, counted, file: file, line: line)
        XCTAssertEqual(try database.scalarInt("SELECT count(*) FROM translation_finding_counts WHERE count < 0"), 0, file: file, line: line)
    }

    func testAnImportIsCheckedAndItsFindingsAreListedAndCounted() throws {
        let store = try openStore()
        try store.write { _ = try $0.apply(bundle()) }
        XCTAssertEqual(try checks(store, guideline: "sheets.sizes"), ["numbers →3", "particles 시트을→시트를"])
        XCTAssertEqual(try checks(store, guideline: "sheets.close"), ["end_punctuation .→?"])
        XCTAssertEqual(try checks(store, guideline: "menus.short"), [])
        let topic = try store.read { try $0.findings(topic: "sheets", locale: "ko") ?? [] }
        XCTAssertEqual(topic.map { "\($0.field) \($0.check.rawValue) \($0.found ?? "")" }, ["summary particles 시트은"])
        XCTAssertEqual(topic.first?.correctedText, "시트는 상위 뷰와 관련된 작업을 돕습니다.")
        XCTAssertNil(try store.read { try $0.findings(guideline: "nope", locale: "ko") })

        let page = try store.read { try $0.findings(.init(topic: "sheets", locale: "ko"), after: nil, limit: 2) }
        XCTAssertEqual(page.items.count, 2)
        let rest = try store.read { try $0.findings(.init(topic: "sheets", locale: "ko"), after: page.nextAfter?.first, limit: 10) }
        XCTAssertNil(rest.nextAfter)
        let all = page.items + rest.items
        XCTAssertEqual(all.map(\.id), all.map(\.id).sorted())
        XCTAssertEqual(Set(all.map(\.check)), [.particles, .numbers, .endPunctuation])
        let errors = try store.read { try $0.findings(.init(severity: .error), after: nil, limit: 50) }
        XCTAssertEqual(errors.items.map(\.check), [.particles, .particles])
        let counts = try store.read { try $0.findingCounts(topic: "sheets", locale: "ko") }
        XCTAssertEqual(counts.byCheck, [.particles: 2, .numbers: 1, .endPunctuation: 1])
        XCTAssertEqual(counts.count(.error), 2)
        XCTAssertEqual(try store.read { try $0.findingCounts() }.total, 4)
        XCTAssertThrowsError(try store.read { try $0.findingCounts(topic: "nope") })
        try assertCountsMatchRows(store)
    }

    func testEveryWriteThatChangesFindingsRewritesThem() throws {
        let store = try openStore()
        try store.write { _ = try $0.apply(bundle()) }
        // Fixing the translation removes its finding.
        _ = try store.write { try $0.editor.putGuidelineTranslation(id: "sheets.sizes", locale: "ko", text: "3단계에는 큰 시트를 쓰세요.", precondition: .none) }
        XCTAssertEqual(try checks(store, guideline: "sheets.sizes"), [])
        // A change of the English alone changes its translation's findings.
        _ = try store.write {
            try $0.editor.replaceGuideline(id: "menus.short", GuidelineDraft(topic: "menus", section: "overview", text: "Keep menus short, with `Done` last."),
                                           precondition: .none)
        }
        XCTAssertEqual(try checks(store, guideline: "menus.short"), ["inline_code →`Done`"])
        try assertCountsMatchRows(store)
        // A moved guideline takes its findings to its new topic; a deleted one takes them away.
        _ = try store.write {
            try $0.editor.replaceGuideline(id: "menus.short", GuidelineDraft(topic: "sheets", section: "sizes", text: "Keep menus short, with `Done` last."),
                                           precondition: .none)
        }
        XCTAssertEqual(try store.read { try $0.findingCounts(topic: "sheets") }.byCheck[.inlineCode], 1)
        XCTAssertEqual(try store.read { try $0.findingCounts(topic: "menus") }.total, 0)
        try assertCountsMatchRows(store)
        _ = try store.write { try $0.editor.deleteGuideline(id: "menus.short", precondition: .none) }
        XCTAssertEqual(try store.read { try $0.findingCounts() }.byCheck[.inlineCode], nil)
        // A deleted translation has no findings.
        _ = try store.write { try $0.editor.deleteGuidelineTranslation(id: "sheets.close", locale: "ko", precondition: .none) }
        XCTAssertEqual(try checks(store, guideline: "sheets.close"), [])
        try store.write { try $0.editor.deleteTopic(slug: "sheets", precondition: .none) }
        XCTAssertEqual(try store.read { try $0.findingCounts() }.total, 0)
        try assertCountsMatchRows(store)
    }

    func testAGlossaryChangeRechecksTheTextsThatUseTheTerm() throws {
        let store = try openStore()
        try store.write { _ = try $0.apply(bundle()) }
        XCTAssertEqual(try checks(store, guideline: "sheets.toolbar"), [])
        // A new term: the guideline whose English uses it lacks the equivalent; its variant is forbidden.
        guard case .written(let term) = try store.addGlossaryTerm(GlossaryTerm(id: 0, term: ["en": "toolbar", "ko": "툴바"], forbidden: ["ko": ["도구 모음"]])) else {
            return XCTFail("the term was not added")
        }
        XCTAssertEqual(try checks(store, guideline: "sheets.toolbar"), ["glossary_forbidden 도구 모음→툴바"])
        let finding = try XCTUnwrap(store.read { try $0.findings(guideline: "sheets.toolbar", locale: "ko") }?.first)
        XCTAssertEqual(finding.correctedText, "툴바를 계속 보이게 하세요.", "the substitution makes the particle agree")
        XCTAssertEqual(finding.severity, .error)
        // Without the forbidden variant only the missing equivalent remains; deleting the term clears it.
        _ = try store.replaceGlossaryTerm(GlossaryTerm(id: term.id, term: ["en": "toolbar", "ko": "툴바"]))
        XCTAssertEqual(try checks(store, guideline: "sheets.toolbar"), ["glossary_missing →툴바"])
        XCTAssertTrue(try store.deleteGlossaryTerm(id: term.id))
        XCTAssertEqual(try checks(store, guideline: "sheets.toolbar"), [])
        // A term written with a particle that does not agree is the particle check's, not missing.
        _ = try store.write { try $0.editor.putGuidelineTranslation(id: "sheets.sizes", locale: "ko", text: "3단계에는 큰 시트이 알맞습니다.", precondition: .none) }
        XCTAssertEqual(try checks(store, guideline: "sheets.sizes"), ["particles 시트이→시트가"])
        try assertCountsMatchRows(store)
    }

    func testACorrectedTextTheRecordsTextGivesAgainIsNotStoredButIsListed() throws {
        func particle(_ store: Store) throws -> TranslationFinding? {
            try store.read { try $0.findings(guideline: "sheets.sizes", locale: "ko") ?? [] }.first { $0.check == .particles }
        }
        do {
            let store = try openStore()
            try store.write { _ = try $0.apply(bundle()) }
            let database = try Database(path: directory.file("findings.sqlite"))
            let stored = try database.rows("SELECT corrected IS NULL FROM translation_findings WHERE check_name = 'particles'") { $0.int(0) }
            XCTAssertEqual(stored, [1, 1], "the guideline's and the topic summary's: made again when read")
            XCTAssertEqual(try particle(store)?.correctedText, "세 단계에는 큰 시트를 쓰세요.")
        }
        // The text changed under the finding (the checks were off): no corrected text rather than a wrong one.
        let off = try openStore(CheckOptions(isEnabled: false))
        _ = try off.write { try $0.editor.putGuidelineTranslation(id: "sheets.sizes", locale: "ko", text: "큰 시트을 세 단계에 쓰세요.", precondition: .none) }
        XCTAssertEqual(try particle(off)?.found, "시트을")
        XCTAssertNil(try particle(off)?.correctedText)
    }

    func testOtherOptionsAtStartCheckEverythingAgainAndOffChecksNothing() throws {
        do {
            let store = try openStore()
            try store.write { _ = try $0.apply(bundle()) }
            XCTAssertNil(try store.read { try $0.findingCounts() }.byCheck[.lengthRatio])
        }
        do {
            // A band nothing fits: every translation long enough is reported, at start.
            let store = try openStore(CheckOptions(lengthRatio: 5...6))
            XCTAssertGreaterThan(try store.read { try $0.findingCounts() }.byCheck[.lengthRatio] ?? 0, 2)
            try assertCountsMatchRows(store)
        }
        do {
            // Off: a write leaves the findings as they were.
            let store = try openStore(CheckOptions(isEnabled: false))
            _ = try store.write { try $0.editor.putGuidelineTranslation(id: "sheets.sizes", locale: "ko", text: "3단계에는 큰 시트를 쓰세요.", precondition: .none) }
            XCTAssertEqual(try checks(store, guideline: "sheets.sizes"), ["numbers →3", "length_ratio →", "particles 시트을→시트를"])
        }
        do {
            // On again: everything is checked at start, so the write made while off is seen.
            let store = try openStore()
            XCTAssertEqual(try checks(store, guideline: "sheets.sizes"), [])
            XCTAssertNil(try store.read { try $0.findingCounts() }.byCheck[.lengthRatio])
            try assertCountsMatchRows(store)
        }
    }

    func testFindingsMadeOnSeveralThreadsAreThoseMadeOnOne() throws {
        // Enough records for two of the chunks the checks are made in (512 records), each shared by four threads;
        // texts whose findings differ from record to record (numbers, particles, punctuation).
        func bundle(edited: Bool) -> KnowledgeBundle {
            let guidelines = (0..<900).map { index in
                let changed = edited && index % 2 == 0
                let english = "Use \(index) steps in a sheet\(index % 5 == 0 ? "?" : ".")"
                let korean = "시트\(index % 3 == 0 ? "을" : "를") \(changed ? index : index + 1)단계에 쓰세요."
                return BundleGuideline(id: "many.g\(index)", text: ["en": english, "ko": korean])
            }
            return KnowledgeBundle(
                categories: [BundleCategory(slug: "views", title: ["en": "Views", "ko": "뷰"])],
                topics: [BundleTopic(slug: "many", category: "views", title: ["en": "Many", "ko": "여럿"], summary: ["en": "Many.", "ko": "여럿."],
                                     sections: [BundleSection(key: "all", title: [:], guidelines: guidelines)])],
                glossary: [])
        }
        func findings(_ name: String) throws -> [String] {
            try Database(path: directory.file(name)).rows("""
                SELECT id, topic_id, section_id, guideline_id, locale, field, check_name, severity, message, found, fix, at_offset, corrected
                FROM translation_findings ORDER BY id
                """) { row in (0..<13).map { row.isNull($0) ? "-" : row.text($0) }.joined(separator: "|") }
        }
        for (name, workers) in [("one.sqlite", 1), ("four.sqlite", 4)] {
            let store = try Store(path: directory.file(name), migrations: migrations, maxReaders: 1, checkWorkers: workers)
            try store.write { _ = try $0.apply(bundle(edited: false)) }
        }
        let first = try findings("one.sqlite")
        XCTAssertGreaterThan(first.count, 900, "every record has two findings or more")
        XCTAssertEqual(try findings("four.sqlite"), first)
        // Four threads while requests are being served: the writer makes them all, the same.
        let served = ForegroundActivity(window: .seconds(3_600))
        served.note()
        try Store(path: directory.file("served.sqlite"), migrations: migrations, maxReaders: 1, checkWorkers: 4, foreground: served)
            .write { _ = try $0.apply(bundle(edited: false)) }
        XCTAssertEqual(try findings("served.sqlite"), first)
        // Half the records rewritten: their findings change, the others' stay as they were.
        for (name, workers) in [("one.sqlite", 1), ("four.sqlite", 4)] {
            let store = try Store(path: directory.file(name), migrations: migrations, maxReaders: 1, checkWorkers: workers)
            try store.write { _ = try $0.apply(bundle(edited: true)) }
        }
        let edited = try findings("one.sqlite")
        XCTAssertNotEqual(edited, first)
        XCTAssertEqual(try findings("four.sqlite"), edited)
        // Other options at start: everything checked again, on four threads and on one.
        for (name, workers) in [("one.sqlite", 1), ("four.sqlite", 4)] {
            _ = try Store(path: directory.file(name), migrations: migrations, maxReaders: 1, checks: CheckOptions(lengthRatio: 5...6), checkWorkers: workers)
        }
        let again = try findings("one.sqlite")
        XCTAssertTrue(again.contains { $0.contains("|length_ratio|") })
        XCTAssertEqual(try findings("four.sqlite"), again)
    }

    func testRecordsCheckedWhileAWriteGoesOnAndChangedAfterHaveTheFindingsOfTheirEnd() throws {
        // Topic "a" is enough records for the checks to start on them while the write goes on; the
        // topics written after move one of its guidelines away, rewrite another and delete seven,
        // before the findings made of their first texts are written.
        func guideline(_ key: String, _ index: Int, korean: String? = nil) -> BundleGuideline {
            BundleGuideline(id: key, text: ["en": "Use \(index) steps in a sheet.", "ko": korean ?? "시트를 \(index + 1)단계에 쓰세요."])
        }
        func topic(_ slug: String, _ guidelines: [BundleGuideline]) -> BundleTopic {
            BundleTopic(slug: slug, category: "views", title: ["en": slug, "ko": slug], summary: [:],
                        sections: [BundleSection(key: "all", title: [:], guidelines: guidelines)])
        }
        let first = (0..<600).map { guideline("a.g\($0)", $0) }
        func rows(_ store: Store) throws -> [String] {
            try Database(path: directory.file("findings.sqlite")).rows("""
                SELECT t.slug, g.key, f.locale, f.check_name, f.message, f.found, f.fix FROM translation_findings f
                JOIN topics t ON t.id = f.topic_id LEFT JOIN guidelines g ON g.id = f.guideline_id ORDER BY 1, 2, 3, 4, 5
                """) { row in (0..<7).map { row.isNull($0) ? "-" : row.text($0) }.joined(separator: "|") }
        }
        let store = try Store(path: directory.file("findings.sqlite"), migrations: migrations, maxReaders: 1, checkWorkers: 4)
        try store.write { writer in
            _ = try writer.apply(KnowledgeBundle(categories: [BundleCategory(slug: "views", title: ["en": "Views", "ko": "뷰"])], topics: [], glossary: []))
            _ = try writer.upsertTopic(topic("a", first), mode: .merge)
            _ = try writer.upsertTopic(topic("b", [guideline("a.g1", 1), guideline("a.g2", 2, korean: "시트를 2단계에 쓸까요?"), guideline("b.g0", 7)]),
                                       mode: .merge)
            _ = try writer.upsertTopic(topic("a", [first[0]] + first[10...]), mode: .replace)
        }
        let written = try rows(store)
        XCTAssertTrue(written.contains { $0.hasPrefix("b|a.g1|ko|numbers|") }, "the moved guideline's findings are in its new topic")
        XCTAssertFalse(written.contains { $0.hasPrefix("a|a.g1|") || $0.hasPrefix("a|a.g5|") })
        XCTAssertTrue(written.contains { $0.hasPrefix("b|a.g2|ko|end_punctuation|") }, "the rewritten guideline is checked as it ends")
        XCTAssertFalse(written.contains { $0.hasPrefix("b|a.g2|ko|numbers|") })
        try assertCountsMatchRows(store)
        // What checking every record from scratch finds (other options at start, then these again).
        _ = try openStore(CheckOptions(lengthRatio: 5...6))
        let fromScratch = try rows(try openStore())
        XCTAssertEqual(written.count, fromScratch.count)
        XCTAssertEqual(written, fromScratch)
    }
}
