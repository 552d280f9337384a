@testable import GuidebookCore
import GuidebookText
import XCTest

/// The completions of a half-typed last word (search as you type): English words from the
/// unstemmed vocabulary, Korean runs at the jamo level and in the states a Korean IME passes through.
final class SearchCompletionTests: XCTestCase {
    private let vocabulary = SearchVocabulary(
        latin: ["indicator": 20, "indicators": 22, "indicate": 3, "indication": 1, "index": 9, "popover": 6, "popovers": 5, "pop": 1],
        korean: ["진행률": 15, "진행률을": 4, "진행": 2, "진해": 1, "시트": 6, "시트를": 2, "시티": 1, "팝오버": 9, "팝오버는": 3,
                 "스테퍼": 2, "스테이지": 1, "스텝": 1])

    private func forms(_ written: String, limit: Int = SearchQuery.maxCompletions) -> [String] {
        vocabulary.completions(of: written, limit: limit).forms
    }

    func testEnglishCompletesAgainstTheWordsAsWrittenOnePerFamily() {
        // The index holds the stem `indic`; the vocabulary the words as written.
        XCTAssertEqual(forms("indicat"), ["indicators", "indicate", "indication"], "indicator and indicators are one family; the more frequent form stands for it")
        XCTAssertEqual(forms("Popo"), ["popover"], "case folded; popovers is popover's family")
        XCTAssertEqual(forms("popover"), [], "the word's own inflections are found by the index already")
        XCTAssertEqual(forms("zzz"), [])
        XCTAssertEqual(forms("in", limit: 2), ["indicators", "index"], "the most frequent first, bounded")
        XCTAssertEqual(vocabulary.completions(of: "in", limit: 2).found, 4, "how many there were")
    }

    /// Forms are taken, most rows first, while the word as written and the forms taken hold fewer
    /// rows than the budget (a quarter of the index's rows in a search): a short prefix stands for
    /// its most frequent words only, a word as written that holds that many for none.
    func testCompletionsStopOnceTheyHoldTheRowBudget() {
        let bounded = vocabulary.completions(of: "in", limit: 8, rowBudget: 50)
        XCTAssertEqual(bounded.forms, ["indicators", "index"], "a family counts its forms' rows: indicators and indicator 42, then index 9: past 50")
        XCTAssertEqual(vocabulary.completions(of: "in", limit: 8, rowBudget: 42).forms, ["indicators"])
        XCTAssertEqual(bounded.found, 4, "what it could have become is still counted")
        XCTAssertEqual(vocabulary.completions(of: "in", limit: 8, rowBudget: 1).forms, ["indicators"], "the first is taken when the word as written holds nothing")
        XCTAssertEqual(vocabulary.completions(of: "po", limit: 8, rowBudget: 1).forms, ["popover"])
        XCTAssertEqual(vocabulary.completions(of: "pop", limit: 8, rowBudget: 1).forms, [], "pop as written holds the budget already")
        XCTAssertEqual(vocabulary.completions(of: "진해", limit: 8, rowBudget: 2).forms, ["진행"])
        XCTAssertEqual(vocabulary.completions(of: "진해", limit: 8, rowBudget: 1).forms, [], "진해 as written holds 1 row")
        XCTAssertEqual(vocabulary.initialsMatches(of: "ㅅㅌ", limit: 8, rowBudget: 8).forms, ["시트"], "시트 holds 8")
    }

    func testKoreanCompletesAtTheJamoLevel() {
        XCTAssertEqual(forms("진행ㄹ"), ["진행률"], "a lone consonant starts the next syllable")
        XCTAssertEqual(forms("진해"), ["진행"], "a syllable without a final may still take one (진해 itself is the word as written)")
        XCTAssertEqual(forms("팝오"), [], "팝오 as written is a piece of 팝오버 already (Korean is indexed in bigrams)")
        // The first key of a word, a lone consonant: its words' first two syllables, the more rows hold them the sooner.
        XCTAssertEqual(forms("ㅅ"), ["시트", "스테", "스텝", "시티"], "시트 (6 + 시트를 2), 스테 (스테퍼 2 + 스테이지 1), then 1 each")
        XCTAssertEqual(forms("ㅈ"), ["진행", "진해"])
    }

    func testKoreanCompletesTheStatesAnIMEPassesThrough() {
        // The consonant typed after a vowel sits as a final until the next vowel moves it on.
        XCTAssertEqual(forms("싵"), ["시트", "시티"])
        XCTAssertEqual(forms("팝옵"), ["팝오버"])
        XCTAssertEqual(forms("스텦"), ["스테퍼"])
        XCTAssertEqual(forms("스텝"), [], "스텝 is a word as written; no word continues 스테 with ㅂ")
    }

    func testBadInputCompletesToNothingOrToABoundedList() {
        XCTAssertEqual(forms("ㄹ"), [], "no word starts with a syllable of ㄹ")
        XCTAssertEqual(forms("ㅏ"), [], "a vowel starts no syllable")
        XCTAssertEqual(forms("ㅏㅏㅏ"), [])
        XCTAssertEqual(forms(String(repeating: "ㄱ", count: 200)), [])
        XCTAssertEqual(forms("\u{301}\u{301}"), [])
        XCTAssertEqual(forms("진a"), [], "mixed scripts")
        XCTAssertLessThanOrEqual(forms("p").count, SearchQuery.maxCompletions)
    }

