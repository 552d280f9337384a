import Foundation
import GuidebookCore
@testable import GuidebookImport
import XCTest

/// Tests of the bilingual notes parser against the four real notes files in `../shared/seeds/`
/// (relative to the package root), plus synthetic notes that show the rules generalise.
final class NotesParserTests: XCTestCase {
    // MARK: Real notes: 004, a document with sections, captions and a source footer

    func testProgressIndicatorsNoteYieldsOneTopicWithThreeSections() throws {
        let result = try parseSeed("004")
        let topic = try onlyTopic(of: result)

        XCTAssertEqual(topic.slug, "progress-indicators")
        XCTAssertEqual(topic.category, "notes")
        XCTAssertEqual(topic.title, ["en": "Progress Indicators"])
        XCTAssertEqual(topic.sections.map(\.key), ["overview", "activity-indicators", "progress-bars", "network-activity-indicators"])
        XCTAssertEqual(topic.sections.map(\.guidelines.count), [1, 5, 6, 2])
        XCTAssertEqual(topic.sections[0].title, [:])
        XCTAssertEqual(topic.sections[1].title, ["en": "Activity Indicators"])
        XCTAssertEqual(topic.sections[2].title, ["en": "Progress Bars"])
        // The footnote asterisk of "Network Activity Indicators*" is not part of the name.
        XCTAssertEqual(topic.sections[3].title, ["en": "Network Activity Indicators"])
        XCTAssertEqual(result.paragraphsParsed, 41)
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
        let result = try parseSeed("002")
        let topic = try onlyTopic(of: result)

        XCTAssertEqual(topic.slug, "split-views")
        XCTAssertEqual(topic.title, ["en": "Split Views", "ko": "스플릿 뷰"])
        XCTAssertEqual(topic.sections.map(\.key), ["overview"])
        XCTAssertEqual(topic.sections[0].guidelines.count, 6)
        XCTAssertEqual(topic.summary["en"]?.hasPrefix("A split view manages the presentation of hierarchical content"), true)
        XCTAssertEqual(topic.summary["ko"]?.hasPrefix("스플릿 뷰는 앱 내 위계 순서가 있는 콘텐츠를"), true)
        XCTAssertEqual(result.paragraphsParsed, 16)
    }

    func testSplitViewsNoteKeepsUntranslatedPointerInEnglishAndWarns() throws {
        let result = try parseSeed("002")
        let topic = try onlyTopic(of: result)

        // Two English paragraphs (lines 38 and 40) are followed by one Korean paragraph (line 42):
        // the Korean translates the first; the developer pointer stays English-only.
        let dragAndDrop = try guideline("split-views.appropriate-allow-people-drag-drop", in: topic)
        XCTAssertEqual(dragAndDrop.text["en"]?.hasPrefix("If appropriate, allow people to drag and drop content between columns."), true)
        XCTAssertEqual(dragAndDrop.text["ko"]?.hasPrefix("적절하다면 사용자들이 컬럼 간 콘텐츠를 드래그앤 드랍할 수 있게 하세요."), true)
        let pointer = try guideline("split-views.developer-guidance-see-uisplitviewcontroller", in: topic)
        XCTAssertEqual(pointer.text, ["en": "For developer guidance, see UISplitViewController."])
        XCTAssertEqual(result.warnings.map(\.line), [40])
        XCTAssertTrue(result.warnings[0].message.contains("no Korean translation"))
    }

    // MARK: Real notes: 001, blog-style first line, paragraphs one per line, a tip block

