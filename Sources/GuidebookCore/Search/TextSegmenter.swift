/// Splits text for the search index: CJK runs (Hangul, kana, Han) become overlapping bigrams,
/// everything else stays for the unicode61/porter tokenizer.
///
/// Korean attaches particles to nouns (진행률을, 시트에서), so whole-word tokens miss the noun.
/// Bigrams of each run ("진행률을" -> 진행 행률 률을) let the query 진행률 (진행 행률) match as a
/// phrase inside it. A run of one syllable is kept as a unigram so one-syllable words are indexed.
public enum TextSegmenter {
    /// Bumped whenever segmentation changes, so stored indexes are rebuilt.
    public static let version = "1"

    /// True for Hangul syllables and jamo, kana, and CJK ideographs.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: return true
        case 0x3040...0x30FF, 0x31F0...0x31FF: return true
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF: return true
        default: return false
        }
    }

    /// The text with every CJK run replaced by a space (for the unicode61 columns), and the
    /// CJK runs as space-separated bigrams (for the *_cjk columns).
    public static func split(_ text: String) -> (latin: String, cjk: String) {
        var latin = String.UnicodeScalarView()
        var cjk: [String] = []
        var run: [Unicode.Scalar] = []
        func flush() {
            guard !run.isEmpty else { return }
            cjk.append(contentsOf: bigrams(run))
            run.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                run.append(scalar)
            } else {
                flush()
                latin.append(scalar)
                continue
            }
            if latin.last != " " { latin.append(" ") }
        }
        flush()
        return (String(latin), cjk.joined(separator: " "))
    }

    /// The CJK runs of a query term: each run's text and its bigrams (one unigram for a
    /// one-character run), segmented exactly as `split` segments indexed text.
    public static func cjkRuns(_ text: String) -> [(text: String, bigrams: [String])] {
        var runs: [(text: String, bigrams: [String])] = []
        var run: [Unicode.Scalar] = []
        func flush() {
            guard !run.isEmpty else { return }
            var runText = String.UnicodeScalarView()
            runText.append(contentsOf: run)
            runs.append((String(runText), bigrams(run)))
            run.removeAll()
        }
        for scalar in text.unicodeScalars {
            if isCJK(scalar) { run.append(scalar) } else { flush() }
        }
        flush()
        return runs
    }

    /// The non-CJK words of a query term (letters and digits), lower-cased.
    public static func latinWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isCJK(scalar) && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current).lowercased())
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current).lowercased()) }
        return words
    }

    /// Where the Latin-script words and the CJK runs of a query term are, in order: the same
    /// pieces `latinWords` and `cjkRuns` return, as ranges of the text.
    public static func wordRanges(_ text: Substring) -> (latin: [Range<String.Index>], cjk: [Range<String.Index>]) {
        var latin: [Range<String.Index>] = []
        var cjk: [Range<String.Index>] = []
        var start: String.Index?
        var inCJK = false
        var index = text.startIndex
        for scalar in text.unicodeScalars {
            let isRunCJK = !scalar.isASCII && isCJK(scalar)
            let isWord: Bool
            if scalar.isASCII {
                let value = scalar.value | 0x20
                isWord = (value >= 0x61 && value <= 0x7A) || (scalar.value >= 0x30 && scalar.value <= 0x39)
            } else {
                isWord = isRunCJK || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            }
            if let begun = start, !isWord || isRunCJK != inCJK {
                if inCJK { cjk.append(begun..<index) } else { latin.append(begun..<index) }
                start = nil
            }
            if isWord && start == nil {
                start = index
                inCJK = isRunCJK
            }
            index = text.unicodeScalars.index(after: index)
        }
        if let begun = start {
            if inCJK { cjk.append(begun..<text.endIndex) } else { latin.append(begun..<text.endIndex) }
        }
        return (latin, cjk)
    }

    static func bigrams(_ run: [Unicode.Scalar]) -> [String] {
        if run.count == 1 { return [String(Character(run[0]))] }
        var result: [String] = []
        result.reserveCapacity(run.count - 1)
        for index in 0..<(run.count - 1) {
            var pair = String.UnicodeScalarView()
            pair.append(run[index])
            pair.append(run[index + 1])
            result.append(String(pair))
        }
        return result
    }
}
