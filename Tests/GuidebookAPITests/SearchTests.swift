import Foundation
@testable import GuidebookCore
import GuidebookTestSupport
import GuidebookText
import SQLite
import XCTest

/// Search end to end, in-process, on the seed knowledge base: relevance in both languages, input
/// that must never cause a 5xx, byte-correct Korean snippets, and an index that follows every write.
final class SearchTests: XCTestCase {
    private var server: TestApp!

    override func setUpWithError() throws {
        server = try makeTestApp()
    }

    private func search(_ query: String, _ extra: String = "") throws -> [String: Any] {
        let encoded = QueryText.encode(query)
        let response = try server.get("/v1/search?q=\(encoded)\(extra)")
        XCTAssertEqual(response.status, 200, "\(query): \(response.text)")
        return try response.jsonObject()
    }

    private func items(_ result: [String: Any]) -> [[String: Any]] {
        result["items"] as? [[String: Any]] ?? []
    }

    /// The relevance fixture: query, expected topic, and for a Korean word with a particle, the
    /// query without it (whose records the query must find too).
    private func relevanceCases() throws -> [(query: String, topic: String, noun: String?)] {
        let path = TestGuidebook.packageRoot + "/Tests/Fixtures/relevance-queries.tsv"
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        return try lines.map { line in
            let parts = line.split(separator: "\t").map(String.init)
            guard parts.count == 2 || parts.count == 3 else { throw FixtureError(line: String(line)) }
            return (parts[0], parts[1], parts.count == 3 ? parts[2] : nil)
        }
    }

    /// At least 40 queries, half Korean, each with the topic expected in the top 3.
    func testRelevanceRecallAtThreeIsAtLeast95Percent() throws {
        let cases = try relevanceCases().map { ($0.query, $0.topic) }
        let korean = cases.filter { $0.0.unicodeScalars.contains(where: CJK.contains) }
        XCTAssertGreaterThanOrEqual(cases.count, 40)
        XCTAssertGreaterThanOrEqual(korean.count * 2, cases.count, "at least half the queries are Korean")

        var found = 0
        var misses: [String] = []
        for (query, expected) in cases {
            let top = items(try search(query, "&limit=3")).compactMap { $0["topic"] as? String }
            if top.contains(expected) { found += 1 } else { misses.append("\(query) → \(top) (expected \(expected))") }
        }
        let recall = Double(found) / Double(cases.count)
        print("search relevance: recall@3 = \(String(format: "%.3f", recall)) over \(cases.count) queries (\(korean.count) Korean)")
        for miss in misses { print("  miss: \(miss)") }
        XCTAssertGreaterThanOrEqual(recall, 0.95, "misses:\n" + misses.joined(separator: "\n"))
    }

    func testKoreanNounsAreFoundInsideWordsWithParticles() throws {
        // The seed writes 진행률을 / 진행률은 / 시트에서 / 팝오버는: the bare nouns must find them.
        for (query, topic) in [("진행률", "progress-indicators"), ("시트", "sheets"), ("팝오버", "popovers"), ("모달", "modality"),
                               ("블러", "materials"), ("네트워크 활동 표시기", "progress-indicators"), ("split 뷰", "split-views")] {
            let result = try search(query, "&lang=ko")
            XCTAssertGreaterThan(result["total"] as? Int ?? 0, 0, query)
            XCTAssertTrue(items(result).prefix(3).contains { ($0["topic"] as? String) == topic }, "\(query): \(items(result).map { $0["topic"] ?? "" })")
        }
    }