    func testMaterialsNoteDerivesItsTitleAndPairsLinesInOrder() throws {
        let result = try parseSeed("001")
        let topic = try onlyTopic(of: result)

        XCTAssertEqual(topic.slug, "materials")
        XCTAssertEqual(topic.title, ["en": "Materials"])
        XCTAssertEqual(topic.sections.map(\.key), ["overview"])
        XCTAssertEqual(topic.sections[0].guidelines.count, 7)
        XCTAssertEqual(result.paragraphsParsed, 16)
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

    func testMaterialsNoteSplitsTipBlockIntoEnglishAndKorean() throws {
        let topic = try onlyTopic(of: try parseSeed("001"))

        let tip = try guideline("materials.materials-require-presence-visual-effect", in: topic)
        XCTAssertEqual(tip.text, [
            "en": "Materials require the presence of a visual effect view in your view hierarchy. For developer guidance, see UIVisualEffectView.",
            "ko": "머티리얼을 사용하기 위해선, 뷰 계층 구조 안에 시각 효과 뷰가 있어야 합니다.",
        ])
    }

    func testMaterialsNoteReportsBlogLineAndDerivedTitle() throws {
        let result = try parseSeed("001")

        XCTAssertEqual(result.warnings.map(\.line), [1, 1])
        XCTAssertTrue(result.warnings[0].message.contains("no English title"))
        XCTAssertTrue(result.warnings[1].message.contains("\"Materials\""))
    }

    // MARK: Real notes: 000, an index page

    func testIndexPageYieldsTenTopics() throws {
        let result = try parseSeed("000")

        XCTAssertEqual(result.bundle.topics.map(\.slug), [
            "dark-mode", "launch-screen", "interface-essentials", "sheets", "modality",
            "popovers", "refresh-content-controls", "progress-indicators", "labels", "context-menus",
        ])
        XCTAssertEqual(result.bundle.topics.map { $0.title["en"] ?? "" }, [
            "Dark Mode", "Launch Screen", "Interface Essentials", "Sheets", "Modality",
            "Popovers", "Refresh Content Controls", "Progress Indicators", "Labels", "Context Menus",
        ])
        for topic in result.bundle.topics {
            XCTAssertEqual(topic.sections.map(\.key), ["overview"], topic.slug)
            XCTAssertEqual(topic.sections[0].guidelines.count, 1, topic.slug)
        }
        XCTAssertEqual(result.paragraphsParsed, 11)
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
        let result = try parseSeed("000")

        XCTAssertEqual(result.warnings.map(\.line), [1, 5, 7, 11, 13, 15, 19, 21, 21])
        XCTAssertTrue(result.warnings[0].message.contains("not a topic"))
        XCTAssertTrue(result.warnings[6].message.contains("caption"))
        XCTAssertEqual(result.warnings.filter { $0.message.contains("caption") }.map(\.line), [19, 21])
        XCTAssertEqual(result.warnings.filter { $0.message.contains("no Korean translation") }.map(\.line), [5, 7, 11, 13, 15, 21])
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
            let result = try parseSeed(prefix)
            XCTAssertEqual(result.bundle.format, "guidebook-bundle")
            XCTAssertEqual(result.bundle.categories, [BundleCategory(slug: "notes", title: ["en": "Imported notes", "ko": "가져온 노트"])])
            for topic in result.bundle.topics {
                XCTAssertTrue(isSlug(topic.slug), topic.slug)
                XCTAssertNotNil(topic.summary["en"])
                XCTAssertEqual(Set(topic.sections.map(\.key)).count, topic.sections.count)
                for section in topic.sections {
                    XCTAssertTrue(isSlug(section.key), section.key)
                    for guideline in section.guidelines {
                        XCTAssertTrue(guideline.id.hasPrefix(topic.slug + "."), guideline.id)
                        XCTAssertTrue(guideline.id.count <= 128 && isSlug(guideline.id.replacingOccurrences(of: ".", with: "-")), guideline.id)
                        XCTAssertFalse(guideline.text["en"]?.isEmpty ?? true)
                        XCTAssertFalse(guideline.text.values.contains { $0.contains("\u{00A0}") })
                        allIDs.append(guideline.id)
                    }
                }
            }
            let data = try JSONEncoder().encode(result.bundle)
            XCTAssertEqual(try JSONDecoder().decode(KnowledgeBundle.self, from: data), result.bundle)
        }
        // 000 and 004 both have a "progress-indicators" topic; within one file ids are unique.
        XCTAssertEqual(Set(try parseSeed("004").bundle.topics.flatMap { $0.sections.flatMap { $0.guidelines.map(\.id) } }).count, 14)
        XCTAssertFalse(allIDs.isEmpty)
    }

