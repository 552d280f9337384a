/// Cuts a snippet out of a text and marks the words a query matched.
///
/// Works on whole characters (grapheme clusters), so a cut or a mark never splits a Hangul
/// syllable or any other character: the result is always valid UTF-8.
public struct Highlighter: Sendable {
    public let terms: [SearchQuery.HighlightTerm]
    public let markStart: String
    public let markEnd: String
    /// Escape `& < >` in the text (when the marks are HTML tags, the snippet is HTML).
    public let escapesHTML: Bool

    public init(terms: [SearchQuery.HighlightTerm], markStart: String = "<mark>", markEnd: String = "</mark>") {
        self.terms = terms
        self.markStart = markStart
        self.markEnd = markEnd
        self.escapesHTML = markStart.hasPrefix("<")
    }

    /// True when any term occurs in `text`.
    public func matches(_ text: String) -> Bool {
        !ranges(in: Array(text)).isEmpty
    }

    /// A window of about `length` characters around the first match, with matches marked.
    /// Without a match, the text's opening.
    public func snippet(_ text: String, length: Int = 180) -> String {
        let characters = Array(text)
        let marks = ranges(in: characters)
        var start = 0
        if let first = marks.first, first.lowerBound > length / 4 {
            start = first.lowerBound - length / 4
            // Start at a word boundary where one is near.
            if let space = characters[start..<first.lowerBound].firstIndex(where: { $0.isWhitespace }), space - start < 20 { start = space + 1 }
        }
        let end = min(characters.count, start + length)
        var output = start > 0 ? "…" : ""
        var position = start
        for mark in marks where mark.lowerBound >= start && mark.lowerBound < end {
            guard mark.lowerBound >= position else { continue }
            output += escape(characters[position..<mark.lowerBound])
            let markEndIndex = min(mark.upperBound, end)
            output += markStart + escape(characters[mark.lowerBound..<markEndIndex]) + markEnd
            position = markEndIndex
        }
        output += escape(characters[position..<end])
        if end < characters.count { output += "…" }
        return output
    }

    private func escape(_ slice: ArraySlice<Character>) -> String {
        guard escapesHTML else { return String(slice) }
        var result = ""
        for character in slice {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Character ranges to mark, sorted and not overlapping.
    func ranges(in characters: [Character]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        // Latin words: compare each word of the text with the query words.
        var index = 0
        while index < characters.count {
            guard isWordCharacter(characters[index]) else { index += 1; continue }
            var end = index
            while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
            let word = String(characters[index..<end]).lowercased()
            for case let .word(term, prefix) in terms where Self.wordMatches(word, term: term, prefix: prefix) {
                found.append(index..<end)
                break
            }
            index = end
        }
        // CJK runs: every occurrence as a substring.
        for case let .cjk(term) in terms {
            let needle = Array(term)
            guard !needle.isEmpty, needle.count <= characters.count else { continue }
            var at = 0
            while at + needle.count <= characters.count {
                if characters[at] == needle[0], Array(characters[at..<(at + needle.count)]) == needle {
                    found.append(at..<(at + needle.count))
                    at += needle.count
                } else {
                    at += 1
                }
            }
        }
        found.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in found {
            if let last = merged.last, range.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    private func isWordCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { !TextSegmenter.isCJK($0) && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }
    }

    /// Whether a text word counts as the query word: equal, a prefix match for `word*`, or the
    /// same after removing common English inflections (the index stems with porter; this is a
    /// lighter rule that marks the same family of words: indicator/indicators, modal/modality).
    static func wordMatches(_ word: String, term: String, prefix: Bool) -> Bool {
        if word == term { return true }
        if prefix { return word.hasPrefix(term) }
        let a = lightStem(word), b = lightStem(term)
        if a == b { return true }
        let shorter = a.count <= b.count ? a : b
        let longer = a.count <= b.count ? b : a
        return shorter.count >= 5 && longer.hasPrefix(shorter)
    }

    static func lightStem(_ word: String) -> String {
        var stem = word
        for suffix in ["ities", "ity", "ness", "ings", "ing", "ed", "ies", "es", "s", "ly"] {
            guard stem.hasSuffix(suffix), stem.count - suffix.count >= 3 else { continue }
            if suffix == "s" && (stem.hasSuffix("ss") || stem.hasSuffix("us")) { continue }
            if suffix == "es" && !(stem.hasSuffix("ches") || stem.hasSuffix("shes") || stem.hasSuffix("xes") || stem.hasSuffix("sses")) {
                stem.removeLast(1)
                break
            }
            stem.removeLast(suffix.count)
            if suffix == "ies" { stem += "y" }
            if ["ing", "ed", "ings"].contains(suffix), let last = stem.last, stem.count >= 4,
               stem.dropLast().last == last, !"slz".contains(last) {
                stem.removeLast()
            }
            break
        }
        return stem
    }
}
