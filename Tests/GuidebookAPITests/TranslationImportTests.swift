import Foundation
import GuidebookTestSupport
import XCTest

/// `POST /v1/translations/import`: a translated file applied as a job. Only changed units are
/// written, conflicts are reported and applied only as drafts, approved translations are changed
/// only by a reviewer's import, a dry run applies nothing, and
/// every kind of bad file fails with its line and column and changes nothing. (The round trip
/// through translate-toolkit is in Tests/Translators.)
final class TranslationImportTests: XCTestCase {
    private var app: TestApp!
    private static let formats = ["xliff2", "xliff12", "po"]
    private static let bars = "progress-indicators.prefer-progress-bars"
    private static let basics = "progress-indicators.activity-indicator-basics"

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    override func tearDown() {
        app.stop()
    }

    /// Guideline `id`'s Korean translation as the API answers it (of `app`, by default this test's).
    private func translation(_ id: String, in app: TestApp? = nil) throws -> [String: Any] {
        try json(try (app ?? self.app).get("/v1/guidelines/\(id)/translations/ko"))
    }

    private func result(_ job: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        XCTAssertEqual(job["status"] as? String, "succeeded", "\(job)", file: file, line: line)
        return try XCTUnwrap(job["result"] as? [String: Any], file: file, line: line)
    }

    private func counts(_ result: [String: Any]) -> [String: Int] {
        result["counts"] as? [String: Int] ?? [:]
    }

    /// The failed job's error, with nothing applied: the export is the same after as before.
    private func assertFails(_ body: String, query: String = "", line expectedLine: Int?, column: Int? = nil, saying words: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try app.translationFile("locale=ko&format=po")
        let job = try app.importTranslations(body, query: query, file: file, line: line)
        XCTAssertEqual(job["status"] as? String, "failed", "\(job)", file: file, line: line)
        let error = try XCTUnwrap(job["error"] as? [String: Any], file: file, line: line)
        XCTAssertEqual(error["line"] as? Int, expectedLine, "\(error)", file: file, line: line)
        if let column { XCTAssertEqual(error["column"] as? Int, column, "\(error)", file: file, line: line) }
        XCTAssertTrue((error["message"] as? String ?? "").contains(words), "\(error)", file: file, line: line)
        XCTAssertTrue((job["message"] as? String ?? "").hasSuffix("nothing was applied"), "\(job)", file: file, line: line)
        XCTAssertEqual(try app.translationFile("locale=ko&format=po"), before, "something was applied", file: file, line: line)
    }

    // MARK: What is written

