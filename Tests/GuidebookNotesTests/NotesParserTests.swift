import Foundation
import GuidebookCore
@testable import GuidebookNotes
import GuidebookTestSupport
import XCTest

/// Tests of the bilingual notes parser on the repository's own notes fixtures in
/// `Tests/Fixtures/notes/` (written in the study notes' format), plus synthetic notes that show
/// the rules generalise. The same tests on the real study notes are `GuidebookRealNotesTests`.
///
/// The fixtures, and what each one exercises:
/// - `segmented-controls.txt`: a bracketed series title repeated as a heading with its Korean
///   title, headings with Korean headings, a footnote `*` heading, paragraphs between lines of
///   non-breaking spaces, captions, an untranslated paragraph, a source footer;
/// - `popovers-crlf.txt` (CRLF line endings): a numbered Korean series title, a developer pointer
///   left untranslated between a paragraph and its translation;
/// - `haptics-blog.txt`: a blog-style first line without an English title, one paragraph per
///   line, an `<aside>` tip;
/// - `index-page.txt`: an index page of five topics with run-in titles, paragraphs that hold
///   both languages, ".." previews, a caption inside a paragraph;
/// - `pasted-notes.txt`: two notes pasted one after the other, a Markdown heading with its Korean
///   on the same line, a Korean heading above its English one, a hard-wrapped paragraph, list
///   bullets, a divider and a bare link.
final class NotesParserTests: XCTestCase {
    // MARK: A document: sections, Korean headings, captions, an untranslated paragraph, a footer

    func testDocumentNoteYieldsOneTopicWithItsSections() throws {
        // The title: the series title line, the heading that repeats it and the Korean title under
        // that heading. The footnote asterisk of "Segmented Controls in Toolbars*" is not part of the name.
        try assertDocumentTopic(try parseFixture("segmented-controls.txt"), slug: "segmented-controls", title: ["en": "Segmented Controls", "ko": "세그먼트 컨트롤"], sections: [
            ("overview", [:], 1),
            ("choosing-segments", ["en": "Choosing Segments", "ko": "세그먼트 고르기"], 3),
            ("content-inside-segments", ["en": "Content Inside Segments", "ko": "세그먼트 안의 콘텐츠"], 3),
            ("segmented-controls-in-toolbars", ["en": "Segmented Controls in Toolbars"], 1),
        ], paragraphs: 30)
    }

    func testDocumentNotePairsEachParagraphWithItsTranslation() throws {
        let topic = try onlyTopic(of: try parseFixture("segmented-controls.txt"))

        XCTAssertEqual(topic.summary, [
            "en": "A segmented control is a row of two or more segments that behave like mutually exclusive buttons. Each segment carries either a short title or an image, and one of them is always selected.",
            "ko": "세그먼트 컨트롤은 서로 배타적인 버튼처럼 동작하는 두 개 이상의 세그먼트를 한 줄로 늘어놓은 것입니다. 각 세그먼트에는 짧은 제목이나 이미지가 들어가며, 언제나 하나가 선택되어 있습니다.",
        ])
        XCTAssertEqual(topic.sections[0].guidelines.map(\.id), ["segmented-controls.see-toolbars"])
        XCTAssertEqual(topic.sections[0].guidelines[0].text, ["en": "See also Toolbars.", "ko": "Toolbars 항목도 함께 보세요."])
        XCTAssertEqual(topic.sections[1].guidelines.map(\.id), [
            "segmented-controls.keep-number-segments-small",
            "segmented-controls.give-segments-roughly-equal-widths",
            "segmented-controls.avoid-mixing-text-images-across",
        ])
        // The non-breaking space after the first sentence became an ordinary space.
        XCTAssertEqual(topic.sections[1].guidelines[1].text, [
            "en": "Give segments roughly equal widths. When one segment is much wider than the others, people read the control as a list of unrelated buttons rather than as a single choice.",
            "ko": "세그먼트의 너비를 비슷하게 맞추세요. 한 세그먼트만 유난히 넓으면 사람들은 컨트롤을 하나의 선택지가 아니라 서로 무관한 버튼 목록으로 읽습니다.",
        ])
        // The paragraph without a translation is imported in English only.
        XCTAssertEqual(topic.sections[1].guidelines[2].text, [
            "en": "Avoid mixing text and images across segments. A control where some segments show words and others show symbols looks unfinished and is harder to scan.",
        ])
        XCTAssertEqual(topic.sections[2].guidelines.map(\.id), [
            "segmented-controls.use-nouns-short-noun-phrases",
            "segmented-controls.capitalize-segment-titles-like-titles",
            "segmented-controls.developer-guidance-see-uisegmentedcontrol",
        ])
        // A Korean paragraph that keeps English words is still the Korean translation.
        XCTAssertEqual(topic.sections[2].guidelines[0].text["ko"], "세그먼트 제목에는 명사나 짧은 명사구를 쓰세요. Day, Week, Month 같은 제목은 무엇을 보게 될지 알려 주지만, 동사는 세그먼트를 누르면 어떤 동작이 시작된다고 오해하게 만듭니다.")
        XCTAssertEqual(topic.sections[2].guidelines[2].text, ["en": "For developer guidance, see UISegmentedControl.", "ko": "개발자 안내는 UISegmentedControl 문서를 참고하세요."])
        XCTAssertEqual(topic.sections[3].guidelines.map(\.id), ["segmented-controls.toolbar-segmented-control-works-best"])
        XCTAssertEqual(topic.sections[3].guidelines[0].text["ko"], "툴바에 놓인 세그먼트 컨트롤은 같은 콘텐츠의 여러 보기를 전환할 때 가장 잘 어울립니다. 명령을 실행하는 데에는 쓰지 말고, 그런 일은 툴바 버튼에 맡기세요.")
    }

