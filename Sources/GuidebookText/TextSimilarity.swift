/// How alike two English texts are, as the translation memory measures it: a **token-level edit
/// ratio on stemmed words**. Each text becomes its Latin-script words, lower-cased and stemmed
/// (`EnglishStemmer`); the similarity is `100 × (1 − d / n)`, rounded down, where `d` is the
/// fewest words inserted, deleted or replaced to turn one list into the other (Levenshtein over
/// words) and `n` the longer list's length. Identical texts are 100; "Show a progress bar." and
/// "Show a progress indicator." are 75 (one word of four replaced). Punctuation, case and
/// inflection (indicator, indicators) do not count.
///
/// Along with the number come the words that differ, from one cheapest alignment: the words of the
/// text looked up that the other has not at their place (`missing`), and the other's words it does
/// not have (`extra`), as written.
public struct TextSimilarity: Sendable, Equatable {
    /// One word of a text: as written (lower case) and its stem.
    public struct Word: Sendable, Equatable {
        public var text: String
        public var stem: String
    }

    /// 0 to 100.
    public let percent: Int
    /// Words of the first text that the second does not have at their place.
    public let missing: [String]
    /// Words of the second text that the first does not have.
    public let extra: [String]

    /// The words of `text` (its Latin-script words; Hangul and other CJK runs are left out).
    public static func words(of text: String) -> [Word] {
        TextSegmenter.latinWords(text).map { Word(text: $0, stem: EnglishStemmer.stem($0)) }
    }

    /// The similarity of `text` to `other`, or nil when it is below `minimum` percent (found
    /// without the full comparison when the lengths alone rule it out).
    public init?(_ text: [Word], _ other: [Word], minimum: Int = 0) {
        let longer = max(text.count, other.count)
        guard longer > 0 else {
            (percent, missing, extra) = (100, [], [])
            return
        }
        // At most this many edits keep the similarity at `minimum` or more.
        let allowed = (longer * (100 - minimum)) / 100
        guard abs(text.count - other.count) <= allowed else { return nil }
        guard let (distance, missing, extra) = Self.align(text, other, within: allowed) else { return nil }
        let percent = (100 * (longer - distance)) / longer
        guard percent >= minimum else { return nil }
        (self.percent, self.missing, self.extra) = (percent, missing, extra)
    }

    /// The edit distance of the two word lists and the words an alignment of that cost leaves
    /// unmatched; nil when it is over `limit`. Only cells within `limit` of the diagonal are
    /// worked out (beyond them the cost is over the limit anyway).
    private static func align(_ a: [Word], _ b: [Word], within limit: Int) -> (Int, [String], [String])? {
        let rows = a.count, columns = b.count
        let over = limit + 1
        // cost[i][j]: edits turning a[..<i] into b[..<j]; `over` stands for anything beyond the limit.
        var cost = [[Int]](repeating: [Int](repeating: over, count: columns + 1), count: rows + 1)
        for j in 0...min(columns, limit) { cost[0][j] = j }
        if rows > 0 {
            for i in 1...rows {
                if i <= limit { cost[i][0] = i }
                let low = max(1, i - limit), high = min(columns, i + limit)
                guard low <= high else { continue }
                for j in low...high {
                    let replace = cost[i - 1][j - 1] + (a[i - 1].stem == b[j - 1].stem ? 0 : 1)
                    cost[i][j] = min(over, replace, cost[i - 1][j] + 1, cost[i][j - 1] + 1)
                }
            }
        }
        let distance = cost[rows][columns]
        guard distance <= limit else { return nil }
        // Walk back along one cheapest path.
        var missing: [String] = [], extra: [String] = []
        var i = rows, j = columns
        while i > 0 || j > 0 {
            if i > 0, j > 0, a[i - 1].stem == b[j - 1].stem, cost[i][j] == cost[i - 1][j - 1] {
                i -= 1; j -= 1
            } else if i > 0, j > 0, cost[i][j] == cost[i - 1][j - 1] + 1 {
                missing.append(a[i - 1].text); extra.append(b[j - 1].text)
                i -= 1; j -= 1
            } else if i > 0, cost[i][j] == cost[i - 1][j] + 1 {
                missing.append(a[i - 1].text)
                i -= 1
            } else {
                extra.append(b[j - 1].text)
                j -= 1
            }
        }
        return (distance, missing.reversed(), extra.reversed())
    }
}