    // MARK: Robustness

    func testEmptyInputYieldsNoTopicsAndOneWarning() {
        for input in ["", "   ", "\n\n\u{00A0}\n \t \n\u{00A0}\u{00A0}\r\n"] {
            let result = NotesParser().parse(input, fileName: "empty.txt")
            XCTAssertTrue(result.bundle.topics.isEmpty)
            XCTAssertEqual(result.bundle.categories.count, 1)
            XCTAssertEqual(result.warnings.count, 1)
            XCTAssertEqual(result.warnings.first?.line, 1)
            XCTAssertEqual(result.paragraphsParsed, 0)
        }
    }

    func testOnlyKoreanYieldsNoTopicAndWarnsAboutEveryParagraph() {
        let text = """
        스플릿 뷰는 앱의 최상위 레벨에서 콘텐츠를 보여줍니다.

        iPad에선 스플릿뷰를 탭바 대신 사용하세요.

        사이드바를 보여주는 화면의 동영상입니다.
        """
        let result = NotesParser().parse(text, fileName: "ko.txt")

        XCTAssertTrue(result.bundle.topics.isEmpty)
        XCTAssertEqual(Set(result.warnings.map(\.line)), [1, 3, 5])
        XCTAssertTrue(result.warnings.contains { $0.line == 5 && $0.message.contains("caption") })
        XCTAssertTrue(result.warnings.contains { $0.message.contains("no topic") })
    }

    func testOnlyEnglishImportsEnglishOnlyGuidelinesWithWarnings() throws {
        let text = """
        Sidebars

        A sidebar appears on the leading side of a view and lets people navigate between sections.

        Let people customize the contents of a sidebar. People appreciate being able to reorder items.

        Keep titles in a sidebar short.
        """
        let result = NotesParser().parse(text, fileName: "en.txt")
        let topic = try onlyTopic(of: result)

        XCTAssertEqual(topic.slug, "sidebars")
        XCTAssertEqual(topic.title, ["en": "Sidebars"])
        XCTAssertEqual(topic.summary, ["en": "A sidebar appears on the leading side of a view and lets people navigate between sections."])
        XCTAssertEqual(topic.sections[0].guidelines.map(\.id), ["sidebars.let-people-customize-contents-sidebar", "sidebars.keep-titles-sidebar-short"])
        XCTAssertEqual(result.warnings.map(\.line), [3, 5, 7])
        XCTAssertTrue(result.warnings.allSatisfy { $0.message.contains("no Korean translation") })
    }

    func testCRLFLineEndingsGiveTheSameResult() throws {
        let text = try seedText("004")
        let unix = NotesParser().parse(text, fileName: "004.txt")
        let windows = NotesParser().parse(text.replacingOccurrences(of: "\n", with: "\r\n"), fileName: "004.txt")
        let oldMac = NotesParser().parse(text.replacingOccurrences(of: "\n", with: "\r"), fileName: "004.txt")

        XCTAssertEqual(windows, unix)
        XCTAssertEqual(oldMac, unix)
        XCTAssertEqual(windows.warnings.map(\.line), [25, 61, 103, 117, 119, 121])
    }

    func testOneMegabyteInputCompletesQuickly() throws {
        // Real notes over and over: 004 without its footer (after a footer nothing is content), 002, 001.
        let progress = try seedText("004")
        let seed = String(progress[..<(progress.range(of: "※")?.lowerBound ?? progress.endIndex)])
            + "\n\n" + (try seedText("002")) + "\n\n" + (try seedText("001")) + "\n\n"
        var notes = ""
        while notes.utf8.count < 1_048_576 { notes += seed }

        let start = Date()
        let result = NotesParser().parse(notes, fileName: "big.txt")
        let elapsed = Date().timeIntervalSince(start)

        XCTAssertLessThan(elapsed, 20, "parsing 1 MB took \(elapsed) s")
        XCTAssertFalse(result.bundle.topics.isEmpty)
        let ids = result.bundle.topics.flatMap { $0.sections.flatMap { $0.guidelines.map(\.id) } }
        XCTAssertEqual(Set(ids).count, ids.count, "guideline ids stay unique")
        XCTAssertGreaterThan(result.paragraphsParsed, 4_000)
    }