    func testDocumentNoteReportsCaptionsUntranslatedTextAndFooterByLine() throws {
        let result = try parseFixture("segmented-controls.txt")

        XCTAssertEqual(result.warnings.map(\.line), [27, 37, 70, 76, 78, 80])
        XCTAssertTrue(result.warnings[0].message.contains("caption"), result.warnings[0].message)
        XCTAssertTrue(result.warnings[1].message.contains("no Korean translation"), result.warnings[1].message)
        XCTAssertTrue(result.warnings[2].message.contains("caption"), result.warnings[2].message)
        XCTAssertTrue(result.warnings[3].message.contains("footer"), result.warnings[3].message)
        for warning in result.warnings.suffix(2) {
            XCTAssertTrue(warning.message.contains("citation"), warning.message)
        }
        XCTAssertTrue(result.warnings.allSatisfy { $0.file == "segmented-controls.txt" })
        // Neither the captions nor the footer are anywhere in the bundle.
        let topic = try onlyTopic(of: result)
        let allText = topic.sections.flatMap(\.guidelines).flatMap(\.text.values).joined(separator: "\n")
        XCTAssertFalse(allText.contains("비디오입니다"))
        XCTAssertFalse(allText.contains("스크린샷입니다"))
        XCTAssertFalse(allText.contains("스터디 노트"))
    }

    // MARK: CRLF, a numbered Korean series title, an untranslated pointer

    func testCRLFNoteTakesItsTitleFromTheKoreanSeriesLine() throws {
        let bytes = try NotesFolder.fixtures().bytes(of: "popovers-crlf.txt")
        // The fixture must keep its CRLF line endings (see .gitattributes), or this test proves nothing.
        XCTAssertEqual(bytes.indices.filter { bytes[$0] == 0x0A }.count, 30)
        XCTAssertTrue(bytes.indices.allSatisfy { bytes[$0] != 0x0A || ($0 > 0 && bytes[$0 - 1] == 0x0D) }, "every line ends in CRLF")

        let topic = try assertOverviewOnlyTopic(try parseFixture("popovers-crlf.txt"), slug: "popovers", title: ["en": "Popovers", "ko": "팝오버"], paragraphs: 12)
        XCTAssertEqual(topic.sections[0].guidelines.map(\.id), [
            "popovers.keep-popovers-small",
            "popovers.show-one-popover-time",
            "popovers.point-arrow-element-opened-popover",
            "popovers.developer-guidance-see-uipopoverpresentationcontroller",
        ])
        XCTAssertEqual(topic.summary["ko"], "팝오버는 현재 화면 위에 떠서 자신을 연 컨트롤이나 영역을 가리키는 작은 뷰입니다. 짧은 작업이나 관련된 몇 가지 옵션을 담고, 작업을 마치거나 다른 곳을 누르면 사라집니다.")
    }

