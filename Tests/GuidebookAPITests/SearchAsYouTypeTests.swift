import Foundation
import GuidebookTestSupport
import XCTest

/// Search as you type through the API, on the seed: the last word is a prefix unless a space or a
/// quote ends it, English against the words as written, Korean at the jamo level and in IME states.
final class SearchAsYouTypeTests: XCTestCase {
    private var server: TestApp!

    override func setUpWithError() throws {
        server = try makeTestApp()
    }

    private func search(_ query: String, _ extra: String = "") throws -> [String: Any] {
        let response = try server.get("/v1/search?q=\(QueryText.encode(query))\(extra)")
        XCTAssertEqual(response.status, 200, "\(query): \(response.text)")
        return try response.jsonObject()
    }

    private func topics(_ result: [String: Any]) -> [String] {
        (result["items"] as? [[String: Any]] ?? []).compactMap { $0["topic"] as? String }
    }

    func testEveryPrefixOfAWordFindsItsTopic() throws {
        for typed in ["prog", "progr", "progres", "indicat", "popo", "split vi", "shee"] {
            let result = try search(typed, "&limit=5")
            XCTAssertGreaterThan(result["total"] as? Int ?? 0, 0, typed)
            XCTAssertEqual(result["dropped_terms"] as? [String], [], "\(typed): nothing dropped, the last word was completed")
        }
        XCTAssertTrue(topics(try search("indicat", "&limit=3")).contains("progress-indicators"))
        XCTAssertTrue(topics(try search("popo", "&limit=3")).contains("popovers"))
        XCTAssertTrue(topics(try search("split vi", "&limit=3")).contains("split-views"))
        let completion = try XCTUnwrap(try search("indicat")["completion"] as? [String: Any])
        XCTAssertEqual(completion["term"] as? String, "indicat")
        let forms = try XCTUnwrap(completion["forms"] as? [String])
        XCTAssertTrue(forms.contains("indicators") || forms.contains("indicator"), "\(forms)")
        XCTAssertEqual(completion["used"] as? Int, forms.count)
        XCTAssertGreaterThanOrEqual(completion["found"] as? Int ?? 0, forms.count)
    }

    func testKoreanHalfTypedSyllablesFindTheirWords() throws {
        for (typed, topic) in [("진행ㄹ", "progress-indicators"), ("진해", "progress-indicators"), ("싵", "sheets"), ("팝옵", "popovers"),
                               ("ㅍ", "progress-indicators")] {  // the first key: 표, the syllable most records start with ㅍ (표시)
            let result = try search(typed, "&limit=3&lang=ko")
            XCTAssertTrue(topics(result).contains(topic), "\(typed) → \(topics(result)) (expected \(topic))")
            XCTAssertNotNil(result["completion"] as? [String: Any], typed)
        }
        // The completed word is marked in the snippet.
        let snippets = (try search("진행ㄹ", "&lang=ko")["items"] as? [[String: Any]] ?? []).compactMap { $0["snippet"] as? String }
        XCTAssertTrue(snippets.contains { $0.contains("<mark>진행률</mark>") }, "\(snippets.prefix(3))")
    }

    /// The states inside a compound vowel (호 on the way to 화) or a compound final (널 on the way
    /// to 넓) found nothing, between states that found the word: the results flickered empty.
    func testKoreanStatesInsideCompoundVowelsAndFinalsFindTheirWords() throws {
        for states in [["명ㅎ", "명호", "명화", "명확"], ["지", "지우", "지워", "지원"], ["폭너", "폭널", "폭넓", "폭넓게"], ["네트", "네트우", "네트워", "네트워크"]] {
            let word = try XCTUnwrap(states.last)
            let found = Set(items(try search(word + " ", "&match=all&limit=50")).compactMap { $0["id"] as? String })
            XCTAssertFalse(found.isEmpty, word)
            for typed in states.dropLast() {
                let ids = Set(items(try search(typed, "&match=all&limit=50")).compactMap { $0["id"] as? String })
                XCTAssertTrue(found.isSubset(of: ids), "\(typed) (on the way to \(word)) finds what \(word) finds: \(found.subtracting(ids))")
            }
        }
    }

    func testASpaceOrAQuoteEndsTheWord() throws {
        for typed in ["popo ", "\"popo\""] {
            let result = try search(typed, "&match=all")
            XCTAssertEqual(result["total"] as? Int, 0, typed)
            XCTAssertTrue(result["completion"] is NSNull, typed)
        }
    }