    /// `시트를` finds every record `시트` finds, for the fixture's 20+ words with particles, and a
    /// record holding the exact form scores above every record holding only the noun.
    func testKoreanWordsWithParticlesFindTheRecordsOfTheirNoun() throws {
        let cases = try relevanceCases().compactMap { entry in entry.noun.map { (query: entry.query, noun: $0) } }
        XCTAssertGreaterThanOrEqual(cases.count, 20)
        for (query, noun) in cases {
            let withParticle = try server.store.search(SearchRequest(query: try SearchQuery.parse(query), limit: 50))
            let bare = try server.store.search(SearchRequest(query: try SearchQuery.parse(noun), limit: 50))
            XCTAssertGreaterThan(bare.total, 0, noun)
            XCTAssertTrue(Set(withParticle.hits.map { $0.ref }).isSuperset(of: bare.hits.map { $0.ref }), "\(query) misses records of \(noun)")
            XCTAssertGreaterThanOrEqual(withParticle.total, bare.total, query)

            // The exact form first: rows matching the word as typed (its first phrase, for one-word queries).
            let parsed = try SearchQuery.parse(query)
            guard parsed.words.count == 1 else { continue }
            let exactRows = try server.store.read { reader in
                Set(try reader.database.rows("SELECT rowid FROM search_index WHERE search_index MATCH ?1", [.text(parsed.phrases[0])]) { $0.int64(0) })
            }
            let holdsExact = withParticle.hits.map { exactRows.contains($0.recordID * 4 + $0.kind.rawValue) }
            if let lowestExact = zip(withParticle.hits, holdsExact).filter({ $1 }).map({ $0.0.score }).min(),
               let highestOther = zip(withParticle.hits, holdsExact).filter({ !$1 }).map({ $0.0.score }).max() {
                XCTAssertGreaterThan(lowestExact, highestOther, "\(query): a record with only \(noun) ranks above one with \(query)")
            }
        }
    }

    func testAQueryOfOnlyParticlesIsSearchedAsWritten() throws {
        // Each is an ordinary query (에서 and 하는 occur inside words); none may fail.
        for query in ["을를", "을", "에서", "하는", "을 를 이 가", "\"을를\"", "을를을를을를"] {
            let result = try search(query)
            XCTAssertTrue(result.keys.contains("suggestion"), query)
        }
        XCTAssertEqual(try search("을를")["total"] as? Int, 0)
    }

    /// With every word required (`match=all`, so no word is dropped), as a one-word query always is.
    func testAQueryThatFindsNothingSuggestsTheClosestIndexedWords() throws {
        for (query, suggestion) in [("prgress", "progress"), ("popver", "popover"), ("사이드베", "사이드바"), ("Prgress bar", "Progress bar"),
                                    ("sheet popver", "sheet popover"), ("사이드베에서", "사이드바에서"), ("팝오바", "팝오버"),
                                    ("\"modal\" prgress -sheet", "\"modal\" progress -sheet")] {
            let result = try search(query, "&match=all&typos=false")
            XCTAssertEqual(result["total"] as? Int, 0, query)
            XCTAssertEqual(result["suggestion"] as? String, suggestion, query)
            XCTAssertEqual(result["corrected"] as? Bool, false, query)
        }
        // Present as null: when something matched, and when no word is close.
        for query in ["progress", "zqxjkvw", "을를", "sheet zqxjkvw", "\"prgress\""] {
            let result = try search(query, "&typos=false")
            XCTAssertTrue(result.keys.contains("suggestion") && result["suggestion"] is NSNull, "\(query): \(result["suggestion"] ?? "missing")")
        }
        // Words that exist but never together: nothing to correct.
        let apart = try search("vibrancy sidebar", "&match=all&typos=false")
        XCTAssertEqual(apart["total"] as? Int, 0)
        XCTAssertTrue(apart["suggestion"] is NSNull)
    }