    func testTheLastWordIsHalfTypedUnlessASpaceOrQuoteEndsIt() throws {
        XCTAssertEqual(try SearchQuery.parse("split vi").lastWord?.text, "vi")
        XCTAssertEqual(try SearchQuery.parse("진행ㄹ").lastWord?.isCJK, true)
        XCTAssertNil(try SearchQuery.parse("split vi ").lastWord, "a space ends the word")
        XCTAssertNil(try SearchQuery.parse("\"split vi\"").lastWord, "quoted")
        XCTAssertNil(try SearchQuery.parse("split -vi").lastWord, "excluded")
        XCTAssertNil(try SearchQuery.parse("prog*").lastWord, "an explicit prefix is FTS5's own")

        let query = try SearchQuery.parse("indicat")
        let completed = query.completing(["indicator", "indicate"])
        XCTAssertEqual(completed.phrases, ["\"indicat\"", "\"indicator\"", "\"indicate\""])
        XCTAssertEqual(completed.condition, .any([.phrase(0), .phrase(1), .phrase(2)]))
        XCTAssertEqual(completed.highlights, [.word("indicat", prefix: true)])
        XCTAssertEqual(completed.words.first?.phrases, [0, 1, 2], "the word is known when a completion is")
    }
}

/// Initial-consonant (초성) search over the vocabulary's initials index.
final class SearchInitialsTests: XCTestCase {
    private let vocabulary = SearchVocabulary(latin: [:], korean: ["스테퍼": 2, "스텝": 3, "시트": 6, "시트를": 2, "사탕": 1,
                                                                  "취소": 5, "취소를": 1, "버튼": 4, "진행률": 15, "진행률을": 4])

    func testConsonantsFindTheWordsTheyStartInOrder() {
        XCTAssertEqual(vocabulary.initialsMatches(of: "ㅅㅌㅍ", limit: 8).forms, ["스테퍼"])
        XCTAssertEqual(vocabulary.initialsMatches(of: "ㅅㅌ", limit: 8).forms, ["시트", "스텝", "스테", "사탕"],
                       "cut to two syllables, the forms more rows hold first (시트 6+2, 스텝 3, 스테 2)")
        XCTAssertEqual(vocabulary.initialsMatches(of: "ㅅㅌ", limit: 2).found, 4)
        XCTAssertEqual(vocabulary.initialsMatches(of: "ㅊㅅ", limit: 8).forms, ["취소"])
        XCTAssertEqual(vocabulary.initialsMatches(of: "ㅈㅎㄹ", limit: 8).forms, ["진행률"])
    }

    /// The initials index is sorted on keys of the first 12 initials; words that share those (and
    /// the same word's neighbours) must still come in the order of all their initials, then of their
    /// numbers, as a plain comparison of the whole words puts them.
    func testTheInitialsIndexIsInTheOrderOfAllInitialsBeyondTheTwelfth() {
        var state: UInt64 = 42
        func syllable() -> Character {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // Three initials (ㄱ ㄴ ㄷ) and a few vowels, so words share long runs of initials.
            let initial = UInt32(state >> 60) % 3, vowel = UInt32(state >> 50) % 4
            return Character(Unicode.Scalar(Hangul.firstSyllable + initial * 588 + vowel * 28)!)
        }
        var korean: [String: Int] = [:]
        let shared = String((0..<12).map { _ in syllable() })
        for index in 0..<600 {
            let length = index % 3 == 0 ? 12 + index % 7 : 2 + index % 11
            let word = index % 3 == 0 ? shared + String((0..<(length - 12)).map { _ in syllable() }) : String((0..<length).map { _ in syllable() })
            korean[word] = index
        }
        let words = SearchVocabulary(latin: [:], korean: korean).korean
        XCTAssertEqual(words.byInitials.count, words.count)
        let initials = { (number: Int32) in words.units(of: Int(number)).map { ($0 - Hangul.firstSyllable) / 588 } }
        let expected = (0..<Int32(words.count)).sorted { a, b in
            initials(a) != initials(b) ? initials(a).lexicographicallyPrecedes(initials(b)) : a < b
        }
        XCTAssertEqual(words.byInitials, expected)
        XCTAssertGreaterThan(Set(words.byInitials.filter { initials($0).count > 12 }.map { initials($0).prefix(12) }).count, 0)
    }

    func testOnlyTwoOrMoreConsonantsThatStartSyllablesAreInitials() {
        XCTAssertNil(SearchVocabulary.initials(of: "ㄹ"), "one consonant is a half-typed syllable")
        XCTAssertNil(SearchVocabulary.initials(of: "ㄳㅅ"), "ㄳ only ends a syllable")
        XCTAssertNil(SearchVocabulary.initials(of: "ㅏㅏㅏ"))
        XCTAssertNil(SearchVocabulary.initials(of: "ㅅ트"))
        XCTAssertNil(SearchVocabulary.initials(of: String(repeating: "ㅎ", count: 200)), "longer than any word")
        XCTAssertEqual(vocabulary.initialsMatches(of: "ㅎㅎ", limit: 8).forms, [])
        XCTAssertEqual(try SearchQuery.parse("ㅊㅅ ㅂㅌ").initialsWords.map(\.text), ["ㅊㅅ", "ㅂㅌ"])
    }
}