    func testOneMegabyteLineWithoutBreaksCompletesQuickly() {
        let sentence = "Keep activity indicators moving so people know something is happening. 활동 표시기를 계속 움직이세요. "
        let line = String(repeating: sentence, count: 1_048_576 / sentence.utf8.count + 1)

        let start = Date()
        let result = NotesParser().parse(line, fileName: "line.txt")
        let elapsed = Date().timeIntervalSince(start)

        XCTAssertLessThan(elapsed, 20, "parsing a 1 MB line took \(elapsed) s")
        XCTAssertEqual(result.bundle.topics.count, 1)
    }

    // MARK: Synthetic notes: the rules generalise

    func testSyntheticNoteWithOtherSeriesPrefixHeadingsAndTip() throws {
        let text = """
        HIG 스터디 #12 — Buttons
        Buttons
        버튼

        A button initiates an instantaneous action.
        버튼은 즉각적인 동작을 시작합니다.

        Make buttons easy to choose. Give each button enough space.
        버튼을 쉽게 선택할 수 있게 하세요. 각 버튼에 충분한 공간을 주세요.

        Push Buttons
        푸시 버튼

        Use a verb in the title of a push button.
        푸시 버튼의 제목에는 동사를 사용하세요.

        <aside> 💡
        TIP Prefer system-provided button styles.
        시스템이 제공하는 버튼 스타일을 선호하세요.
        </aside>

        버튼을 누르는 동영상입니다.

        Consider adding a subtitle to a button in iOS 15 and later.

        출처: Apple Developer
        https://developer.apple.com/design/human-interface-guidelines/buttons
        """
        let result = NotesParser().parse(text, fileName: "buttons.txt")
        let topic = try onlyTopic(of: result)

        XCTAssertEqual(topic.slug, "buttons")
        XCTAssertEqual(topic.title, ["en": "Buttons", "ko": "버튼"])
        XCTAssertEqual(topic.summary, ["en": "A button initiates an instantaneous action.", "ko": "버튼은 즉각적인 동작을 시작합니다."])
        XCTAssertEqual(topic.sections.map(\.key), ["overview", "push-buttons"])
        XCTAssertEqual(topic.sections[1].title, ["en": "Push Buttons", "ko": "푸시 버튼"])
        XCTAssertEqual(topic.sections[0].guidelines.map(\.id), ["buttons.make-buttons-easy-choose"])
        XCTAssertEqual(topic.sections[1].guidelines.map(\.id), [
            "buttons.use-verb-title-push-button",
            "buttons.prefer-system-provided-button-styles",
            "buttons.consider-adding-subtitle-button-ios",
        ])
        XCTAssertEqual(topic.sections[1].guidelines[1].text, ["en": "Prefer system-provided button styles.", "ko": "시스템이 제공하는 버튼 스타일을 선호하세요."])
        XCTAssertEqual(topic.sections[1].guidelines[2].text, ["en": "Consider adding a subtitle to a button in iOS 15 and later."])
        XCTAssertEqual(result.warnings.map(\.line), [22, 24, 26, 27])
        XCTAssertTrue(result.warnings[0].message.contains("caption"))
        XCTAssertTrue(result.warnings[1].message.contains("no Korean translation"))
    }