    /// Words that each match but never together (two topics' names): the words are dropped from
    /// the end until the rest matches, the answer says which matched and which were dropped, and
    /// it is exactly the answer to the shorter query; `match=all` keeps every word required.
    func testWordsThatNeverMeetAreDroppedFromTheEndUntilSomethingMatches() throws {
        for (query, matched, dropped, topic) in [("시트 팝오버", ["시트"], ["팝오버"], "sheets"),
                                                 ("context menu sheet", ["context", "menu"], ["sheet"], "context-menus"),
                                                 ("컨텍스트 메뉴 시트", ["컨텍스트", "메뉴"], ["시트"], "context-menus"),
                                                 ("\"dark mode\" sidebar popover", ["\"dark mode\""], ["sidebar", "popover"], "dark-mode"),
                                                 ("prog* 팝오버", ["prog*"], ["팝오버"], "progress-indicators")] {
            let strict = try search(query, "&match=all")
            XCTAssertEqual(strict["total"] as? Int, 0, query)
            XCTAssertEqual(strict["dropped_terms"] as? [String], [], query)
            XCTAssertEqual(strict["matched_terms"] as? [String], matched + dropped, query)

            let response = try server.get("/v1/search?q=\(QueryText.encode(query))&limit=50")
            let relaxed = try response.jsonObject()
            XCTAssertEqual(relaxed["matched_terms"] as? [String], matched, query)
            XCTAssertEqual(relaxed["dropped_terms"] as? [String], dropped, query)
            XCTAssertEqual(relaxed["query"] as? String, query, "the query stays as sent")
            XCTAssertEqual(relaxed["suggestion"] as? String, nil, "every word is known: nothing to correct")
            XCTAssertEqual(items(relaxed).first?["topic"] as? String, topic, query)
            // With a space after it, the last word is complete (not searched with its completions), as after a dropped word.
            let shorter = try search(matched.joined(separator: " ") + " ", "&limit=50")
            XCTAssertGreaterThan(shorter["total"] as? Int ?? 0, 0)
            XCTAssertEqual(relaxed["total"] as? Int, shorter["total"] as? Int, "total counts the relaxed results: \(query)")
            XCTAssertEqual(response.header("X-Total-Count"), String(shorter["total"] as? Int ?? -1))
            XCTAssertEqual(items(relaxed).compactMap { $0["id"] as? String }, items(shorter).compactMap { $0["id"] as? String }, query)
            XCTAssertEqual(items(relaxed).compactMap { $0["score"] as? Double }, items(shorter).compactMap { $0["score"] as? Double }, query)
        }
        // A query that matches keeps all its words; phrases are never dropped, even if nothing then matches.
        let whole = try search("context menu")
        XCTAssertEqual(whole["matched_terms"] as? [String], ["context", "menu"])
        XCTAssertEqual(whole["dropped_terms"] as? [String], [])
        let phrases = try search("\"context menu\" \"split view\"")
        XCTAssertEqual(phrases["total"] as? Int, 0)
        XCTAssertEqual(phrases["dropped_terms"] as? [String], [])
        XCTAssertEqual(try server.get("/v1/search?q=sheet&match=any").status, 400)
    }

    /// The order: the query as written finds nothing → its suggestion (always reported) replaces it
    /// when `fuzzy=true` → words are dropped from the end of whichever query is searched.
    func testDroppingWordsAndDidYouMeanWorkTogether() throws {
        let typo = try search("sheet popver", "&typos=false")
        XCTAssertEqual(typo["suggestion"] as? String, "sheet popover", "the suggestion is for the query as written")
        XCTAssertEqual(typo["corrected"] as? Bool, false)
        XCTAssertEqual(typo["dropped_terms"] as? [String], ["popver"])
        XCTAssertEqual(typo["total"] as? Int, try search("sheet", "&typos=false")["total"] as? Int)

        let corrected = try search("sheet popver", "&fuzzy=true&typos=false")
        let suggested = try search("sheet popover", "&typos=false")
        XCTAssertEqual(corrected["corrected"] as? Bool, true)
        XCTAssertEqual(corrected["matched_terms"] as? [String], suggested["matched_terms"] as? [String])
        XCTAssertEqual(corrected["dropped_terms"] as? [String], suggested["dropped_terms"] as? [String])
        XCTAssertEqual(corrected["total"] as? Int, suggested["total"] as? Int)

        // The last word known, the first not: dropping from the end leaves the unknown word.
        let first = try search("popver sheet", "&typos=false")
        XCTAssertEqual(first["total"] as? Int, 0)
        XCTAssertEqual(first["dropped_terms"] as? [String], [], "nothing found even so: the answer is the query's own")
        XCTAssertEqual(first["suggestion"] as? String, "popover sheet")
    }

    func testRelaxedResultsPageWithTheirOwnCursor() throws {
        let path = "/v1/search?q=\(QueryText.encode("context menu sheet"))&limit=1"
        var seen: [String] = []
        var target: String? = path
        while let next = target {
            let page = try server.get(next).jsonObject()
            XCTAssertEqual(page["dropped_terms"] as? [String], ["sheet"])
            seen += items(page).compactMap { $0["id"] as? String }
            target = (page["next"] as? String).map { path + "&cursor=\($0)" }
        }
        XCTAssertEqual(seen.count, Set(seen).count)
        XCTAssertEqual(seen.count, try search("context menu sheet")["total"] as? Int)
        let first = try XCTUnwrap(try search("context menu sheet", "&limit=1")["next"] as? String)
        XCTAssertEqual(try server.get(path + "&match=all&cursor=\(first)").status, 400, "a relaxed search's cursor is not a strict one's")
    }

