import Foundation
import GuidebookCore
import GuidebookNotes
import GuidebookTestSupport
import XCTest

/// Tests of the bilingual notes parser against the four real study notes, which are not in the
/// repository: the folder named by `GUIDEBOOK_REAL_NOTES` (`make test-real-notes`). Every test
/// fails, naming the folder, when the variable is missing or names no folder of notes.
final class RealNotesParserTests: XCTestCase {
    // MARK: Real notes: 004, a document with sections, captions and a source footer

    func testProgressIndicatorsNoteYieldsOneTopicWithThreeSections() throws {
        // The footnote asterisk of "Network Activity Indicators*" is not part of the name.
        try assertDocumentTopic(try parseSeed("004"), slug: "progress-indicators", title: ["en": "Progress Indicators"], sections: [
            ("overview", [:], 1),
            ("activity-indicators", ["en": "Activity Indicators"], 5),
            ("progress-bars", ["en": "Progress Bars"], 6),
            ("network-activity-indicators", ["en": "Network Activity Indicators"], 2),
        ], paragraphs: 41)
    }

    func testProgressIndicatorsNotePairsEachParagraphWithItsTranslation() throws {
        let topic = try onlyTopic(of: try parseSeed("004"))

        XCTAssertEqual(topic.summary, [
            "en": "Don’t make people sit around staring at a static screen waiting for your app to load content or perform lengthy data processing operations. Use activity indicators and progress bars to let people know your app isn’t stalled and to give them some idea of how long they’ll be waiting.",
            "ko": "앱이 콘텐츠를 로드하거나 장시간 데이터 처리 작업을 수행하기를 기다리며 사람들이 가만히 앉아 정적 화면을 바라보게 하지 마십시오. 활동 표시기와 진행 표시줄을 사용하여 앱이 정지되지 않았다는 것을 알리고 얼마나 오래 기다려야 하는지 알려줍니다.",
        ])
        let keepMoving = try guideline("progress-indicators.keep-activity-indicators-moving", in: topic)
        // The non-breaking space after the first sentence became an ordinary space.
        XCTAssertEqual(keepMoving.text, [
            "en": "Keep activity indicators moving. People associate a stationary activity indicator with a stalled process. Keep it spinning so they know something’s happening.",
            "ko": "활동 표시기를 계속 움직입니다. 사람들은 정지된 활동 지표를 정지된 과정과 연관시킵니다. 그들이 무슨 일이 일어나고 있는지 알 수 있도록 계속 돌려주세요.",
        ])
        // A Korean line full of English terms is still the Korean translation.
        let favor = try guideline("progress-indicators.favor-progress-bars-activity-indicators", in: topic)
        XCTAssertEqual(favor.text["ko"]?.hasPrefix("Activity indicator보다 progress bar를 선호합니다."), true)
        let seeAlso = try guideline("progress-indicators.see-loading", in: topic)
        XCTAssertEqual(seeAlso.text, ["en": "See also Loading.", "ko": "Loading을 참조하십시오."])
        XCTAssertEqual(topic.sections[2].guidelines.last?.text, ["en": "For developer guidance, see UIProgressView.", "ko": "개발자 지침은 UIProgressView를 참조하십시오."])
        // Every guideline of this fully translated note has both languages.
        XCTAssertTrue(topic.sections.flatMap(\.guidelines).allSatisfy { $0.text["ko"] != nil })
    }

    func testProgressIndicatorsNoteReportsCaptionsAndFooterByLine() throws {
        let result = try parseSeed("004")

        XCTAssertEqual(result.warnings.map(\.line), [25, 61, 103, 117, 119, 121])
        for warning in result.warnings.prefix(3) {
            XCTAssertTrue(warning.message.contains("caption"), warning.message)
        }
        for warning in result.warnings.suffix(3) {
            XCTAssertTrue(warning.message.contains("footer") || warning.message.contains("citation"), warning.message)
        }
        XCTAssertTrue(result.warnings.allSatisfy { $0.file == "004_4fdc87f8537a821e.txt" })
        // The captions' text is nowhere in the bundle.
        let allKorean = try onlyTopic(of: result).sections.flatMap(\.guidelines).compactMap { $0.text["ko"] }.joined()
        XCTAssertFalse(allKorean.contains("비디오입니다"))
    }

    // MARK: Real notes: 002, series title, Korean title, an untranslated pointer

    func testSplitViewsNoteTakesTitleFromSeriesLineAndKoreanHeading() throws {
        let topic = try assertOverviewOnlyTopic(try parseSeed("002"), slug: "split-views", title: ["en": "Split Views", "ko": "스플릿 뷰"], paragraphs: 16)

        XCTAssertEqual(topic.sections[0].guidelines.count, 6)
        XCTAssertEqual(topic.summary["en"]?.hasPrefix("A split view manages the presentation of hierarchical content"), true)
        XCTAssertEqual(topic.summary["ko"]?.hasPrefix("스플릿 뷰는 앱 내 위계 순서가 있는 콘텐츠를"), true)
    }