    func testSyntheticHardWrappedAndMixedParagraphs() throws {
        let text = """
        # Toggles (토글)

        A toggle lets people choose between a pair of opposing states, like on and
        off, using a different appearance to indicate each state.
        토글을 사용하면 켜짐과 꺼짐처럼 서로 반대되는 두 상태 중 하나를 고를 수 있으며,
        각 상태는 다른 모양으로 표시됩니다.

        Use a toggle to help people choose between two opposing values. 토글은 서로 반대되는 두 값 중 하나를 고르게 할 때 사용하세요. Avoid labels that restate the state. 상태를 다시 말하는 레이블은 피하세요.
        """
        let result = NotesParser().parse(text, fileName: "toggles.txt")
        let topic = try onlyTopic(of: result)

        XCTAssertEqual(topic.slug, "toggles")
        XCTAssertEqual(topic.title, ["en": "Toggles", "ko": "토글"])
        XCTAssertEqual(topic.summary["en"], "A toggle lets people choose between a pair of opposing states, like on and off, using a different appearance to indicate each state.")
        XCTAssertEqual(topic.summary["ko"], "토글을 사용하면 켜짐과 꺼짐처럼 서로 반대되는 두 상태 중 하나를 고를 수 있으며, 각 상태는 다른 모양으로 표시됩니다.")
        XCTAssertEqual(topic.sections[0].guidelines.map(\.text), [
            ["en": "Use a toggle to help people choose between two opposing values.", "ko": "토글은 서로 반대되는 두 값 중 하나를 고르게 할 때 사용하세요."],
            ["en": "Avoid labels that restate the state.", "ko": "상태를 다시 말하는 레이블은 피하세요."],
        ])
        XCTAssertEqual(result.warnings, [])
    }

    func testSyntheticKoreanFirstNotePairsEachKoreanParagraphWithTheEnglishAfterIt() throws {
        let text = """
        Steppers

        스테퍼는 값을 조금씩 늘리거나 줄이는 두 부분으로 된 컨트롤입니다.

        A stepper is a two-segment control that people use to increase or decrease an incremental value.

        스테퍼 옆에 현재 값을 보여주세요. 스테퍼 자체는 값을 표시하지 않습니다.

        Make the value affected by the stepper obvious. A stepper itself doesn’t display any values.

        값이 크게 바뀔 수 있다면 다른 컨트롤도 함께 제공하세요.

        Consider pairing a stepper with a text field when large value changes are likely.
        """
        let result = NotesParser().parse(text, fileName: "steppers.txt")
        let topic = try onlyTopic(of: result)

        XCTAssertEqual(topic.summary, [
            "en": "A stepper is a two-segment control that people use to increase or decrease an incremental value.",
            "ko": "스테퍼는 값을 조금씩 늘리거나 줄이는 두 부분으로 된 컨트롤입니다.",
        ])
        XCTAssertEqual(topic.sections[0].guidelines.map { $0.text["ko"] ?? "" }, [
            "스테퍼 옆에 현재 값을 보여주세요. 스테퍼 자체는 값을 표시하지 않습니다.",
            "값이 크게 바뀔 수 있다면 다른 컨트롤도 함께 제공하세요.",
        ])
        XCTAssertEqual(result.warnings, [])
    }

    func testSyntheticPastedNotesStartANewTopicAtEachSeriesTitleLine() throws {
        let text = """
        [iOS / HIG] Sliders

        A slider is a horizontal track with a control called a thumb.
        슬라이더는 썸이라는 컨트롤이 있는 가로 트랙입니다.

        모범 사례
        Best Practices

        1. Customize a slider’s appearance if it adds value.
        1. 가치가 있다면 슬라이더의 모양을 사용자화하세요.

        [iOS / HIG] Steppers
        A stepper is a two-segment control that people use to increase or decrease an incremental value.
        스테퍼는 값을 조금씩 늘리거나 줄이는 두 부분으로 된 컨트롤입니다.
        """
        let result = NotesParser().parse(text, fileName: "pasted.txt")

        XCTAssertEqual(result.bundle.topics.map(\.slug), ["sliders", "steppers"])
        let sliders = result.bundle.topics[0]
        XCTAssertEqual(sliders.sections.map(\.key), ["best-practices"])
        // A Korean heading written above its English heading belongs to it.
        XCTAssertEqual(sliders.sections[0].title, ["en": "Best Practices", "ko": "모범 사례"])
        XCTAssertEqual(sliders.sections[0].guidelines.map(\.id), ["sliders.customize-sliders-appearance-adds-value"])
        XCTAssertEqual(result.bundle.topics[1].summary["ko"], "스테퍼는 값을 조금씩 늘리거나 줄이는 두 부분으로 된 컨트롤입니다.")
        XCTAssertEqual(result.warnings, [])
    }