    func testFuzzySearchesWithTheSuggestionAndSaysSo() throws {
        let corrected = try search("popver", "&fuzzy=true&lang=en&typos=false")
        XCTAssertEqual(corrected["corrected"] as? Bool, true)
        XCTAssertEqual(corrected["suggestion"] as? String, "popover")
        XCTAssertEqual(corrected["query"] as? String, "popver")
        XCTAssertEqual(corrected["total"] as? Int, try search("popover", "&typos=false")["total"] as? Int)
        XCTAssertTrue(items(corrected).contains { ($0["snippet"] as? String ?? "").contains("<mark>popover</mark>") }, "the suggestion's words are marked")
        // Its pages follow the corrected search.
        let next = try XCTUnwrap(try search("popver", "&fuzzy=true&limit=2&typos=false")["next"] as? String)
        XCTAssertEqual(items(try search("popver", "&fuzzy=true&limit=2&cursor=\(next)&typos=false")).count, 2)
        XCTAssertEqual(try server.get("/v1/search?q=popver&cursor=\(next)").status, 400, "a fuzzy cursor is not a plain search's cursor")
        // A query with hits, or with nothing close, is searched as written.
        let plain = try search("popover", "&fuzzy=true&typos=false")
        XCTAssertEqual(plain["corrected"] as? Bool, false)
        XCTAssertEqual(try search("zqxjkvw", "&fuzzy=true&typos=false")["total"] as? Int, 0)
        XCTAssertEqual(try server.get("/v1/search?q=popver&fuzzy=maybe").status, 400)
    }

    func testSuggestionsFollowTheIndex() throws {
        XCTAssertTrue(try search("zyxwvat", "&typos=false")["suggestion"] is NSNull)
        try writeZyTopic(korean: "가나다라마바를 씁니다.")
        XCTAssertEqual(try search("zyxwvat", "&typos=false")["suggestion"] as? String, "zyxwvut")
        XCTAssertEqual(try search("가나다라마버를", "&typos=false")["suggestion"] as? String, "가나다라마바를")
        // Deleting the topic (the delete triggers) takes its words out of the vocabulary.
        try server.store.write { try $0.database.run("DELETE FROM topics WHERE slug = 'zy-topic'") }
        XCTAssertTrue(try search("zyxwvat", "&typos=false")["suggestion"] is NSNull)
        XCTAssertEqual(try server.store.read { try $0.database.scalarInt("SELECT count(*) FROM search_surface_forms WHERE form = 'zyxwvut' AND rows > 0") }, 0)
    }

    /// A 500-character query of near-words (every word unknown, every word close to indexed ones)
    /// is answered, with a suggestion, in bounded time.
    func testALongQueryOfNearWordsIsAnsweredInBoundedTime() throws {
        let near = ["prgress", "popver", "sidebr", "indicatr", "sheeet", "translcent", "사이드베", "진행율", "팝오바", "레이불", "컨트룰", "머티리알"]
        var query = ""
        var index = 0
        while query.count + near[index % near.count].count + 1 <= SearchQuery.maxLength {
            query += (query.isEmpty ? "" : " ") + near[index % near.count]
            index += 1
            if index == SearchQuery.maxTerms { break }
        }
        let started = Date()
        let result = try search(query, "&typos=false")
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(result["total"] as? Int, 0)
        let suggestion = try XCTUnwrap(result["suggestion"] as? String)
        XCTAssertTrue(suggestion.hasPrefix("progress popover sidebar indicator sheet translucent 사이드바 진행률 팝오버 레이블 컨트롤 머티리얼"), suggestion)
        XCTAssertLessThan(seconds, 2, "a debug build on a shared machine; the release engine is measured by guidebook-bench suggest")
    }