    func testSplitViewsNoteKeepsUntranslatedPointerInEnglishAndWarns() throws {
        let result = try parseSeed("002")
        let topic = try onlyTopic(of: result)

        // Two English paragraphs (lines 38 and 40) are followed by one Korean paragraph (line 42):
        // the Korean translates the first; the developer pointer stays English-only.
        let dragAndDrop = try guideline("split-views.appropriate-allow-people-drag-drop", in: topic)
        XCTAssertEqual(dragAndDrop.text["en"]?.hasPrefix("If appropriate, allow people to drag and drop content between columns."), true)
        XCTAssertEqual(dragAndDrop.text["ko"]?.hasPrefix("적절하다면 사용자들이 컬럼 간 콘텐츠를 드래그앤 드랍할 수 있게 하세요."), true)
        try assertUntranslatedPointer("split-views.developer-guidance-see-uisplitviewcontroller", in: topic,
                                      english: "For developer guidance, see UISplitViewController.", result: result, warnedAt: 40)
    }

    // MARK: Real notes: 001, blog-style first line, paragraphs one per line, a tip block

    func testMaterialsNoteDerivesItsTitleAndPairsLinesInOrder() throws {
        let topic = try assertOverviewOnlyTopic(try parseSeed("001"), slug: "materials", title: ["en": "Materials"], paragraphs: 16)

        XCTAssertEqual(topic.sections[0].guidelines.count, 7)
        // Lines 2–3 are English and lines 4–5 their translations, in the same order.
        XCTAssertEqual(topic.summary["en"]?.hasPrefix("iOS provides materials (or blur effects)"), true)
        XCTAssertEqual(topic.summary["ko"]?.hasPrefix("iOS에서 제공하는 materials(혹은 블러 효과)를"), true)
        let systemDefined = try XCTUnwrap(topic.sections[0].guidelines.first)
        XCTAssertEqual(systemDefined.text["en"]?.hasPrefix("When you use the system-defined materials"), true)
        XCTAssertEqual(systemDefined.text["ko"]?.hasPrefix("시스템에서 정의한 머티리얼을 사용할 땐"), true)
        // Lines 15–16 and 17–18 as well.
        let containers = try XCTUnwrap(topic.sections[0].guidelines.last)
        XCTAssertEqual(containers.text["en"]?.hasPrefix("For use in content containers, iOS 13 defines four materials"), true)
        XCTAssertEqual(containers.text["ko"]?.hasPrefix("콘텐츠 컨테이너에 사용하려면"), true)
    }

    func testMaterialsNoteSplitsTipBlockAndReportsBlogLineAndDerivedTitle() throws {
        try assertBlogNote(try parseSeed("001"), tipID: "materials.materials-require-presence-visual-effect", tip: [
            "en": "Materials require the presence of a visual effect view in your view hierarchy. For developer guidance, see UIVisualEffectView.",
            "ko": "머티리얼을 사용하기 위해선, 뷰 계층 구조 안에 시각 효과 뷰가 있어야 합니다.",
        ], derivedTitle: "Materials")
    }

    // MARK: Real notes: 000, an index page

    func testIndexPageYieldsTenTopics() throws {
        assertIndexPageTopics(try parseSeed("000"), slugs: [
            "dark-mode", "launch-screen", "interface-essentials", "sheets", "modality",
            "popovers", "refresh-content-controls", "progress-indicators", "labels", "context-menus",
        ], titles: [
            "Dark Mode", "Launch Screen", "Interface Essentials", "Sheets", "Modality",
            "Popovers", "Refresh Content Controls", "Progress Indicators", "Labels", "Context Menus",
        ], paragraphs: 11)
    }

