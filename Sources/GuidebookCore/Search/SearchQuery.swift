/// A user's search text turned into phrases FTS5 can match safely and a condition combining them.
///
/// Users write words, "quoted phrases", `prefix*`, `-excluded` words and `OR` between words; every
/// other character (FTS5's own syntax included: parentheses, `:`, `^`, `NEAR`, column names) is
/// just text. Each phrase is built only from one quoted token list, a column filter of the
/// service's choosing and at most a prefix star, so no input can produce an FTS5 syntax error or
/// search a column it should not.
public struct SearchQuery: Sendable, Equatable {
    /// FTS5 expressions of one phrase each, e.g. `{title body} : "sheet"`. Distinct.
    public let phrases: [String]
    /// Which rows match, over `phrases`.
    public let condition: SearchCondition
    /// Words to highlight in snippets.
    public let highlights: [HighlightTerm]

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

    private struct Term {
        var text: String
        var isPhrase = false
        var isNegated = false
        var isPrefix = false
        var orWithPrevious = false
    }

    /// Parses user text. Throws `Failure` for input that cannot become a query.
    public static func parse(_ raw: String) throws -> SearchQuery {
        let text = String(raw.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        guard !text.allSatisfy({ $0.isWhitespace }) else { throw Failure.empty }
        guard text.count <= maxLength else { throw Failure.tooLong(text.count) }

        let terms = try lex(text)
        var phrases: [String] = []
        func leaf(_ expression: String) -> SearchCondition {
            if let index = phrases.firstIndex(of: expression) { return .phrase(index) }
            phrases.append(expression)
            return .phrase(phrases.count - 1)
        }
        var positives: [(condition: SearchCondition, orWithPrevious: Bool)] = []
        var negatives: [SearchCondition] = []
        var highlights: [HighlightTerm] = []
        var plainWords: [String] = []
        var plainOnly = true

        for term in terms {
            guard let (parts, termHighlights, words) = compile(term) else { continue }
            let condition = parts.count == 1 ? leaf(parts[0]) : .all(parts.map(leaf))
            if term.isNegated {
                negatives.append(condition)
                plainOnly = false
                continue
            }
            highlights.append(contentsOf: termHighlights)
            if term.isPhrase || term.isPrefix || term.orWithPrevious || words == nil { plainOnly = false }
            plainWords.append(contentsOf: words ?? [])
            positives.append((condition, term.orWithPrevious))
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
            condition = .any([leaf("{title body} : \"\(plainWords.joined(separator: " "))\""), condition])
        }
        for negative in negatives { condition = .excluding(condition, negative) }
        return SearchQuery(phrases: phrases, condition: condition, highlights: highlights)
    }

    /// Splits user text into terms: words, "phrases", -negations, OR connectors, prefix stars.
    private static func lex(_ text: String) throws -> [Term] {
        var terms: [Term] = []
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
                terms.append(Term(text: String(text[contentStart..<close]), isPhrase: true, isNegated: negated, orWithPrevious: pendingOr && !negated))
                pendingOr = false
                index = close < text.endIndex ? text.index(after: close) : close
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
            terms.append(Term(text: word, isNegated: negated, isPrefix: prefix, orWithPrevious: pendingOr && !negated))
            pendingOr = false
        }
        guard terms.count <= maxTerms else { throw Failure.tooManyTerms(terms.count) }
        return terms
    }

    /// One term as the phrases it requires (all of them), its highlight terms, and its words when
    /// it is a plain Latin-only word (for the phrase boost). Nil when the term has nothing searchable.
    private static func compile(_ term: Term) -> ([String], [HighlightTerm], [String]?)? {
        let words = TextSegmenter.latinWords(term.text)
        let runs = TextSegmenter.cjkRuns(term.text)
        var parts: [String] = []
        var highlights: [HighlightTerm] = []

        if term.isPhrase {
            if !words.isEmpty {
                parts.append("{title body} : \"\(words.joined(separator: " "))\"")
                highlights += words.map { .word($0, prefix: false) }
            }
            let bigrams = runs.flatMap(\.bigrams)
            if !bigrams.isEmpty {
                parts.append(cjkExpression(bigrams, singleSyllable: runs.count == 1 && runs[0].text.unicodeScalars.count == 1))
                highlights += runs.map { .cjk($0.text) }
            }
        } else {
            for (offset, word) in words.enumerated() {
                let isLast = offset == words.count - 1 && runs.isEmpty
                let star = term.isPrefix && isLast ? " *" : ""
                parts.append("{title body} : \"\(word)\"\(star)")
                highlights.append(.word(word, prefix: term.isPrefix && isLast))
            }
            for run in runs {
                parts.append(cjkExpression(run.bigrams, singleSyllable: run.text.unicodeScalars.count == 1))
                highlights.append(.cjk(run.text))
            }
        }
        guard !parts.isEmpty else { return nil }
        let plain = !term.isPhrase && runs.isEmpty && words.count == 1 ? words : nil
        return (parts, highlights, plain)
    }

    /// Bigrams as a phrase in the CJK columns. A single syllable cannot make a bigram: it is
    /// searched as a prefix, which finds it at the start of a word (where Korean nouns stand,
    /// before their particles) and as a word of its own.
    private static func cjkExpression(_ bigrams: [String], singleSyllable: Bool) -> String {
        if singleSyllable { return "{title_cjk body_cjk} : \"\(bigrams[0])\" *" }
        return "{title_cjk body_cjk} : \"\(bigrams.joined(separator: " "))\""
    }
}