    func testEnglishIsStemmedAndSupportsPhrasesPrefixesOrAndExclusion() throws {
        XCTAssertTrue(items(try search("modal")).contains { ($0["topic"] as? String) == "modality" }, "modal finds modality")
        XCTAssertGreaterThan(try search("indicator")["total"] as? Int ?? 0, 0)
        let prefix = try search("prog*")
        XCTAssertTrue(items(prefix).contains { ($0["topic"] as? String) == "progress-indicators" })
        let phrase = try search("\"activity indicator\"")
        XCTAssertGreaterThan(phrase["total"] as? Int ?? 0, 0)
        let both = try search("popover sheet")["total"] as? Int ?? 0
        let either = try search("popover OR sheet")["total"] as? Int ?? 0
        let sheets = try search("sheet")["total"] as? Int ?? 0
        XCTAssertGreaterThan(either, both, "OR widens, the default AND narrows")
        XCTAssertGreaterThanOrEqual(either, sheets)
        let excluded = try search("indicator -network")
        XCTAssertLessThan(excluded["total"] as? Int ?? 0, try search("indicator")["total"] as? Int ?? 0)
        XCTAssertFalse(items(excluded).contains { ($0["snippet"] as? String ?? "").lowercased().contains("network") })
    }

    func testAnExactPhraseRanksAboveScatteredWords() throws {
        let ranked = items(try search("dark mode", "&limit=5"))
        XCTAssertEqual(ranked.first?["topic"] as? String, "dark-mode")
        let scores = ranked.compactMap { $0["score"] as? Double }
        XCTAssertEqual(scores, scores.sorted(by: >), "results come best first")
    }

    func testSnippetsMarkHangulWithoutBreakingCharacters() throws {
        let result = try search("진행률", "&lang=ko&limit=10")
        let snippets = items(result).compactMap { $0["snippet"] as? String }
        XCTAssertFalse(snippets.isEmpty)
        XCTAssertTrue(snippets.contains { $0.contains("<mark>진행률</mark>") }, "\(snippets)")
        for snippet in snippets {
            // Every mark wraps whole syllables: no replacement characters, no stray bytes.
            XCTAssertFalse(snippet.contains("\u{FFFD}"))
            XCTAssertEqual(snippet.components(separatedBy: "<mark>").count, snippet.components(separatedBy: "</mark>").count)
        }
        let custom = items(try search("시트", "&lang=ko&mark_start=%5B&mark_end=%5D"))
        XCTAssertTrue(custom.contains { ($0["snippet"] as? String ?? "").contains("[시트]") })
    }

    /// A hit the index found through porter's stem (apply finds "applies") is marked there, and
    /// says which locale matched: the highlighter's lighter stemmer had apply → app, giving → giv.
    func testHitsFoundThroughTheStemAreMarked() throws {
        for (query, form) in [("apply", "applies"), ("give", "giving"), ("move", "moving"), ("take", "taking")] {
            let hits = items(try search(query, "&typos=false&match=all&limit=50"))
            XCTAssertFalse(hits.isEmpty, query)
            let marked = hits.filter { ($0["snippet"] as? String ?? "").lowercased().contains("<mark>\(form)</mark>") }
            XCTAssertFalse(marked.isEmpty, "\(query): \(hits.compactMap { $0["snippet"] as? String })")
            for hit in hits {
                XCTAssertEqual(hit["matched_locales"] as? [String], ["en"], "\(query): \(hit["id"] ?? "")")
            }
        }
    }

