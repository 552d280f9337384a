import Foundation
import GuidebookText

/// A user's search text turned into phrases FTS5 can match safely and a condition combining them.
///
/// Users write words, "quoted phrases", `prefix*`, `-excluded` words and `OR` between words; every
/// other character (FTS5's own syntax included: parentheses, `:`, `^`, `NEAR`, column names) is
/// just text. Each phrase is built only from one quoted token list, a column filter of the
/// service's choosing and at most a prefix star, so no input can produce an FTS5 syntax error or
/// search a column it should not.
public struct SearchQuery: Sendable, Equatable {
    /// FTS5 expressions of one phrase each, e.g. `"sheet"` or `"시트 트를"`. Distinct. Latin words and CJK
    /// bigrams never share a token, so a phrase needs no column filter (see Migrations/0010_text_once.sql).
    public let phrases: [String]
    /// Which rows match, over `phrases`.
    public let condition: SearchCondition
    /// Words to highlight in snippets.
    public let highlights: [HighlightTerm]
    /// The text searched: the user's, with control characters made spaces. Suggestions rewrite it.
    public let text: String
    /// The query's plain words (not quoted, prefixed or excluded), in order: those a suggestion may replace.
    public let words: [Word]
    /// What the query searches for, as written and in order: its words, phrases and prefixes (not
    /// its exclusions).
    public let terms: [Term]
    /// The last word when it may be half-typed (search as you type): a plain word — not quoted,
    /// not `prefix*`, not excluded — with nothing after it, not even a space. The engine searches it
    /// with its completions from the vocabulary (`completing`); nil otherwise.
    public let lastWord: TypedWord?
    /// The words made only of Hangul consonants, at least two (ㅅㅌㅍ): initials (초성) the engine
    /// searches as the Korean words they start (`SearchVocabulary.initialsMatches`, `expanding`).
    public let initialsWords: [TypedWord]

    /// A word the engine may search with more forms than it has as written (the half-typed last
    /// word, a word of initials), and what finds it as written.
    public struct TypedWord: Sendable, Equatable {
        /// The word as typed, lower case: a Latin-script word or one run of Hangul (`indicat`, `진행ㄹ`).
        public let text: String
        /// True for a Hangul run.
        public let isCJK: Bool
        /// The condition that finds the word as written (its phrases): completions join it.
        let part: SearchCondition
    }

    /// Most completions of a half-typed last word searched (the most frequent).
    public static let maxCompletions = 8

    /// One thing a query searches for, as the user wrote it.
    public struct Term: Sendable, Equatable {
        /// The term as written: `sheet`, `시트를`, `"dark mode"`, `prog*`.
        public let text: String
        /// Where the term is in the query's `text`.
        public let range: Range<String.Index>
        /// True for a plain word — not quoted, not a prefix, not joined to another by `OR` — which
        /// `droppingLastWord` may drop.
        public let isDroppable: Bool
    }

    /// A plain word of the query and the phrases that find it.
    public struct Word: Sendable, Equatable {
        /// Where the word is in `text`: a Latin-script word or a run of CJK characters.
        public let range: Range<String.Index>
        /// True for a run of CJK characters (Hangul), false for a Latin-script word.
        public let isCJK: Bool
        /// Indexes into `phrases` of the word's phrases (its exact form, and its noun without a
        /// particle): the index does not know the word when none of them has a row.
        public let phrases: [Int]
    }

    /// Most characters a query may have.
    public static let maxLength = 500
    /// Most terms a query may have.
    public static let maxTerms = 32

    /// One thing to mark in a snippet.
    public enum HighlightTerm: Sendable, Equatable {
        /// A Latin-script word; `prefix` when it was written `word*`.
        case word(String, prefix: Bool)
        /// A run of CJK text, marked wherever it occurs as a substring.
        case cjk(String)
    }

    /// Why a query cannot be run.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case tooLong(Int)
        case tooManyTerms(Int)
        case nothingSearchable
        case onlyExclusions

