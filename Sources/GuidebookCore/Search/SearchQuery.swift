/// A user's search text turned into a safe FTS5 expression.
///
/// Users write words, "quoted phrases", `prefix*`, `-excluded` words and `OR` between words; every
/// other character (FTS5's own syntax included: parentheses, `:`, `^`, `NEAR`, column names) is
/// just text. The expression is built only from quoted tokens and the service's own operators,
/// so no input can produce an FTS5 syntax error or search a column it should not.
public struct SearchQuery: Sendable, Equatable {
    /// The FTS5 MATCH expression.
    public let expression: String
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
        var positives: [(expression: String, orWithPrevious: Bool)] = []
        var negatives: [String] = []
        var highlights: [HighlightTerm] = []
        var plainWords: [String] = []
        var plainOnly = true

        for term in terms {
            guard let (expression, termHighlights, words) = compile(term) else { continue }
            if term.isNegated {
                negatives.append(expression)
                plainOnly = false
                continue
            }
            highlights.append(contentsOf: termHighlights)
            if term.isPhrase || term.isPrefix || term.orWithPrevious || words == nil { plainOnly = false }
            plainWords.append(contentsOf: words ?? [])
            positives.append((expression, term.orWithPrevious))
        }
        guard !positives.isEmpty else {
            throw negatives.isEmpty ? Failure.nothingSearchable : Failure.onlyExclusions
        }

        // Words joined by OR form a group; groups are all required.
        var groups: [[String]] = []
        for positive in positives {
            if positive.orWithPrevious, !groups.isEmpty { groups[groups.count - 1].append(positive.expression) } else { groups.append([positive.expression]) }
        }
        var expression = groups.map { $0.count == 1 ? $0[0] : "(" + $0.joined(separator: " OR ") + ")" }.joined(separator: " AND ")
        // Plain English words: the same matches, but rows holding them as an exact phrase score higher.
        if plainOnly && plainWords.count >= 2 && plainWords.count == positives.count {
            expression = "({title body} : \"\(plainWords.joined(separator: " "))\") OR (\(expression))"
        }
        for negative in negatives { expression = "(\(expression)) NOT \(negative)" }
        return SearchQuery(expression: expression, highlights: highlights)
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

    /// One term as an FTS5 expression, its highlight terms, and its words when it is a plain
    /// Latin-only word (for the phrase boost). Nil when the term has nothing searchable.
    private static func compile(_ term: Term) -> (String, [HighlightTerm], [String]?)? {
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
        let expression = parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " AND ") + ")"
        let plain = !term.isPhrase && runs.isEmpty && words.count == 1 ? words : nil
        return (expression, highlights, plain)
    }

    /// Bigrams as a phrase in the CJK columns. A single syllable cannot make a bigram: it is
    /// searched as a prefix, which finds it at the start of a word (where Korean nouns stand,
    /// before their particles) and as a word of its own.
    private static func cjkExpression(_ bigrams: [String], singleSyllable: Bool) -> String {
        if singleSyllable { return "{title_cjk body_cjk} : \"\(bigrams[0])\" *" }
        return "{title_cjk body_cjk} : \"\(bigrams.joined(separator: " "))\""
    }
}