    /// A word beside a private-use character (Apple's logo U+F8FF before "Pay") was indexed with
    /// it, while a query cuts words there: it could never be found.
    func testAWordBesideAPrivateUseCharacterIsFound() throws {
        let body = ["id": "sheets.private-use", "topic": "sheets", "section": "overview",
                    "text": "Offer \u{F8FF}Pay as a checkout option, and show the \u{E000}flibbet badge\u{F0000}zorblat."]
        let created = try server.send("POST", "/v1/guidelines", String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self))
        XCTAssertEqual(created.status, 201, created.text)
        for word in ["Pay", "flibbet", "zorblat", "\u{F8FF}Pay"] {
            let result = try search(word, "&typos=false&match=all")
            XCTAssertEqual(items(result).compactMap { $0["id"] as? String }, ["sheets.private-use"], word)
        }
        let snippet = try XCTUnwrap(items(try search("flibbet")).first?["snippet"] as? String)
        XCTAssertTrue(snippet.contains("\u{E000}<mark>flibbet</mark>"), snippet)
    }

    /// The page asks for U+E000 and U+E001 as markers: a text holding those characters itself
    /// made the page mark words no search matched (and an unclosed one marked the rest).
    func testATextsOwnMarkersAreNotTakenForTheSearchs() throws {
        let body = ["id": "sheets.forged-marks", "topic": "sheets", "section": "overview",
                    "text": "A zibbet sheet with \u{E000}forged\u{E001} marks and an \u{E000}unclosed one."]
        let created = try server.send("POST", "/v1/guidelines", String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self))
        XCTAssertEqual(created.status, 201, created.text)
        let hit = try XCTUnwrap(items(try search("zibbet", "&mark_start=%EE%80%80&mark_end=%EE%80%81")).first)
        XCTAssertEqual(hit["snippet"] as? String, "A \u{E000}zibbet\u{E001} sheet with \u{FFFD}forged\u{FFFD} marks and an \u{FFFD}unclosed one.")
        let stored = try server.get("/v1/guidelines/sheets.forged-marks").jsonObject()
        XCTAssertEqual(stored["text"] as? String, "A zibbet sheet with \u{E000}forged\u{E001} marks and an \u{E000}unclosed one.", "the text itself is kept")
    }

    func testOneSyllableKoreanQueriesFindWords() throws {
        let result = try search("앱", "&lang=ko")
        XCTAssertGreaterThan(result["total"] as? Int ?? 0, 0, "a one-syllable query is never a silent empty result")
    }

    /// Every hit shows its own topic's title and its own section's title in the display language,
    /// and a topic's hit its summary: the texts of a page are read per text table for all its hits
    /// at once, so two topics whose records share the query must not swap theirs.
    func testEachHitShowsItsOwnTopicAndSectionTitlesInTheDisplayLanguage() throws {
        var lines: [String] = []
        for n in 1...2 {
            lines.append(#"{"kind":"topic","slug":"zebra-\#(n)","category":"views","title":{"en":"Zebra Topic \#(n)","ko":"얼룩말 주제 \#(n)"},"#
                + #""summary":{"en":"Zebrawood summary \#(n).","ko":"얼룩말나무 요약 \#(n)."},"#
                + #""sections":[{"key":"s\#(n)","title":{"en":"Zebrawood Section \#(n)","ko":"얼룩말나무 구역 \#(n)"},"#
                + #""guidelines":[{"id":"zebra-\#(n).g","text":{"en":"Zebrawood guideline \#(n).","ko":"얼룩말나무 지침 \#(n)."}}]}]}"#)
        }
        let job = try server.submitJob(Array((lines.joined(separator: "\n") + "\n").utf8), query: "format=ndjson")
        XCTAssertEqual(try server.followJob(job).last?["status"] as? String, "succeeded")

        for (lang, query, topicTitle, sectionTitle, summary) in [("en", "zebrawood", "Zebra Topic", "Zebrawood Section", "Zebrawood summary"),
                                                                 ("ko", "얼룩말나무", "얼룩말 주제", "얼룩말나무 구역", "얼룩말나무 요약")] {
            let hits = items(try search(query, "&lang=\(lang)&limit=20"))
            XCTAssertEqual(hits.count, 6, "\(lang): a topic, a section and a guideline in each of two topics: \(hits)")
            for hit in hits {
                let topic = try XCTUnwrap(hit["topic"] as? String)
                let n = try XCTUnwrap(topic.split(separator: "-").last.map(String.init))
                XCTAssertEqual(hit["title"] as? String, "\(topicTitle) \(n)", "\(lang) \(hit)")
                switch hit["kind"] as? String {
                case "topic":
                    XCTAssertNil(hit["section_title"], "\(lang) \(hit)")
                    XCTAssertEqual((hit["snippet"] as? String)?.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: ""),
                                   "\(summary) \(n).", "\(lang) \(hit)")
                case "section", "guideline":
                    XCTAssertEqual(hit["section_title"] as? String, "\(sectionTitle) \(n)", "\(lang) \(hit)")
                default:
                    XCTFail("\(lang): an unexpected kind: \(hit)")
                }
            }
        }
    }

    /// A reader keeps the texts its hits showed between searches (`KeptHitTexts`): a guideline's
    /// text, a title or a summary edited in between is shown as it is now, on the next search of
    /// the same words.
    func testHitsShowTextsAsEditedBetweenTwoSearches() throws {
        let line = #"{"kind":"topic","slug":"quagga","category":"views","title":{"en":"Quagga Topic","ko":"콰가 주제"},"#
            + #""summary":{"en":"Zebrawood summary.","ko":"얼룩말나무 요약."},"#
            + #""sections":[{"key":"s","title":{"en":"Zebrawood Section","ko":"얼룩말나무 구역"},"#
            + #""guidelines":[{"id":"quagga.g","text":{"en":"Zebrawood guideline.","ko":"얼룩말나무 지침."}}]}]}"#
        let job = try server.submitJob(Array((line + "\n").utf8), query: "format=ndjson")
        XCTAssertEqual(try server.followJob(job).last?["status"] as? String, "succeeded")
        func shown() throws -> [String: [String: String]] {
            var byKind: [String: [String: String]] = [:]
            for hit in items(try search("zebrawood", "&limit=20")) {
                let snippet = (hit["snippet"] as? String ?? "").replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
                byKind[hit["kind"] as? String ?? "?"] = ["title": hit["title"] as? String ?? "", "section_title": hit["section_title"] as? String ?? "",
                                                        "snippet": snippet]
            }
            return byKind
        }
        let before = try shown()
        XCTAssertEqual(before["guideline"]?["title"], "Quagga Topic")
        XCTAssertEqual(before["guideline"]?["section_title"], "Zebrawood Section")
        XCTAssertEqual(before["topic"]?["snippet"], "Zebrawood summary.")
        XCTAssertEqual(before["guideline"]?["snippet"], "Zebrawood guideline.")

        let topic = try server.send("PATCH", "/v1/topics/quagga", #"{"title": "Quagga Renamed", "summary": "Zebrawood digest."}"#)
        XCTAssertEqual(topic.status, 200, topic.text)
        let section = try server.send("PATCH", "/v1/topics/quagga/sections/s", #"{"title": "Zebrawood Quarters"}"#)
        XCTAssertEqual(section.status, 200, section.text)
        let guideline = try server.send("PATCH", "/v1/guidelines/quagga.g", #"{"text": "Zebrawood rule, edited."}"#)
        XCTAssertEqual(guideline.status, 200, guideline.text)

        let after = try shown()
        for kind in ["topic", "section", "guideline"] { XCTAssertEqual(after[kind]?["title"], "Quagga Renamed", "\(kind): \(after)") }
        XCTAssertEqual(after["guideline"]?["section_title"], "Zebrawood Quarters", "\(after)")
        XCTAssertEqual(after["section"]?["section_title"], "Zebrawood Quarters", "\(after)")
        XCTAssertEqual(after["topic"]?["snippet"], "Zebrawood digest.", "\(after)")
        XCTAssertEqual(after["guideline"]?["snippet"], "Zebrawood rule, edited.", "\(after)")
    }

    func testFacetsAndTotalsAgree() throws {
        let result = try search("indicator")
        let facets = try XCTUnwrap(result["facets"] as? [String: Any])
        let topics = try XCTUnwrap(facets["topics"] as? [[String: Any]])
        XCTAssertEqual(topics.reduce(0) { $0 + ($1["count"] as? Int ?? 0) }, result["total"] as? Int)
        XCTAssertEqual(facets["exact"] as? Bool, true)
        let filtered = try search("indicator", "&topic=refresh-content-controls")
        XCTAssertTrue(items(filtered).allSatisfy { ($0["topic"] as? String) == "refresh-content-controls" })
    }

    func testPagesFollowTheNextCursorWithoutRepeats() throws {
        var seen: [String] = []
        var target: String? = "/v1/search?q=\(QueryText.encode("indicator"))&limit=2"
        while let next = target {
            let page = try server.get(next).jsonObject()
            seen += items(page).compactMap { $0["id"] as? String }
            target = (page["next"] as? String).map { "/v1/search?q=\(QueryText.encode("indicator"))&limit=2&cursor=\($0)" }
        }
        XCTAssertEqual(seen.count, Set(seen).count)
        XCTAssertEqual(seen.count, try search("indicator")["total"] as? Int)
    }

    func testBadQueriesAreClear400s() throws {
        for target in ["/v1/search", "/v1/search?q=", "/v1/search?q=%20%20", "/v1/search?q=\(String(repeating: "a", count: 501))",
                       "/v1/search?q=-sheet", "/v1/search?q=%22%22", "/v1/search?q=sheet&limit=0", "/v1/search?q=sheet&cursor=bogus",
                       "/v1/search?q=sheet&topic=nope", "/v1/search?q=sheet&mark_start=\(String(repeating: "x", count: 40))"] {
            let response = try server.get(target)
            XCTAssertEqual(response.status, 400, "\(target): \(response.text)")
            XCTAssertEqual(response.header("Content-Type"), "application/problem+json; charset=utf-8")
            XCTAssertNotNil(try response.jsonObject()["parameter"] as? String, target)
        }
    }

    /// Arbitrary text — FTS5 syntax, control characters, broken percent-encoding, 10 KB strings —
    /// never produces a 5xx.
    func testArbitraryInputNeverCausesAServerError() throws {
        var random = SystemRandomNumberGenerator()
        let fragments = ["\"", "(", ")", "*", "^", ":", "NEAR", "NEAR(", "AND", "OR", "NOT", "-", "{", "}", "title:", "body_cjk:",
                         "'", "\\", "%", "%ZZ", "%00", "%FF%FE", "%E3%81", "+", "시트", "진행률을", "a", "🙂", "\u{0}", "\t", ";", "--",
                         "/*", "col:sheet", "rank", "bm25(", ",", "[", "]", "#", "&", "="]
        let client = try server.client(timeoutSeconds: 10)
        defer { client.close() }
        for round in 0..<300 {
            var query = ""
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                query += fragments.randomElement(using: &random)!
                if Bool.random(using: &random) { query += " " }
            }
            // Sent raw: invalid percent-encoding and control characters reach the server as they are.
            let raw = query.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "\t", with: "%09")
                .replacingOccurrences(of: "\u{0}", with: "%00").replacingOccurrences(of: "#", with: "%23").replacingOccurrences(of: "&", with: "%26")
            let response = try client.request("GET", "/v1/search?q=\(raw)")
            XCTAssertLessThan(response.status, 500, "round \(round): q=\(raw) → \(response.status) \(response.text)")
        }
        for size in [1_000, 10_240] {
            let long = String(repeating: "시트 progress ", count: size / 12)
            XCTAssertLessThan(try server.get("/v1/search?q=\(QueryText.encode(long))").status, 500)
        }
    }

    /// Writes the topic `zy-topic` with one guideline: English "A zyxwvut guideline." and `korean`.
    private func writeZyTopic(korean: String) throws {
        try server.store.write { writer in
            try writer.upsertCategory(BundleCategory(slug: "test", title: ["en": "Test"]))
            _ = try writer.upsertTopic(BundleTopic(slug: "zy-topic", category: "test", title: ["en": "Zy Topic"], summary: [:], sections: [
                BundleSection(key: "overview", title: [:], guidelines: [
                    BundleGuideline(id: "zy-topic.one", text: ["en": "A zyxwvut guideline.", "ko": korean]),
                ]),
            ]), mode: .merge)
        }
    }

    func testTheIndexFollowsEveryWriteInTheSameTransaction() throws {
        XCTAssertEqual(try search("zyxwvut")["total"] as? Int, 0)
        try writeZyTopic(korean: "가나다라마바 지침입니다.")
        XCTAssertEqual(try search("zyxwvut")["total"] as? Int, 1)
        XCTAssertEqual(try search("가나다라")["total"] as? Int, 1)
        // Replacing the topic without the guideline removes it from the index too.
        try server.store.write { writer in
            _ = try writer.upsertTopic(BundleTopic(slug: "zy-topic", category: "test", title: ["en": "Zy Topic"], summary: [:], sections: []),
                                       mode: .replace)
        }
        XCTAssertEqual(try search("zyxwvut")["total"] as? Int, 0)
        // A rebuild gives the same answers.
        let before = try search("indicator")["total"] as? Int
        try server.store.rebuildSearchIndex()
        XCTAssertEqual(try search("indicator")["total"] as? Int, before)
    }
}

/// A line of the relevance fixture that is not `query<TAB>topic[<TAB>noun]`.
struct FixtureError: Error {
    let line: String
}

/// Percent-encoding for query values in test requests.
enum QueryText {
    static func encode(_ text: String) -> String {
        // ASCII letters and digits only: Hangul is sent percent-encoded, as browsers and curl do.
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