        public var description: String {
            switch self {
            case .empty: return "q is empty; give one or more words to search for"
            case .tooLong(let count): return "q is \(count) characters long; the limit is \(SearchQuery.maxLength)"
            case .tooManyTerms(let count): return "q has \(count) terms; the limit is \(SearchQuery.maxTerms)"
            case .nothingSearchable: return "q has no searchable words (letters, digits or Hangul)"
            case .onlyExclusions: return "q only excludes words (-word); add a word to search for"
            }
        }
    }

    private struct Token {
        var text: String
        /// The whole token as written: with its quotes, `-` and `*`.
        var token: Range<String.Index>
        /// Where the term's text is in the query (for a word, not a quoted phrase).
        var range: Range<String.Index>? = nil
        var isPhrase = false
        var isNegated = false
        var isPrefix = false
        var orWithPrevious = false
    }

    /// Parses user text. Throws `Failure` for input that cannot become a query.
    public static func parse(_ raw: String) throws -> SearchQuery {
        // Control characters (general category Cc: U+0000-001F, U+007F-009F) become spaces.
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        let controlFree = raw.unicodeScalars.contains(where: isControl) ? String(raw.unicodeScalars.map { isControl($0) ? " " : Character($0) }) : raw
        let text = TextNormalization.query(controlFree)  // NFC, fullwidth folded, zero-width characters out
        guard !text.allSatisfy({ $0.isWhitespace }) else { throw Failure.empty }
        guard text.count <= maxLength else { throw Failure.tooLong(text.count) }

        let terms = try lex(text)
        var phrases: [String] = []
        func index(of expression: String) -> Int {
            if let index = phrases.firstIndex(of: expression) { return index }
            phrases.append(expression)
            return phrases.count - 1
        }
        func leaf(_ expression: String) -> SearchCondition { .phrase(index(of: expression)) }
        var positives: [(condition: SearchCondition, orWithPrevious: Bool, term: Token)] = []
        var negatives: [SearchCondition] = []
        var highlights: [HighlightTerm] = []
        var plainWords: [String] = []
        var plainOnly = true
        var words: [Word] = []
        var lastWord: TypedWord?
        var initialsWords: [TypedWord] = []

        for (termIndex, term) in terms.enumerated() {
            guard let compiled = compile(term, in: text) else { continue }
            // A part matches when any of its forms does (a Korean word, or its noun without the particle).
            let partPhrases = compiled.parts.map { $0.map(index(of:)) }
            let parts = partPhrases.map { $0.count == 1 ? SearchCondition.phrase($0[0]) : .any($0.map(SearchCondition.phrase)) }
            let condition = parts.count == 1 ? parts[0] : .all(parts)
            if termIndex == terms.count - 1, !term.isPhrase, !term.isNegated, !term.isPrefix, term.token.upperBound == text.endIndex,
               let last = compiled.lastPiece, let part = parts.last {
                lastWord = TypedWord(text: last.text, isCJK: last.isCJK, part: part)
            }
            if !term.isPhrase, !term.isNegated, !term.isPrefix, let piece = compiled.lastPiece, piece.isCJK,
               SearchVocabulary.initials(of: piece.text) != nil, let part = parts.last {
                initialsWords.append(TypedWord(text: piece.text, isCJK: true, part: part))
            }
            if term.isNegated {
                negatives.append(condition)
                plainOnly = false
                continue
            }
            highlights.append(contentsOf: compiled.highlights)
            if term.isPhrase || term.isPrefix || term.orWithPrevious || compiled.plainWords == nil { plainOnly = false }
            plainWords.append(contentsOf: compiled.plainWords ?? [])
            positives.append((condition, term.orWithPrevious, term))
            for word in compiled.words {
                words.append(Word(range: word.range, isCJK: word.isCJK, phrases: partPhrases[word.part]))
            }
        }
        guard !positives.isEmpty else {
            throw negatives.isEmpty ? Failure.nothingSearchable : Failure.onlyExclusions
        }

        // Words joined by OR form a group; groups are all required.
        var groups: [[SearchCondition]] = []
        for positive in positives {
            if positive.orWithPrevious, !groups.isEmpty { groups[groups.count - 1].append(positive.condition) } else { groups.append([positive.condition]) }
        }
        let required = groups.map { $0.count == 1 ? $0[0] : .any($0) }
        var condition = required.count == 1 ? required[0] : .all(required)
        // Plain English words: the same matches, but rows holding them as an exact phrase score higher.
        if plainOnly && plainWords.count >= 2 && plainWords.count == positives.count {
            condition = .any([leaf("\"\(plainWords.joined(separator: " "))\""), condition])
        }
        for negative in negatives { condition = .excluding(condition, negative) }
        let searched = positives.indices.map { index -> Term in
            let token = positives[index].term
            let inGroup = token.orWithPrevious || (index + 1 < positives.count && positives[index + 1].orWithPrevious)
            return Term(text: String(text[token.token]), range: token.token, isDroppable: !token.isPhrase && !token.isPrefix && !inGroup)
        }
        return SearchQuery(phrases: phrases, condition: condition, highlights: highlights, text: text, words: words, terms: searched,
                           lastWord: lastWord, initialsWords: initialsWords)
    }

    /// The query with its half-typed last word also matching `forms` (its completions: English
    /// words, or Korean runs as long as the typed text): a row matches the word when it holds the
    /// word as written or any of the forms. The highlights mark the forms (English: every word
    /// starting with what was typed).
    public func completing(_ forms: [String]) -> SearchQuery {
        guard let lastWord else { return self }
        return expanding(lastWord, with: forms)
    }

    /// The query with `word` (its `lastWord` or one of its `initialsWords`) also matching `forms`;
    /// without `keepingWritten` (the word as written matches nothing), matching `forms` alone.
    public func expanding(_ lastWord: TypedWord, with forms: [String], keepingWritten: Bool = true) -> SearchQuery {
        guard !forms.isEmpty else { return self }
        var phrases = self.phrases
        var added: [SearchCondition] = []
        var highlights = self.highlights
        for form in forms {
            let expression: String
            if lastWord.isCJK {
                let scalars = Array(form.unicodeScalars)
                expression = Self.cjkExpression(TextSegmenter.bigrams(scalars), singleSyllable: scalars.count == 1)
                highlights.append(.cjk(form))
            } else {
                expression = "\"\(form)\""
            }
            let index = phrases.firstIndex(of: expression) ?? phrases.count
            if index == phrases.count { phrases.append(expression) }
            added.append(.phrase(index))
        }
        if !lastWord.isCJK, let position = highlights.lastIndex(of: .word(lastWord.text, prefix: false)) {
            highlights[position] = .word(lastWord.text, prefix: true)
        }
        let asWritten: [SearchCondition]
        if case .any(let forms) = lastWord.part { asWritten = forms } else { asWritten = [lastWord.part] }
        let alternatives = keepingWritten ? asWritten + added : added
        let completed = alternatives.count == 1 ? alternatives[0] : SearchCondition.any(alternatives)
        let ownPhrases = lastWord.part.scoringPhrases
        let words = self.words.map { word in
            Set(word.phrases) == ownPhrases ? Word(range: word.range, isCJK: word.isCJK, phrases: word.phrases + added.compactMap {
                if case .phrase(let index) = $0 { return index } else { return nil }
            }) : word
        }
        return SearchQuery(phrases: phrases, condition: condition.replacing(lastWord.part, with: completed), highlights: highlights,
                           text: text, words: words, terms: terms, lastWord: self.lastWord, initialsWords: initialsWords)
    }

    /// The query without its last droppable word (a plain word: never a phrase, a prefix, an
    /// exclusion or a word joined by `OR`), and that word; nil when no such word is left or it is
    /// the only term left. The shorter query is parsed again from the text without the word, so it
    /// is exactly the query a user typing that text would search.
    public func droppingLastWord() -> (query: SearchQuery, dropped: Term)? {
        guard terms.count > 1, let last = terms.last(where: \.isDroppable) else { return nil }
        let shorter = String(text[..<last.range.lowerBound]) + String(text[last.range.upperBound...])
        guard let query = try? SearchQuery.parse(shorter) else { return nil }
        return (query, last)
    }

    /// `text` with some of its words replaced: `replacements` maps indexes into `words` to new text.
    public func rewriting(_ replacements: [Int: String]) -> String {
        var result = ""
        var position = text.startIndex
        for (index, replacement) in replacements.sorted(by: { words[$0.key].range.lowerBound < words[$1.key].range.lowerBound }) {
            result += text[position..<words[index].range.lowerBound]
            result += replacement
            position = words[index].range.upperBound
        }
        result += text[position...]
        return result
    }

    /// Splits user text into terms: words, "phrases", -negations, OR connectors, prefix stars.
    private static func lex(_ text: String) throws -> [Token] {
        var terms: [Token] = []
        var pendingOr = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
                continue
            }
            var negated = false
            var start = index
            if character == "-" {
                let next = text.index(after: index)
                if next < text.endIndex, !text[next].isWhitespace {
                    negated = true
                    start = next
                }
            }
            if start < text.endIndex, text[start] == "\"" {
                let contentStart = text.index(after: start)
                let close = text[contentStart...].firstIndex(of: "\"") ?? text.endIndex
                index = close < text.endIndex ? text.index(after: close) : close
                terms.append(Token(text: String(text[contentStart..<close]), token: start..<index, isPhrase: true, isNegated: negated,
                                   orWithPrevious: pendingOr && !negated))
                pendingOr = false
                continue
            }
            let end = text[start...].firstIndex(where: { $0.isWhitespace }) ?? text.endIndex
            var word = String(text[start..<end])
            index = end
            if word == "OR" && !negated {
                if !terms.isEmpty { pendingOr = true }
                continue
            }
            var prefix = false
            if word.hasSuffix("*") {
                word = String(word.drop(while: { $0 == "*" }).reversed().drop(while: { $0 == "*" }).reversed())
                prefix = !word.isEmpty
            }
            terms.append(Token(text: word, token: start..<end, range: start..<end, isNegated: negated, isPrefix: prefix, orWithPrevious: pendingOr && !negated))
            pendingOr = false
        }
        guard terms.count <= maxTerms else { throw Failure.tooManyTerms(terms.count) }
        return terms
    }

    /// What one term requires and shows.
    private struct Compiled {
        /// Parts that are all required; each part is its FTS5 expressions, any of which matches
        /// (one, or a Korean word's exact form first and its noun without the particle after).
        var parts: [[String]] = []
        var highlights: [HighlightTerm] = []
        /// The term's words when it is a plain Latin-only word (for the phrase boost).
        var plainWords: [String]?
        /// The term's words a suggestion may replace, each with the index of its part.
        var words: [(range: Range<String.Index>, isCJK: Bool, part: Int)] = []
        /// The term's last piece when the term is one Latin word or one Hangul run (the last part).
        var lastPiece: (text: String, isCJK: Bool)?
    }

    /// One term as the parts it requires, its highlight terms and words. Nil when the term has
    /// nothing searchable.
    private static func compile(_ term: Token, in text: String) -> Compiled? {
        let words = TextSegmenter.latinWords(term.text)
        let runs = TextSegmenter.cjkRuns(term.text)
        var compiled = Compiled()

        if term.isPhrase {
            if !words.isEmpty {
                compiled.parts.append(["\"\(words.joined(separator: " "))\""])
                compiled.highlights += words.map { .word($0, prefix: false) }
            }
            let bigrams = runs.flatMap(\.bigrams)
            if !bigrams.isEmpty {
                compiled.parts.append([cjkExpression(bigrams, singleSyllable: runs.count == 1 && runs[0].text.unicodeScalars.count == 1)])
                compiled.highlights += runs.map { .cjk($0.text) }
            }
        } else {
            for (offset, word) in words.enumerated() {
                let isLast = offset == words.count - 1 && runs.isEmpty
                let star = term.isPrefix && isLast ? " *" : ""
                compiled.parts.append(["\"\(word)\"\(star)"])
                compiled.highlights.append(.word(word, prefix: term.isPrefix && isLast))
            }
            for run in runs {
                var forms = [cjkExpression(run.bigrams, singleSyllable: run.text.unicodeScalars.count == 1)]
                compiled.highlights.append(.cjk(run.text))
                // A Korean word with a particle also finds its noun alone (시트를 finds 시트가).
                if !term.isPrefix, let noun = KoreanParticles.split(run.text)?.stem, let nounRun = TextSegmenter.cjkRuns(noun).first {
                    forms.append(cjkExpression(nounRun.bigrams, singleSyllable: noun.unicodeScalars.count == 1))
                    compiled.highlights.append(.cjk(noun))
                }
                compiled.parts.append(forms)
            }
            if !term.isPrefix && !term.isNegated, let range = term.range {
                // The same pieces as `words` then `runs`, so part numbers follow.
                let ranges = TextSegmenter.wordRanges(text[range])
                if ranges.latin.count == words.count && ranges.cjk.count == runs.count {
                    compiled.words = ranges.latin.enumerated().map { ($1, false, $0) } + ranges.cjk.enumerated().map { ($1, true, words.count + $0) }
                }
            }
        }
        guard !compiled.parts.isEmpty else { return nil }
        if !term.isPhrase, words.count + runs.count == 1 {
            compiled.lastPiece = runs.isEmpty ? (words[0], false) : (runs[0].text, true)
        }
        compiled.plainWords = !term.isPhrase && runs.isEmpty && words.count == 1 ? words : nil
        return compiled
    }

    /// Bigrams as a phrase. A single syllable cannot make a bigram: it is
    /// searched as a prefix, which finds it at the start of a word (where Korean nouns stand,
    /// before their particles) and as a word of its own.
    private static func cjkExpression(_ bigrams: [String], singleSyllable: Bool) -> String {
        if singleSyllable { return "\"\(bigrams[0])\" *" }
        return "\"\(bigrams.joined(separator: " "))\""
    }
}