    func testOnlyTheChangedUnitsAreWrittenInEveryFormat() throws {
        for (index, format) in Self.formats.enumerated() {
            let exported = try app.translationFile("locale=ko&format=\(format)")
            let new = "진행률 표시줄을 쓰세요 (\(format))."
            let edited = TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: new, format: format)
            XCTAssertNotEqual(edited, exported)
            let cursor = try XCTUnwrap(try app.translationFile("locale=ko&format=po").components(separatedBy: "X-Guidebook-Cursor: ").last?.prefix { $0.isNumber })

            let result = try result(try app.importTranslations(edited))
            XCTAssertEqual(result["format"] as? String, format)
            XCTAssertEqual(result["locale"] as? String, "ko")
            let tally = counts(result)
            XCTAssertEqual(tally["written"], 1, "\(format): \(tally)")
            XCTAssertEqual(tally["conflict-draft"], 0)
            XCTAssertEqual((tally["unchanged"] ?? 0) + 1, result["units"] as? Int, "\(format): \(tally)")
            let changes = try XCTUnwrap(result["changes"] as? [[String: Any]])
            XCTAssertEqual(changes.map { $0["id"] as? String }, ["guideline:\(Self.bars)"])
            XCTAssertEqual(changes.first?["outcome"] as? String, "written")
            XCTAssertGreaterThan(changes.first?["line"] as? Int ?? 0, 1)

            let stored = try translation(Self.bars)
            XCTAssertEqual(stored["text"] as? String, new)
            XCTAssertEqual(stored["state"] as? String, "translated")
            // One change entry per written unit, nothing else.
            let changed = items(try json(try app.get("/v1/changes?since=\(cursor)&limit=100")))
            XCTAssertEqual(changed.map { "\($0["id"] ?? "") \($0["kind"] ?? "") \($0["locale"] ?? "")" }, ["\(Self.bars) translation ko"], "\(format) round \(index)")

            // The same file again changes nothing.
            let again = try self.result(try app.importTranslations(edited))
            XCTAssertEqual(counts(again)["written"], 0)
            XCTAssertEqual(counts(again)["unchanged"], again["units"] as? Int)
        }
    }

    func testAMissingTranslationIsAddedAndAnUntouchedOneStaysMissing() throws {
        for format in Self.formats {
            for name in ["one", "two"] {
                let body = #"{"id": "sheets.\#(format)-\#(name)", "topic": "sheets", "section": "overview", "text": "Keep sheets short."}"#
                XCTAssertEqual(try app.send("POST", "/v1/guidelines", body).status, 201)
            }
            let exported = try app.translationFile("locale=ko&format=\(format)&topic=sheets&state=missing")
            // As a translator's tool does: the target filled in and the unit marked translated.
            let id = "guideline:sheets.\(format)-one"
            let edited = TranslatorEdit.markFinished(TranslatorEdit.setTarget(exported, id: id, to: "시트는 짧게 (\(format)).", format: format),
                                                     id: id, format: format)
            let result = try result(try app.importTranslations(edited))
            XCTAssertEqual(counts(result)["written"], 1, "\(format) \(result)")
            XCTAssertEqual((counts(result)["untranslated"] ?? 0) + 1, result["units"] as? Int, "\(format) \(result)")
            XCTAssertEqual((result["changes"] as? [[String: Any]])?.map { $0["id"] as? String }, [id])
            XCTAssertEqual(try translation("sheets.\(format)-one")["text"] as? String, "시트는 짧게 (\(format)).")
            XCTAssertEqual(try translation("sheets.\(format)-one")["state"] as? String, "translated")
            let untouched = try json(try app.get("/v1/guidelines/sheets.\(format)-two"))
            XCTAssertNil((untouched["translations"] as? [String: String])?["ko"], "\(untouched)")
            XCTAssertEqual(try app.get("/v1/guidelines/sheets.\(format)-two/translations/ko").status, 404)
        }
    }

    func testTopicTitleSummaryAndSectionTitleUnits() throws {
        let exported = try app.translationFile("locale=ko&format=xliff2&topic=progress-indicators")
        var edited = TranslatorEdit.setTarget(exported, id: "topic:progress-indicators:summary", to: "새 요약.", format: "xliff2")
        edited = TranslatorEdit.setTarget(edited, id: "section:progress-indicators:progress-bars", to: "진행 막대", format: "xliff2")
        let result = try result(try app.importTranslations(edited))
        XCTAssertEqual(counts(result)["written"], 2, "\(result)")
        let topic = try json(try app.get("/v1/topics/progress-indicators?lang=ko"))
        XCTAssertEqual(topic["summary"] as? String, "새 요약.")
        XCTAssertEqual(topic["title"] as? String, "진행 표시기", "the title is kept")
        let section = try json(try app.get("/v1/topics/progress-indicators/sections/progress-bars?lang=ko"))
        XCTAssertEqual(section["title"] as? String, "진행 막대")
    }

    /// The state and text of topic `slug`'s units (`topic:SLUG:title`, `…:summary`) as the API lists them.
    private func topicUnits(_ slug: String) throws -> [String: (state: String, target: String?)] {
        let listed = try json(try app.get("/v1/translations/units?locale=ko&topic=\(slug)"))
        let units = (listed["groups"] as? [[String: Any]] ?? []).flatMap { $0["units"] as? [[String: Any]] ?? [] }
        var found: [String: (state: String, target: String?)] = [:]
        for unit in units {
            guard let id = unit["id"] as? String, id.hasPrefix("topic:") else { continue }
            found[id] = (unit["state"] as? String ?? "?", unit["target"] as? String)
        }
        return found
    }

    /// A topic's title and summary are one translation: a file that translates one half anew
    /// while the other stays stale leaves the topic outdated (a stale summary is not made current
    /// by a new title), and translating both makes it current.
    func testTranslatingOneHalfOfATopicDoesNotMakeTheOtherStaleHalfCurrent() throws {
        let slug = "progress-indicators", title = "topic:progress-indicators:title", summary = "topic:progress-indicators:summary"
        for format in Self.formats {
            XCTAssertEqual(try app.send("PATCH", "/v1/topics/\(slug)", #"{"summary": "A new English summary (\#(format))."}"#).status, 200)
            XCTAssertEqual(try topicUnits(slug)[summary]?.state, "outdated")
            let staleSummary = try topicUnits(slug)[summary]?.target
            let exported = try app.translationFile("locale=ko&format=\(format)&topic=\(slug)")
            let titled = TranslatorEdit.markFinished(TranslatorEdit.setTarget(exported, id: title, to: "진행 표시기 (\(format))", format: format),
                                                     id: title, format: format)
            let titleOnly = try result(try app.importTranslations(titled))
            XCTAssertEqual(counts(titleOnly)["written"], 1, "\(format): \(titleOnly)")
            var units = try topicUnits(slug)
            XCTAssertEqual(units[title]?.target, "진행 표시기 (\(format))")
            XCTAssertEqual(units[summary]?.target, staleSummary)
            XCTAssertEqual(units[summary]?.state, "outdated", "\(format): the stale summary is still stale")
            XCTAssertEqual(units[title]?.state, "outdated", "\(format): the topic's one translation is outdated until both halves are done")

            // The next round: the summary translated and the title confirmed as it is.
            var both = TranslatorEdit.setTarget(try app.translationFile("locale=ko&format=\(format)&topic=\(slug)"), id: summary,
                                                to: "새 영어 요약의 번역 (\(format)).", format: format)
            both = TranslatorEdit.markFinished(TranslatorEdit.markFinished(both, id: title, format: format), id: summary, format: format)
            let done = try result(try app.importTranslations(both))
            XCTAssertEqual(counts(done)["written"], 1, "\(format): \(done)")
            XCTAssertEqual(counts(done)["confirmed"], 1, "\(format): \(done)")
            units = try topicUnits(slug)
            XCTAssertEqual(units[summary]?.state, "translated", "\(format): \(units)")
            XCTAssertEqual(units[title]?.state, "translated", "\(format): \(units)")
        }
    }

    /// Texts holding characters XML 1.0 cannot carry (a vertical tab, U+0001) go out and come back
    /// unchanged in every format: XLIFF 1.2 writes U+FFFD for them, which stands for the stored text.
    func testAnUnchangedFileChangesNothingWhenTextsHoldCharactersXMLCannotCarry() throws {
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(Self.bars)", #"{"text": "Press Tab\u000b then the \u0001 key."}"#).status, 200)
        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/\(Self.bars)/translations/ko", #"{"text": "탭\u000b 다음 \u0001 키."}"#).status, 200)
        for format in Self.formats {
            let exported = try app.translationFile("locale=ko&format=\(format)")
            let imported = try result(try app.importTranslations(exported))
            XCTAssertEqual(counts(imported)["unchanged"], imported["units"] as? Int, "\(format): \(imported)")
            XCTAssertEqual((imported["conflicts"] as? [Any])?.count, 0, "\(format)")
            XCTAssertEqual(try translation(Self.bars)["text"] as? String, "탭\u{0B} 다음 \u{01} 키.", format)
            XCTAssertEqual(try translation(Self.bars)["state"] as? String, "translated", format)
        }
        // A translator's real change in XLIFF 1.2 is still written.
        let exported = try app.translationFile("locale=ko&format=xliff12")
        let changed = try result(try app.importTranslations(TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: "탭 다음 키.", format: "xliff12")))
        XCTAssertEqual(counts(changed)["written"], 1, "\(changed)")
        XCTAssertEqual(try translation(Self.bars)["text"] as? String, "탭 다음 키.")
    }

    // MARK: Conflicts, drafts, confirmations

    func testAConflictIsReportedWithBothEnglishTextsAndAppliedAsADraftReadersDoNotSee() throws {
        for format in Self.formats {
            let app = try makeTestApp()
            defer { app.stop() }
            let exported = try app.translationFile("locale=ko&format=\(format)")
            let oldEnglish = try XCTUnwrap(try json(try app.get("/v1/guidelines/\(Self.bars)"))["text"] as? String)
            let newEnglish = "Prefer a progress bar whenever the remaining work is known."
            XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(Self.bars)", #"{"text": "\#(newEnglish)"}"#).status, 200)
            let offered = "남은 작업을 알 수 있으면 진행률 표시줄을 쓰세요."
            let edited = TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: offered, format: format)

            // Skip: reported, nothing written.
            let skipped = try result(try app.importTranslations(edited, query: "on_conflict=skip"))
            XCTAssertEqual(counts(skipped)["conflict-skipped"], 1, "\(format) \(skipped)")
            XCTAssertEqual(try translation(Self.bars, in: app)["state"] as? String, "outdated")
            XCTAssertNotEqual(try translation(Self.bars, in: app)["text"] as? String, offered)

            // The default: written, but as a draft, which readers are not shown.
            let drafted = try result(try app.importTranslations(edited))
            XCTAssertEqual(drafted["on_conflict"] as? String, "draft")
            XCTAssertEqual(counts(drafted)["conflict-draft"], 1, "\(format) \(drafted)")
            XCTAssertEqual(counts(drafted)["written"], 0)
            let conflict = try XCTUnwrap((drafted["conflicts"] as? [[String: Any]])?.first)
            XCTAssertEqual(conflict["id"] as? String, "guideline:\(Self.bars)")
            XCTAssertEqual(conflict["old_source"] as? String, oldEnglish)
            XCTAssertEqual(conflict["old_revision"] as? Int, 1)
            XCTAssertEqual(conflict["new_source"] as? String, newEnglish)
            XCTAssertEqual(conflict["new_revision"] as? Int, 2)
            XCTAssertEqual(conflict["offered"] as? String, offered)
            XCTAssertEqual(conflict["outcome"] as? String, "conflict-draft")
            let stored = try translation(Self.bars, in: app)
            XCTAssertEqual(stored["text"] as? String, offered)
            XCTAssertEqual(stored["state"] as? String, "draft", "\(format): a conflict is applied only as a draft")
            let shown = try json(try app.get("/v1/guidelines/\(Self.bars)?lang=ko"))
            XCTAssertEqual(shown["text"] as? String, newEnglish, "\(format): readers see the English")
            XCTAssertEqual(shown["fallback"] as? Bool, true)

            // A reader's token sees the counts, not the texts of the conflicts.
            let reader = try makeToken(app, role: "reader")
            let jobs = try json(try app.get("/v1/jobs?kind=translation-import&limit=1", headers: [("Authorization", "Bearer \(reader)")]))
            let seen = try XCTUnwrap(items(jobs).first?["result"] as? [String: Any])
            XCTAssertEqual((seen["conflicts"] as? [Any])?.count, 0)
            XCTAssertEqual(seen["conflicts_omitted"] as? Int, 1)
        }
    }

    func testAnUnfinishedChangeIsADraftAndAConfirmedOutdatedOrDraftTranslationBecomesTranslated() throws {
        for format in Self.formats {
            let english = #"{"text": "Prefer a progress bar when the work is measurable (\#(format))."}"#
            XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(Self.bars)", english).status, 200)
            XCTAssertEqual(try translation(Self.bars)["state"] as? String, "outdated")
            let exported = try app.translationFile("locale=ko&format=\(format)")
            // The outdated unit, its text kept, marked finished: the translator confirms it.
            var edited = TranslatorEdit.markFinished(exported, id: "guideline:\(Self.bars)", format: format)
            let confirmed = try result(try app.importTranslations(edited))
            XCTAssertEqual(counts(confirmed)["confirmed"], 1, "\(format) \(confirmed)")
            XCTAssertEqual(try translation(Self.bars)["state"] as? String, "translated")

            // Make it outdated again, then offer a new text still marked unfinished: a draft.
            XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(Self.bars)", #"{"text": "Prefer a progress bar (\#(format))."}"#).status, 200)
            let outdated = try app.translationFile("locale=ko&format=\(format)")
            let draft = "진행률 표시줄을 쓰세요 (\(format) 초안)."
            edited = TranslatorEdit.setTarget(outdated, id: "guideline:\(Self.bars)", to: draft, format: format)
            let drafted = try result(try app.importTranslations(edited))
            XCTAssertEqual(counts(drafted)["draft"], 1, "\(format) \(drafted)")
            XCTAssertEqual(try translation(Self.bars)["text"] as? String, draft)
            XCTAssertEqual(try translation(Self.bars)["state"] as? String, "draft")
            // The draft confirmed as it is: translated.
            let confirmedDraft = try result(try app.importTranslations(TranslatorEdit.markFinished(edited, id: "guideline:\(Self.bars)", format: format)))
            XCTAssertEqual(counts(confirmedDraft)["confirmed"], 1, "\(format) \(confirmedDraft)")
            XCTAssertEqual(try translation(Self.bars)["state"] as? String, "translated")
        }
    }

    func testAConflictNeverReplacesAFinishedTranslationOfTheNewEnglish() throws {
        let exported = try app.translationFile("locale=ko&format=po")
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(Self.bars)", #"{"text": "Prefer a progress bar when the work is measurable."}"#).status, 200)
        let current = "작업량을 잴 수 있으면 진행률 표시줄을 쓰세요."
        XCTAssertEqual(try app.send("PUT", "/v1/guidelines/\(Self.bars)/translations/ko", #"{"text": "\#(current)"}"#).status, 200)
        let edited = TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: "옛 영어의 번역", format: "po")
        let result = try result(try app.importTranslations(edited))
        XCTAssertEqual(counts(result)["conflict-skipped"], 1, "\(result)")
        XCTAssertEqual((result["conflicts"] as? [[String: Any]])?.first?["outcome"] as? String, "conflict-skipped")
        XCTAssertEqual(try translation(Self.bars)["text"] as? String, current)
        XCTAssertEqual(try translation(Self.bars)["state"] as? String, "translated")
    }

    func testAnApprovedTranslationIsChangedOnlyByAReviewersImport() throws {
        XCTAssertEqual(try app.send("POST", "/v1/guidelines/\(Self.bars)/translations/ko/approve", "{}").status, 200)
        XCTAssertEqual(try translation(Self.bars)["state"] as? String, "approved")
        let approved = try XCTUnwrap(try translation(Self.bars)["text"] as? String)
        let exported = try app.translationFile("locale=ko&format=xliff12")
        var edited = TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: "승인된 번역을 바꿈", format: "xliff12")
        edited = TranslatorEdit.setTarget(edited, id: "guideline:\(Self.basics)", to: "새 번역", format: "xliff12")
        for role in ["editor", "reviewer"] {
            let token = try makeToken(app, role: role)
            let dry = try result(try app.importTranslations(edited, query: "dry_run=true", authorization: ("Authorization", "Bearer \(token)")))
            let job = try result(try app.importTranslations(edited, authorization: ("Authorization", "Bearer \(token)")))
            for result in [dry, job] {
                let outcomes = Dictionary(uniqueKeysWithValues: (result["changes"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0["outcome"] as? String ?? "") })
                XCTAssertEqual(outcomes, ["guideline:\(Self.bars)": role == "editor" ? "kept-approved" : "written", "guideline:\(Self.basics)": "written"],
                               "\(role) \(result)")
            }
            XCTAssertEqual(try translation(Self.basics)["text"] as? String, "새 번역")
            if role == "editor" {
                XCTAssertEqual(try translation(Self.bars)["text"] as? String, approved)
                XCTAssertEqual(try translation(Self.bars)["state"] as? String, "approved")
            } else {
                XCTAssertEqual(try translation(Self.bars)["text"] as? String, "승인된 번역을 바꿈")
                XCTAssertEqual(try translation(Self.bars)["state"] as? String, "translated", "an import never approves")
            }
            XCTAssertEqual(try app.send("PUT", "/v1/guidelines/\(Self.basics)/translations/ko", #"{"text": "원래 번역"}"#).status, 200)
        }
    }

    func testADryRunReportsEverythingAndAppliesNothing() throws {
        let exported = try app.translationFile("locale=ko&format=po")
        XCTAssertEqual(try app.send("PATCH", "/v1/guidelines/\(Self.bars)", #"{"text": "Prefer a progress bar."}"#).status, 200)
        var edited = TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: "충돌", format: "po")
        edited = TranslatorEdit.setTarget(edited, id: "guideline:\(Self.basics)", to: "새 번역", format: "po")
        let before = try app.translationFile("locale=ko&format=po")
        let changesBefore = try app.get("/v1/changes?limit=100").text
        let dry = try result(try app.importTranslations(edited, query: "dry_run=true"))
        XCTAssertEqual(dry["dry_run"] as? Bool, true)
        XCTAssertEqual(counts(dry)["written"], 1)
        XCTAssertEqual(counts(dry)["conflict-draft"], 1)
        XCTAssertEqual((dry["conflicts"] as? [[String: Any]])?.first?["id"] as? String, "guideline:\(Self.bars)")
        XCTAssertEqual(try app.translationFile("locale=ko&format=po"), before)
        XCTAssertEqual(try app.get("/v1/changes?limit=100").text, changesBefore)
    }

    // MARK: Bad input: each fails with its line and applies nothing

    func testADoctypeOrAnEntityIsRefusedNeverExpanded() throws {
        let exported = try app.translationFile("locale=ko&format=xliff12")
        var laughs = "<!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        for level in 1...9 { laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">" }
        laughs += "]>"
        let withLaughs = exported.replacingOccurrences(of: "?>\n", with: "?>\n" + laughs + "\n")
        try assertFails(TranslatorEdit.setTarget(withLaughs, id: "guideline:\(Self.bars)", to: "&lol9;", format: "xliff12"),
                        line: 2, column: 1, saying: "DOCTYPE")
        let secret = try makeTemporaryDirectory("xxe") + "/secret.txt"
        try "TOP-SECRET".write(toFile: secret, atomically: true, encoding: .utf8)
        let xxe = exported.replacingOccurrences(of: "?>\n", with: "?>\n<!DOCTYPE x [<!ENTITY s SYSTEM \"file://\(secret)\">]>\n")
        try assertFails(TranslatorEdit.setTarget(xxe, id: "guideline:\(Self.bars)", to: "&s;", format: "xliff12"), line: 2, saying: "DOCTYPE")
        // An entity reference without any declaration is refused where it is.
        let undeclared = TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: "&s;", format: "xliff12")
        let lineOfIt = undeclared.components(separatedBy: "\n").firstIndex { $0.contains("&s;") }.map { $0 + 1 }
        try assertFails(undeclared, line: lineOfIt, saying: "&s;")
        XCTAssertFalse(try json(try app.get("/v1/jobs?limit=20", headers: [TestGuidebook.adminHeader])).description.contains("TOP-SECRET"))
    }

    func testHundredMegabytesOfXMLFailAtTheTextThatIsTooLongInBoundedMemory() throws {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko">"# + "\n"
        xml += #"<file id="f"><unit id="guideline:progress-indicators.prefer-progress-bars"><segment state="translated"><source>x</source>"# + "\n<target>"
        xml += String(repeating: "가나다라마바사아자차카타파하 ", count: 100 * 1024 * 1024 / 43)
        xml += "</target></segment></unit></file></xliff>\n"
        XCTAssertGreaterThan(xml.utf8.count, 100 * 1024 * 1024)
        try assertFails(xml, line: 4, column: 9, saying: "longer than")
    }

    func testAPOFileWithAnUnterminatedStringOrABadPluralHeaderIsRefused() throws {
        let exported = try app.translationFile("locale=ko&format=po")
        let unterminated = TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: "끝나지 않음", format: "po")
            .replacingOccurrences(of: "msgstr \"끝나지 않음\"", with: "msgstr \"끝나지 않음")
        let lineOfIt = unterminated.components(separatedBy: "\n").firstIndex { $0.contains("끝나지 않음") }.map { $0 + 1 }
        try assertFails(unterminated, line: lineOfIt, column: 8, saying: "not closed")
        let plural = exported.replacingOccurrences(of: "\"MIME-Version: 1.0\\n\"\n", with: "\"MIME-Version: 1.0\\n\"\n\"Plural-Forms: nplurals=two; plural=n>1;\\n\"\n")
        XCTAssertNotEqual(plural, exported)
        try assertFails(plural, line: 3, saying: "Plural-Forms")
    }

    func testAUnitWhoseTargetIsOnlyWhitespaceIsRefusedWithTheOthersListed() throws {
        let exported = try app.translationFile("locale=ko&format=xliff2")
        var edited = TranslatorEdit.setTarget(exported, id: "guideline:\(Self.bars)", to: " \n\t ", format: "xliff2")
        edited = TranslatorEdit.setTarget(edited, id: "guideline:\(Self.basics)", to: "good text", format: "xliff2")
        edited = TranslatorEdit.setTarget(edited, id: "guideline:progress-indicators.avoid-static-screens", to: "   ", format: "xliff2")
        let lines = edited.components(separatedBy: "\n")
        let unit = lines.firstIndex { $0.contains("<unit id=\"guideline:progress-indicators.avoid-static-screens\"") }!
        let target = lines[unit...].firstIndex { $0.contains("<target") }! + 1
        let job = try app.importTranslations(edited)
        XCTAssertEqual(job["status"] as? String, "failed")
        let error = try XCTUnwrap(job["error"] as? [String: Any])
        let problems = try XCTUnwrap(error["problems"] as? [[String: Any]])
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertEqual(Set(problems.compactMap { $0["field"] as? String }),
                       ["guideline:\(Self.bars)", "guideline:progress-indicators.avoid-static-screens"])
        XCTAssertTrue(problems.allSatisfy { ($0["message"] as? String ?? "").contains("only whitespace") })
        // The first problem is the error's own place: the first such target in the file.
        XCTAssertEqual(error["line"] as? Int, target, "\(error)")
        XCTAssertNotEqual(try translation(Self.basics)["text"] as? String, "good text", "nothing was applied")
    }

    func testAFileForALocaleTheBaseDoesNotHaveOrFromAnotherLanguageIsRefused() throws {
        let exported = try app.translationFile("locale=ko&format=xliff2")
        try assertFails(exported.replacingOccurrences(of: "trgLang=\"ko\"", with: "trgLang=\"ja\""), line: 2, saying: "'ja', a locale this base does not have")
        try assertFails(exported.replacingOccurrences(of: "srcLang=\"en\"", with: "srcLang=\"fr\""), line: 2, saying: "translates from 'fr'")
        let xliff12 = try app.translationFile("locale=ko&format=xliff12")
        try assertFails(xliff12.replacingOccurrences(of: "target-language=\"ko\"", with: "target-language=\"de-DE\""), line: 3, saying: "'de-DE'")
        let po = try app.translationFile("locale=ko&format=po")
        try assertFails(po.replacingOccurrences(of: "Language: ko", with: "Language: zh_CN"), line: 3, saying: "'zh_CN'")
        // A locale asked for that the file is not for.
        XCTAssertEqual(try app.send("POST", "/v1/locales", #"{"code": "ja", "name": "日本語"}"#).status, 201)
        try assertFails(exported, query: "locale=ja", line: 2, saying: "not for 'ja'")
    }

    /// An XLIFF 1.2 file holds a `<file>` per topic; a tool that writes `ko-KR` in some of them
    /// and `ko` in others still made one file for one locale of the base.
    func testAnXLIFF12FileWhoseFilesSayKoAndKoKRIsOneFileForKo() throws {
        let exported = try app.translationFile("locale=ko&format=xliff12")
        let files = exported.components(separatedBy: "target-language=\"ko\"")
        XCTAssertGreaterThan(files.count, 2, "one <file> per topic")
        // The first <file> says ko, the others ko-KR.
        let mixed = files[0] + "target-language=\"ko\"" + files.dropFirst().joined(separator: "target-language=\"ko-KR\"")
        let edited = TranslatorEdit.setTarget(mixed, id: "guideline:\(Self.bars)", to: "진행률 표시줄 (ko-KR).", format: "xliff12")
        let result = try result(try app.importTranslations(edited))
        XCTAssertEqual(result["locale"] as? String, "ko")
        XCTAssertEqual(counts(result)["written"], 1, "\(result)")
        XCTAssertEqual(try translation(Self.bars)["text"] as? String, "진행률 표시줄 (ko-KR).")
    }

    func testAFileFromAnotherBaseIsRefusedWithEachUnknownUnitListed() throws {
        let exported = try app.translationFile("locale=ko&format=po&topic=progress-indicators")
        let foreign = exported.replacingOccurrences(of: "msgctxt \"guideline:progress-indicators.", with: "msgctxt \"guideline:their-topic.")
        let job = try app.importTranslations(foreign)
        XCTAssertEqual(job["status"] as? String, "failed")
        let error = try XCTUnwrap(job["error"] as? [String: Any])
        let problems = try XCTUnwrap(error["problems"] as? [[String: Any]])
        let guidelines = items(try json(try app.get("/v1/guidelines?topic=progress-indicators&limit=100"))).count
        XCTAssertEqual(problems.count, guidelines)
        XCTAssertTrue(problems.allSatisfy { ($0["message"] as? String ?? "").contains("no text with the id") }, "\(problems)")
        let lines = foreign.components(separatedBy: "\n")
        for problem in problems {
            let line = try XCTUnwrap(problem["line"] as? Int)
            // The entry starts at its first comment; its msgctxt is a few lines below.
            XCTAssertTrue(lines[(line - 1)...].prefix(20).contains("msgctxt \"\(problem["field"] as? String ?? "")\""), "\(problem)")
        }
    }

    func testBrokenPlaceholdersAndLinksAreRefused() throws {
        let body = #"{"id": "sheets.linked", "topic": "sheets", "section": "overview", "text": "Delete {count} items; see [the guide](https://example.com/guide)."}"#
        XCTAssertEqual(try app.send("POST", "/v1/guidelines", body).status, 201)
        let exported = try app.translationFile("locale=ko&format=po&topic=sheets")
        let broken = TranslatorEdit.setTarget(exported, id: "guideline:sheets.linked", to: "{cnt}개 항목을 삭제합니다. [안내](https://example.com/guide)", format: "po")
        let job = try app.importTranslations(broken)
        XCTAssertEqual(job["status"] as? String, "failed")
        let message = (job["error"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(message.contains("{count}"), message)
        let kept = TranslatorEdit.setTarget(exported, id: "guideline:sheets.linked", to: "[안내](https://example.com/guide)를 보고 {count}개 항목을 삭제하세요.", format: "po")
        XCTAssertEqual(counts(try result(try app.importTranslations(kept)))["written"], 1)
    }

    // MARK: The request

    func testTheRequestsParametersAndAccess() throws {
        let file = Array(try app.translationFile("locale=ko&format=po").utf8)
        func post(_ query: String, _ headers: [(String, String)], _ body: [UInt8] = file) throws -> HTTPTestResponse {
            try app.request("POST", "/v1/translations/import?" + query, headers: headers, body: body)
        }
        try assertProblem(try post("format=docx", [TestGuidebook.adminHeader]), status: 400, parameter: "format")
        try assertProblem(try post("on_conflict=overwrite", [TestGuidebook.adminHeader]), status: 400, parameter: "on_conflict")
        try assertProblem(try post("locale=xx", [TestGuidebook.adminHeader]), status: 400, parameter: "locale")
        try assertProblem(try post("locale=en", [TestGuidebook.adminHeader]), status: 400, parameter: "locale")
        try assertProblem(try post("", [TestGuidebook.adminHeader], []), status: 400)
        XCTAssertEqual(try post("", []).status, 401)
        let reader = try makeToken(app, role: "reader")
        XCTAssertEqual(try post("", [("Authorization", "Bearer \(reader)")]).status, 403)
        let editor = try makeToken(app, role: "editor")
        let job = try app.importTranslations(String(decoding: file, as: UTF8.self), authorization: ("Authorization", "Bearer \(editor)"))
        XCTAssertEqual(job["status"] as? String, "succeeded", "an editor imports translations")
        XCTAssertEqual((job["params"] as? [String: Any])?["on_conflict"] as? String, "draft")
        // Sent without a name or a format, the file is named by the format its bytes show.
        XCTAssertEqual((job["params"] as? [String: Any])?["file_name"] as? String, "translations.po", "\(job)")
        let xliff = try app.importTranslations(try app.translationFile("locale=ko&format=xliff12"), query: "name=ko.xliff")
        XCTAssertEqual((xliff["params"] as? [String: Any])?["file_name"] as? String, "ko.xliff", "a name given is kept")
    }

    /// A token of `role`, made through the API.
    private func makeToken(_ app: TestApp, role: String) throws -> String {
        let name = "\(role)-\(UUID().uuidString.prefix(8))"
        let response = try app.send("POST", "/v1/tokens", #"{"name": "\#(name)", "role": "\#(role)"}"#)
        XCTAssertEqual(response.status, 201, response.text)
        return try XCTUnwrap(try response.jsonObject()["token"] as? String)
    }
}