    func testSyntheticIndexPageWithoutKnownTitles() throws {
        let text = """
        My HIG reading list

        Color Judicious use of color can enhance communication. 색상을 신중하게 사용하면 소통이 좋아집니다..

        Typography Apple provides two typeface families that support an extensive range of weights..

        App Icons Every app needs a beautiful app icon that makes a great first impression..
        """
        let result = NotesParser().parse(text, fileName: "index.txt")

        XCTAssertEqual(result.bundle.topics.map(\.slug), ["color", "typography", "app-icons"])
        XCTAssertEqual(result.bundle.topics[0].summary, ["en": "Judicious use of color can enhance communication.", "ko": "색상을 신중하게 사용하면 소통이 좋아집니다…"])
        XCTAssertEqual(result.warnings.map(\.line), [1, 5, 7])
    }

    // MARK: Language detection

    func testScriptClassifierTreatsMixedSentencesByTheirWords() {
        XCTAssertEqual(ScriptClassifier.classify("Activity indicator보다 progress bar를 선호합니다."), .korean)
        XCTAssertEqual(ScriptClassifier.classify("가이드는 Dynamic System Colors 에서 확인하세요."), .korean)
        XCTAssertEqual(ScriptClassifier.classify("Use SF Symbols when possible (SF 심볼)."), .english)
        XCTAssertEqual(ScriptClassifier.classify("Keep activity indicators moving."), .english)
        XCTAssertEqual(ScriptClassifier.classify("※ — 12."), .none)
        // Decomposed Hangul (jamo) counts as Hangul too.
        XCTAssertEqual(ScriptClassifier.classify("\u{1112}\u{1161}\u{11AB}"), .korean)
    }

    // MARK: Helpers

    /// The folder of real notes, `../shared/seeds/` next to the package root.
    private func seedsDirectory() throws -> URL {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent() // GuidebookImportTests
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent() // package root
        let seeds = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/seeds", isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: seeds.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            XCTFail("The real notes files are missing: expected the folder \(seeds.path) (../shared/seeds relative to the package root). These tests need them and must not be skipped.")
            throw MissingSeeds(path: seeds.path)
        }
        return seeds
    }

    private struct MissingSeeds: Error {
        let path: String
    }

    private func seedURL(_ prefix: String) throws -> URL {
        let directory = try seedsDirectory()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        guard let name = names.sorted().first(where: { $0.hasPrefix(prefix + "_") && $0.hasSuffix(".txt") }) else {
            XCTFail("The notes file \(prefix)_*.txt is missing from \(directory.path)")
            throw MissingSeeds(path: directory.path)
        }
        return directory.appendingPathComponent(name)
    }

    private func seedText(_ prefix: String) throws -> String {
        try String(contentsOf: try seedURL(prefix), encoding: .utf8)
    }

    private func parseSeed(_ prefix: String) throws -> NotesParseResult {
        let url = try seedURL(prefix)
        return NotesParser().parse(try String(contentsOf: url, encoding: .utf8), fileName: url.lastPathComponent)
    }

    private func onlyTopic(of result: NotesParseResult, file: StaticString = #filePath, line: UInt = #line) throws -> BundleTopic {
        XCTAssertEqual(result.bundle.topics.count, 1, "topics: \(result.bundle.topics.map(\.slug))", file: file, line: line)
        return try XCTUnwrap(result.bundle.topics.first, file: file, line: line)
    }

    private func guideline(_ id: String, in topic: BundleTopic, file: StaticString = #filePath, line: UInt = #line) throws -> BundleGuideline {
        let all = topic.sections.flatMap(\.guidelines)
        return try XCTUnwrap(all.first { $0.id == id }, "no guideline \(id); ids: \(all.map(\.id))", file: file, line: line)
    }

    private func isSlug(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 128 && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