    func testCRLFNoteKeepsUntranslatedPointerInEnglishAndWarns() throws {
        let result = try parseFixture("popovers-crlf.txt")
        let topic = try onlyTopic(of: result)

        // Two English paragraphs (lines 26 and 28) are followed by one Korean paragraph (line 30):
        // the Korean translates the first; the developer pointer stays English-only.
        XCTAssertEqual(try guideline("popovers.point-arrow-element-opened-popover", in: topic).text, [
            "en": "Point the arrow at the element that opened the popover. The arrow tells people where the popover came from and which part of the screen it belongs to.",
            "ko": "화살표가 팝오버를 연 요소를 가리키게 하세요. 화살표는 팝오버가 어디에서 나왔고 화면의 어느 부분에 속하는지 알려 줍니다.",
        ])
        try assertUntranslatedPointer("popovers.developer-guidance-see-uipopoverpresentationcontroller", in: topic,
                                      english: "For developer guidance, see UIPopoverPresentationController.", result: result, warnedAt: 28)
    }

    func testCRLFLFAndCRLineEndingsGiveTheSameResult() throws {
        for name in ["popovers-crlf.txt", "segmented-controls.txt"] {
            let text = try NotesFolder.fixtures().text(of: name)
            let unix = parseWithEveryLineEnding(text.replacingOccurrences(of: "\r\n", with: "\n"), fileName: name)
            XCTAssertFalse(unix.bundle.topics.isEmpty, name)
        }
        XCTAssertEqual(try parseFixture("segmented-controls.txt").warnings.map(\.line), [27, 37, 70, 76, 78, 80])
    }

    // MARK: A blog-style note: no English title, one paragraph per line, a tip block

    func testBlogNoteDerivesItsTitleAndPairsLinesInOrder() throws {
        let topic = try assertOverviewOnlyTopic(try parseFixture("haptics-blog.txt"), slug: "haptics", title: ["en": "Haptics"], paragraphs: 10)

        XCTAssertEqual(topic.sections[0].guidelines.map(\.id), [
            "haptics.use-haptics-consistently",
            "haptics.haptics-work-best-when-accompany",
            "haptics.dont-overuse-haptics",
            "haptics.make-haptics-optional",
        ])
        // Lines 2–3 are English and lines 4–5 their translations, in the same order.
        XCTAssertEqual(topic.summary, [
            "en": "Haptics let people feel a response when they interact with your app. A short tap or a gentle buzz confirms that something happened, even when people are not looking at the screen.",
            "ko": "햅틱은 사람들이 앱과 상호작용할 때 손끝으로 반응을 느끼게 해 줍니다. 짧게 톡 치는 느낌이나 부드러운 진동은 화면을 보고 있지 않을 때에도 무언가 일어났음을 알려 줍니다.",
        ])
        XCTAssertEqual(topic.sections[0].guidelines[0].text, [
            "en": "Use haptics consistently. When the same kind of event always produces the same haptic, people learn to recognize it without thinking.",
            "ko": "햅틱을 일관되게 사용하세요. 같은 종류의 이벤트가 언제나 같은 햅틱을 만들면 사람들은 생각하지 않고도 그것을 알아차리게 됩니다.",
        ])
        // Lines 11–12 as well.
        XCTAssertEqual(topic.sections[0].guidelines[3].text["ko"], "햅틱은 선택 사항으로 두세요. 진동이 거슬리거나 불편한 사람도 있으니 끌 수 있게 하고, 햅틱 없이도 앱이 잘 동작하게 하세요.")
    }

    func testBlogNoteSplitsTipBlockAndReportsBlogLineAndDerivedTitle() throws {
        // The "TIP" label and the icon are not part of the text.
        try assertBlogNote(try parseFixture("haptics-blog.txt"), tipID: "haptics.haptics-work-best-when-accompany", tip: [
            "en": "Haptics work best when they accompany something people can also see or hear. For developer guidance, see UIFeedbackGenerator.",
            "ko": "햅틱은 눈으로 보거나 귀로 들을 수 있는 변화와 함께 쓰일 때 가장 효과적입니다.",
        ], derivedTitle: "Haptics")
    }

    // MARK: An index page