    func testIndexPageSplitsMixedParagraphsAtTheScriptChange() throws {
        let result = try parseSeed("000")
        let topics = Dictionary(uniqueKeysWithValues: result.bundle.topics.map { ($0.slug, $0) })

        let darkMode = try XCTUnwrap(topics["dark-mode"])
        XCTAssertEqual(darkMode.summary["en"]?.hasPrefix("In iOS 13.0 and later, people can choose"), true)
        XCTAssertEqual(darkMode.summary["en"]?.hasSuffix("Dark Mode supports all accessibility features."), true)
        // The preview's ".." truncation marker is kept as "…".
        XCTAssertEqual(darkMode.summary["ko"], "iOS 13.0 이상에서 사람들은 Dark Mode라고 불리는 어두운 시스템 전체의 외관을…")
        // A topic with one pair uses it as summary and as its one guideline.
        XCTAssertEqual(darkMode.sections[0].guidelines[0].text, darkMode.summary)

        let launch = try XCTUnwrap(topics["launch-screen"])
        XCTAssertNil(launch.summary["ko"])
        XCTAssertEqual(launch.summary["en"]?.hasSuffix("Every app must supply a launch screen. L…"), true)

        let modality = try XCTUnwrap(topics["modality"])
        XCTAssertEqual(modality.summary["en"], "Modality is a design technique that presents content in a temporary mode that requires an explicit action to exit. Presenting content modally can:")
        XCTAssertEqual(modality.summary["ko"], "Modality는 종료하기 위해 명시적인 작업이 필요한 콘텐츠를 임시 모드로 표시하는 설계 기법입니다. 콘텐츠를 모듈식으로 표시하면 다음을 수행할 수 있습니다.")
        XCTAssertEqual(modality.sections[0].guidelines[0].text["en"]?.hasPrefix("Help people focus on a self-contained task"), true)
        XCTAssertNil(modality.sections[0].guidelines[0].text["ko"])

        let labels = try XCTUnwrap(topics["labels"])
        XCTAssertEqual(labels.summary["ko"]?.hasSuffix("짧게 유지하는 것이 가장 좋습니다."), true, "the screenshot caption is not part of the translation")
    }

    func testIndexPageReportsHeaderCaptionsAndMissingTranslations() throws {
        assertIndexPageWarnings(try parseSeed("000"), lines: [1, 5, 7, 11, 13, 15, 19, 21, 21], captions: [19, 21], untranslated: [5, 7, 11, 13, 15, 21])
    }

    // MARK: Known topic titles

    func testKnownTopicTitlesAreRecognisedAndTheirSlugsReused() throws {
        let known = ["Launch Screen": "launching", "Materials": "materials-and-blur", "Progress Indicators": "progress-indicators"]
        let parser = NotesParser(options: .init(categorySlug: "hig", categoryTitle: ["en": "HIG"], knownTopicTitles: known))

        let index = parser.parse(try seedText("000"), fileName: "000.txt")
        XCTAssertEqual(index.bundle.topics.count, 10)
        XCTAssertEqual(index.bundle.topics[1].slug, "launching")
        XCTAssertEqual(index.bundle.topics.map(\.category), Array(repeating: "hig", count: 10))
        XCTAssertEqual(index.bundle.categories, [BundleCategory(slug: "hig", title: ["en": "HIG"])])

        let materials = parser.parse(try seedText("001"), fileName: "001.txt")
        XCTAssertEqual(materials.bundle.topics.map(\.slug), ["materials-and-blur"])
        XCTAssertEqual(materials.bundle.topics.first?.title["en"], "Materials")
    }

    // MARK: Output is a valid bundle

    func testEveryFileYieldsValidIdentifiersAndRoundTripsAsJSON() throws {
        var allIDs: [String] = []
        for prefix in ["000", "001", "002", "004"] {
            allIDs += try assertValidNotesBundle(try parseSeed(prefix))
        }
        // 000 and 004 both have a "progress-indicators" topic; within one file ids are unique.
        XCTAssertEqual(Set(try parseSeed("004").bundle.topics.flatMap { $0.sections.flatMap { $0.guidelines.map(\.id) } }).count, 14)
        XCTAssertFalse(allIDs.isEmpty)
    }

    // MARK: Robustness

    func testCRLFLineEndingsGiveTheSameResult() throws {
        let result = parseWithEveryLineEnding(try seedText("004"), fileName: "004.txt")
        XCTAssertEqual(result.warnings.map(\.line), [25, 61, 103, 117, 119, 121])
    }

    func testOneMegabyteInputCompletesQuickly() throws {
        // Real notes over and over: 004 without its footer (after a footer nothing is content), 002, 001.
        let seed = withoutFooter(try seedText("004")) + "\n\n" + (try seedText("002")) + "\n\n" + (try seedText("001")) + "\n\n"

        let result = parseLargeNotes(repeating: seed)
        XCTAssertGreaterThan(result.paragraphsParsed, 4_000)
    }

    // MARK: Helpers

    private func seedURL(_ prefix: String) throws -> URL {
        let folder = try NotesFolder.realNotes()
        guard let name = folder.fileNames.first(where: { $0.hasPrefix(prefix + "_") }) else {
            throw NotesFolder.Unusable(description: "The notes file \(prefix)_*.txt is missing from \(folder.path)")
        }
        return URL(fileURLWithPath: folder.filePath(name))
    }

    private func seedText(_ prefix: String) throws -> String {
        try String(contentsOf: try seedURL(prefix), encoding: .utf8)
    }

    private func parseSeed(_ prefix: String) throws -> NotesParseResult {
        let url = try seedURL(prefix)
        return NotesParser().parse(try String(contentsOf: url, encoding: .utf8), fileName: url.lastPathComponent)
    }
}