    func testTheWordAsWrittenRanksAboveItsCompletions() throws {
        func ids(_ result: [String: Any]) -> [String] { (result["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
        let asWritten = try search("tab ", "&limit=50")
        let written = ids(asWritten)
        XCTAssertFalse(written.isEmpty)
        XCTAssertEqual(asWritten["total"] as? Int, written.count, "all of them on one page")
        let typed = try search("tab", "&limit=50")
        XCTAssertEqual((typed["completion"] as? [String: Any])?["forms"] as? [String], ["table"])
        XCTAssertGreaterThan(typed["total"] as? Int ?? 0, written.count)
        XCTAssertEqual(Set(ids(typed).prefix(written.count)), Set(written),
                       "every record holding tab as written comes before those holding only a completion")
        // A word as written that a quarter of the records hold takes no completion: its own records
        // fill the pages (`can`, though `cancel` and `canvas` complete it).
        XCTAssertEqual((try search("canc")["completion"] as? [String: Any])?["forms"] as? [String], ["cancel"])
        XCTAssertTrue(try search("can")["completion"] is NSNull)
    }

    // MARK: Typo tolerance (issue 23 item 2)

    private func corrections(_ result: [String: Any]) -> [String] {
        (result["corrected_terms"] as? [[String: Any]] ?? []).map { "\($0["from"] as? String ?? "")→\($0["to"] as? String ?? "")" }
    }

    func testAWordThatMatchesNothingIsSearchedAsItsClosestWord() throws {
        for (typed, corrected, topic) in [("prgress ", "prgress→progress", "progress-indicators"),
                                          ("popvoer ", "popvoer→popover", "popovers"),     // a swap of neighbours is one edit
                                          ("dark apperance ", "apperance→appearance", "dark-mode"),
                                          ("indicatros ", "indicatros→indicators", "progress-indicators"),
                                          ("팝오바 ", "팝오바→팝오버", "popovers")] {
            let result = try search(typed, "&limit=3&match=all")
            XCTAssertEqual(corrections(result), [corrected], typed)
            XCTAssertTrue(topics(result).contains(topic), "\(typed) → \(topics(result))")
            XCTAssertTrue(result["suggestion"] is NSNull, "\(typed): something was found")
        }
        // Below 5 letters no edit is allowed; from 9, two.
        XCTAssertEqual(corrections(try search("shet ", "&match=all")), [])
        XCTAssertEqual(corrections(try search("indcatrs ", "&match=all")), [], "8 letters, 2 edits: too far")
        XCTAssertEqual(corrections(try search("apperanse ", "&match=all")), ["apperanse→appearance"], "9 letters, 2 edits")
    }

    /// Corrected words that still never meet lose words from the end of the corrected query (the
    /// typos are looked up once): the corrections kept are those of the words left, and a dropped
    /// word is named as it was written.
    func testCorrectedWordsThatNeverMeetAreDroppedAsWritten() throws {
        let result = try search("popvoer shete")
        XCTAssertEqual(corrections(result), ["popvoer→popover"])
        XCTAssertEqual(result["matched_terms"] as? [String], ["popover"])
        XCTAssertEqual(result["dropped_terms"] as? [String], ["shete"])
        XCTAssertTrue(topics(result).contains("popovers"), "\(topics(result))")
        let layout = try search("tlxm vkqdhqj")
        XCTAssertEqual((layout["layout_corrected"] as? [String: Any])?["to"] as? String, "시트")
        XCTAssertEqual(layout["dropped_terms"] as? [String], ["vkqdhqj"])
    }

    /// A misspelt Korean noun with its particle is corrected as did-you-mean corrects it: the noun
    /// corrected, the particle kept (it found nothing, and said only "did you mean").
    func testAMisspeltKoreanNounWithItsParticleIsCorrected() throws {
        for (typed, corrected, noun) in [("팝오바를", "팝오버를", "팝오버"), ("사이드베에서", "사이드바에서", "사이드바"), ("메누에서", "메뉴에서", "메뉴")] {
            let result = try search(typed + " ", "&match=all")
            XCTAssertEqual(corrections(result), ["\(typed)→\(corrected)"], typed)
            XCTAssertEqual(result["total"] as? Int, try search(noun + " ", "&match=all")["total"] as? Int, "\(typed) finds what \(noun) finds")
            XCTAssertGreaterThan(result["total"] as? Int ?? 0, 0, typed)
        }
    }

    /// A corrected word that is the same as another word of the query: the dropped words are named
    /// by their place (`progress` and `prgress`), not both as the misspelt one.
    func testADroppedWordIsNamedByItsPlaceWhenACorrectionRepeatsAnotherWord() throws {
        let result = try search("sheet progress prgress")
        XCTAssertEqual(result["dropped_terms"] as? [String], ["progress", "prgress"])
        XCTAssertEqual(result["matched_terms"] as? [String], ["sheet"])
        XCTAssertEqual(corrections(result), [], "the corrected word was dropped")
        let layout = try search("배경 시트 tlxm")
        XCTAssertEqual(layout["dropped_terms"] as? [String], ["시트", "tlxm"])
    }

    func testTyposFalseSearchesAsWrittenAndSuggests() throws {
        let result = try search("prgress ", "&match=all&typos=false")
        XCTAssertEqual(result["total"] as? Int, 0)
        XCTAssertEqual(corrections(result), [])
        XCTAssertEqual(result["suggestion"] as? String, "progress ")
        XCTAssertEqual(try server.get("/v1/search?q=sheet&typos=maybe").status, 400)
    }

    func testAWordAsWrittenRanksAboveCorrectionsAndNothingKnownIsCorrected() throws {
        // Known words are never corrected, even when a near word is more frequent.
        let known = try search("modal ", "&match=all")
        XCTAssertEqual(corrections(known), [])
        XCTAssertGreaterThan(known["total"] as? Int ?? 0, 0)
    }

    func testFiftyTyposAreAnsweredInBoundedTime() throws {
        let near = ["prgress", "popver", "sidebr", "indicatr", "sheeet", "translcent", "사이드베", "진행율", "팝오바", "레이불", "컨트룰", "머티리알"]
        let query = (0..<32).map { near[$0 % near.count] }.joined(separator: " ")
        let started = Date()
        let response = try server.get("/v1/search?q=\(QueryText.encode(query))")
        XCTAssertEqual(response.status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "a debug build on a shared machine")
        let fifty = (0..<50).map { near[$0 % near.count] }.joined(separator: " ")
        XCTAssertEqual(try server.get("/v1/search?q=\(QueryText.encode(fifty))").status, 400, "over 32 terms: refused, never searched")
    }

    // MARK: Initial consonants (issue 23 item 3)

    func testInitialConsonantsFindTheWordsTheyStart() throws {
        for (typed, form, topic) in [("ㅈㅎㄹ", "진행률", "progress-indicators"), ("ㅍㅇㅂ", "팝오버", "popovers"), ("ㅅㅌ ", "시트", "sheets")] {
            let result = try search(typed, "&limit=3&lang=ko")
            let initials = try XCTUnwrap((result["initials"] as? [[String: Any]])?.first, typed)
            XCTAssertEqual(initials["term"] as? String, typed.trimmingCharacters(in: .whitespaces))
            XCTAssertTrue((initials["forms"] as? [String] ?? []).contains(form), "\(typed): \(initials)")
            XCTAssertTrue(topics(result).contains(topic), "\(typed) → \(topics(result))")
        }
        XCTAssertEqual((try search("진행률")["initials"] as? [Any])?.count, 0, "a word of syllables is not initials")
        XCTAssertEqual(try server.get("/v1/search?q=\(QueryText.encode("ㄹ"))").status, 200)
    }

    // MARK: The wrong keyboard layout (issue 23 item 4)

    func testAWordTypedWithTheOtherLayoutIsSearchedAsTheWordItsKeysType() throws {
        for (typed, to, topic) in [("tlxm", "시트", "sheets"), ("vkqdhqj", "팝오버", "popovers"), ("wlsgodfbf", "진행률", "progress-indicators")] {
            let result = try search(typed, "&limit=3")
            let corrected = try XCTUnwrap(result["layout_corrected"] as? [String: Any], typed)
            XCTAssertEqual(corrected["from"] as? String, typed)
            XCTAssertEqual(corrected["to"] as? String, to)
            XCTAssertTrue(topics(result).contains(topic), "\(typed) → \(topics(result))")
        }
        let english = try search("새ㅐㅣㅠㅁㄱ")
        XCTAssertEqual((english["layout_corrected"] as? [String: Any])?["to"] as? String, "toolbar")
        XCTAssertGreaterThan(english["total"] as? Int ?? 0, 0)
        XCTAssertTrue(try search("sheet")["layout_corrected"] is NSNull, "a word that matches is never converted")
        XCTAssertTrue(try search("tlxm", "&typos=false")["layout_corrected"] is NSNull)
    }

    // MARK: Normalization (issue 23 item 5)

    func testDecomposedHangulFullwidthLatinAndZeroWidthSpacesFindWhatTheirPlainFormsFind() throws {
        func ids(_ query: String) throws -> [String] {
            (try search(query, "&limit=20&match=all")["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        let nfd = "진행률 ".decomposedStringWithCanonicalMapping
        XCTAssertNotEqual(Array(nfd.unicodeScalars), Array("진행률 ".unicodeScalars))
        XCTAssertEqual(try ids(nfd), try ids("진행률 "), "NFD Hangul")
        XCTAssertFalse(try ids("진행률 ").isEmpty)
        XCTAssertEqual(try ids("ｓｈｅｅｔ "), try ids("sheet "), "fullwidth Latin")
        XCTAssertEqual(try ids("sh\u{200B}eet "), try ids("sheet "), "a zero-width space does not split a word")
        XCTAssertEqual(try ids("dark\u{200B} mode "), try ids("dark mode "), "nor join two")
        XCTAssertEqual(try server.get("/v1/search?q=\(QueryText.encode("\u{200B}\u{200B}"))").status, 400, "nothing but zero-width spaces is an empty query")
    }

    /// Indexed text is normalized where it is written: a guideline written decomposed (Hangul as
    /// macOS gives it), in fullwidth Latin and with a zero-width space inside a word is stored in
    /// its plain form, found by plain queries, and marked in its snippets; an emoji's zero-width
    /// joiner stays; a text of nothing but zero-width spaces is blank.
    func testTextWrittenDecomposedOrFullwidthIsStoredFoundAndMarkedAsItsPlainForm() throws {
        func body(_ fields: [String: String]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
        }
        let english = "Ｑｕｉｂｂｌｅ the zor\u{200B}blat gauge while it loads \u{1F469}\u{200D}\u{1F4BB}."
        let korean = "쿼블러는 진행률을 보여 줍니다.".decomposedStringWithCanonicalMapping
        XCTAssertTrue(korean.unicodeScalars.contains { (0x1100...0x11FF).contains($0.value) }, "the Korean text is decomposed")
        let created = try server.send("POST", "/v1/guidelines", try body([
            "id": "progress-indicators.quibble", "topic": "progress-indicators", "section": "progress-bars", "text": english,
        ]))
        XCTAssertEqual(created.status, 201, created.text)
        let translated = try server.send("PUT", "/v1/guidelines/progress-indicators.quibble/translations/ko", try body(["text": korean]))
        XCTAssertEqual(translated.status, 200, translated.text)

        // Stored as NFC, ASCII, without the zero-width space; the emoji keeps its joiner (compared byte for byte:
        // Swift's == calls decomposed and composed Hangul equal).
        for (lang, expected) in [("en", "Quibble the zorblat gauge while it loads \u{1F469}\u{200D}\u{1F4BB}."), ("ko", "쿼블러는 진행률을 보여 줍니다.")] {
            let stored = try json(try server.get("/v1/guidelines/progress-indicators.quibble?lang=\(lang)"))["text"] as? String ?? ""
            XCTAssertEqual(Array(stored.unicodeScalars), Array(expected.unicodeScalars), lang)
        }
        // Found by the plain forms, and marked in them.
        for (query, marked, lang) in [("quibble ", "<mark>Quibble</mark>", "en"), ("zorblat ", "<mark>zorblat</mark>", "en"),
                                      ("쿼블러 ", "<mark>쿼블러</mark>는", "ko"), ("ｑｕｉｂｂｌｅ ", "<mark>Quibble</mark>", "en")] {
            let items = try search(query, "&lang=\(lang)")["items"] as? [[String: Any]] ?? []
            let hit = items.first { $0["id"] as? String == "progress-indicators.quibble" }
            XCTAssertNotNil(hit, "\(query) does not find the guideline: \(items.compactMap { $0["id"] })")
            let snippet = hit?["snippet"] as? String ?? ""
            XCTAssertTrue(Array(snippet.utf8).indices.contains { Array(snippet.utf8)[$0...].starts(with: Array(marked.utf8)) },
                          "\(query): \(snippet) lacks \(marked), byte for byte")
        }
        XCTAssertEqual(try search("zor ", "&match=all")["total"] as? Int, 0, "the zero-width space split nothing")
        // Nothing but zero-width characters is a blank text.
        try assertProblem(try server.send("PATCH", "/v1/guidelines/progress-indicators.quibble", try body(["text": "\u{200B}\u{FEFF}"]),
                                          contentType: "application/merge-patch+json"), status: 422)
    }
}