    func testIndexPageYieldsFiveTopics() throws {
        assertIndexPageTopics(try parseFixture("index-page.txt"), slugs: ["toggles", "steppers", "page-controls", "color-wells", "text-fields"],
                              titles: ["Toggles", "Steppers", "Page Controls", "Color Wells", "Text Fields"], paragraphs: 6)
    }

    func testIndexPageSplitsMixedParagraphsAtTheScriptChange() throws {
        let result = try parseFixture("index-page.txt")
        let topics = Dictionary(uniqueKeysWithValues: result.bundle.topics.map { ($0.slug, $0) })

        let toggles = try XCTUnwrap(topics["toggles"])
        XCTAssertEqual(toggles.summary, [
            "en": "A toggle lets people switch a single setting between two opposite states, such as on and off. Use one when the effect of the change is immediate and easy to see.",
            "ko": "토글은 켬과 끔처럼 서로 반대되는 두 상태 사이에서 설정 하나를 바꾸게 해 줍니다. 변경의 효과가 바로 눈에 보일 때 사용하세요.",
        ])
        // A topic with one pair uses it as summary and as its one guideline.
        XCTAssertEqual(toggles.sections[0].guidelines[0].text, toggles.summary)

        // A title that repeats its first word ("Steppers Steppers let …"); the ".." preview marker is kept as "…".
        let steppers = try XCTUnwrap(topics["steppers"])
        XCTAssertNil(steppers.summary["ko"])
        XCTAssertEqual(steppers.summary["en"]?.hasPrefix("Steppers let people raise or lower a value"), true)
        XCTAssertEqual(steppers.summary["en"]?.hasSuffix("because the control itself doesn't display i…"), true)

        let colorWells = try XCTUnwrap(topics["color-wells"])
        XCTAssertEqual(colorWells.summary["ko"], "컬러 웰은 현재 색을 보여 주고, 누르면 색상 선택기를 엽니다. 웰은 색이 잘 보일 만큼 크게…")

        let pageControls = try XCTUnwrap(topics["page-controls"])
        XCTAssertEqual(pageControls.summary["ko"], "페이지 컨트롤은 페이지마다 점을 하나씩 한 줄로 보여 주고, 화면에 보이는 페이지의 점을 강조합니다.",
                       "the screenshot caption is not part of the translation")

        // English, Korean, then an untranslated English pointer in one paragraph.
        let textFields = try XCTUnwrap(topics["text-fields"])
        XCTAssertEqual(textFields.summary["ko"], "텍스트 필드는 편집할 수 있는 한 줄짜리 텍스트입니다. 무엇을 입력할지 알려 주는 플레이스홀더를 보여 주고, 기대하는 입력에 맞는 키보드를 고르세요.")
        XCTAssertEqual(textFields.sections[0].guidelines[0].text, ["en": "For developer guidance, see UITextField."])
    }

    func testIndexPageReportsHeaderCaptionsAndMissingTranslations() throws {
        assertIndexPageWarnings(try parseFixture("index-page.txt"), lines: [1, 5, 7, 11], captions: [7], untranslated: [5, 11])
    }

    // MARK: Notes pasted one after another

    func testPastedNotesStartANewTopicAtEachSeriesTitleLine() throws {
        let result = try parseFixture("pasted-notes.txt")

        XCTAssertEqual(result.bundle.topics.map(\.slug), ["sliders", "pickers"])
        let sliders = result.bundle.topics[0]
        // The hard-wrapped English paragraph is joined with a space.
        XCTAssertEqual(sliders.summary, [
            "en": "A slider is a horizontal track with a thumb that people drag to pick a value between a minimum and a maximum.",
            "ko": "슬라이더는 사람들이 썸을 끌어 최솟값과 최댓값 사이에서 값을 고르는 가로 트랙입니다.",
        ])
        // A Markdown heading with its Korean in parentheses on the same line.
        XCTAssertEqual(sliders.sections.map(\.key), ["best-practices"])
        XCTAssertEqual(sliders.sections[0].title, ["en": "Best Practices", "ko": "모범 사례"])
        // List bullets are dropped; a line holding both languages is split where the script changes.
        XCTAssertEqual(sliders.sections[0].guidelines.map(\.text), [
            ["en": "Show the current value when precision matters. Label the ends with icons or numbers so people know which way the value grows.",
             "ko": "정확한 값이 중요하다면 현재 값을 보여 주세요. 양 끝에 아이콘이나 숫자를 붙여 어느 쪽으로 값이 커지는지 알 수 있게 하세요."],
            ["en": "Customize the track only when it adds meaning.", "ko": "의미를 더할 때만 트랙을 꾸미세요."],
        ])
        XCTAssertEqual(sliders.sections[0].guidelines.map(\.id), ["sliders.show-current-value-when-precision", "sliders.customize-track-only-when-adds"])

        let pickers = result.bundle.topics[1]
        XCTAssertEqual(pickers.title, ["en": "Pickers"])
        // A Korean heading written above its English heading belongs to it.
        XCTAssertEqual(pickers.sections.map(\.key), ["when-to-use"])
        XCTAssertEqual(pickers.sections[0].title, ["en": "When to Use", "ko": "사용 시점"])
        XCTAssertEqual(pickers.sections[0].guidelines.map(\.id), ["pickers.use-picker-lists-medium-length"])
        XCTAssertEqual(result.paragraphsParsed, 16)
    }

    func testPastedNotesReportTheDividerAndTheBareLink() throws {
        let result = try parseFixture("pasted-notes.txt")

        XCTAssertEqual(result.warnings.map(\.line), [14, 29])
        XCTAssertTrue(result.warnings[0].message.contains("\"---\" has no text"), result.warnings[0].message)
        XCTAssertTrue(result.warnings[1].message.contains("link"), result.warnings[1].message)
    }

    // MARK: Known topic titles

    func testKnownTopicTitlesAreRecognisedAndTheirSlugsReused() throws {
        let known = ["Toggles": "switches", "Haptics": "haptic-feedback", "Popovers": "popovers"]
        let parser = NotesParser(options: .init(categorySlug: "hig", categoryTitle: ["en": "HIG"], knownTopicTitles: known))
        let fixtures = try NotesFolder.fixtures()

        let index = parser.parse(try fixtures.text(of: "index-page.txt"), fileName: "index-page.txt")
        XCTAssertEqual(index.bundle.topics.map(\.slug), ["switches", "steppers", "page-controls", "color-wells", "text-fields"])
        XCTAssertEqual(index.bundle.topics.map(\.category), Array(repeating: "hig", count: 5))
        XCTAssertEqual(index.bundle.categories, [BundleCategory(slug: "hig", title: ["en": "HIG"])])

        // The blog note names no title: the known title it mentions most is taken.
        let haptics = parser.parse(try fixtures.text(of: "haptics-blog.txt"), fileName: "haptics-blog.txt")
        XCTAssertEqual(haptics.bundle.topics.map(\.slug), ["haptic-feedback"])
        XCTAssertEqual(haptics.bundle.topics.first?.title["en"], "Haptics")
    }

    // MARK: Output is a valid bundle

    func testEveryFixtureYieldsValidIdentifiersAndRoundTripsAsJSON() throws {
        let fixtures = try NotesFolder.fixtures()
        XCTAssertEqual(fixtures.fileNames, ["haptics-blog.txt", "index-page.txt", "pasted-notes.txt", "popovers-crlf.txt", "segmented-controls.txt"])
        var topicCount = 0
        for name in fixtures.fileNames {
            let result = try parseFixture(name)
            let ids = try assertValidNotesBundle(result)
            XCTAssertEqual(Set(ids).count, ids.count, "\(name): guideline ids are unique within a file")
            topicCount += result.bundle.topics.count
        }
        XCTAssertEqual(topicCount, 10)
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

    func testOneMegabyteInputCompletesQuickly() throws {
        // The fixtures over and over: the document without its footer (after a footer nothing is
        // content), the CRLF note and the blog note.
        let fixtures = try NotesFolder.fixtures()
        let seed = withoutFooter(try fixtures.text(of: "segmented-controls.txt"))
            + "\n\n" + (try fixtures.text(of: "popovers-crlf.txt")) + "\n\n" + (try fixtures.text(of: "haptics-blog.txt")) + "\n\n"

        let result = parseLargeNotes(repeating: seed)
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

    // MARK: Helpers

    private func parseFixture(_ name: String) throws -> NotesParseResult {
        NotesParser().parse(try NotesFolder.fixtures().text(of: name), fileName: name)
    }
}
