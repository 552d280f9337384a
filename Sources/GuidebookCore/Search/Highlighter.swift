import GuidebookText

/// Cuts a snippet out of a text and marks the words a query matched.
///
/// Scans Unicode scalars (fast), then moves every cut and mark edge to a character (grapheme
/// cluster) boundary, so a cut or a mark never splits a Hangul syllable, a letter from its
/// combining accent, or any other character: the result is always valid UTF-8 and whole characters.
public struct Highlighter: Sendable {
    public let terms: [SearchQuery.HighlightTerm]
    public let markStart: String
    public let markEnd: String
    /// `markStart` and `markEnd` as UTF-8, for the snippet's bytes.
    private let markStartBytes: [UInt8], markEndBytes: [UInt8]
    /// Escape `& < >` in the text (when the marks are HTML tags, the snippet is HTML).
    public let escapesHTML: Bool

    // The query words with what matching needs, worked out once per query.
    private let words: [(scalars: [Unicode.Scalar], stem: String, prefix: Bool)]
    /// Each query word's first scalar, parallel to `words`.
    private let wordFirsts: [Unicode.Scalar?]
    private let runs: [[Unicode.Scalar]]
    /// The scalars a match can start with (`couldMatch`): the ASCII ones as a bit per code (letters
    /// lowercased, as words are compared), the others listed; nil when any text could match.
    private let starts: (ascii: (low: UInt64, high: UInt64), others: [Unicode.Scalar])?

    public init(terms: [SearchQuery.HighlightTerm], markStart: String = "<mark>", markEnd: String = "</mark>") {
        self.terms = terms
        self.markStart = markStart
        self.markEnd = markEnd
        self.markStartBytes = Array(markStart.utf8)
        self.markEndBytes = Array(markEnd.utf8)
        self.escapesHTML = markStart.hasPrefix("<")
        var words: [(scalars: [Unicode.Scalar], stem: String, prefix: Bool)] = []
        var runs: [[Unicode.Scalar]] = []
        for term in terms {
            switch term {
            case .word(let word, let prefix): words.append((word.unicodeScalars.map(Self.lowercased), EnglishStemmer.stem(word), prefix))
            case .cjk(let run): runs.append(Array(run.unicodeScalars))
            }
        }
        self.words = words
        self.wordFirsts = words.map(\.scalars.first)
        self.runs = runs
        var ascii: (low: UInt64, high: UInt64) = (0, 0)
        var others: [Unicode.Scalar] = []
        let firsts = wordFirsts + runs.map(\.first)
        for first in firsts.compactMap({ $0 }) {
            switch first.value {
            case ..<64: ascii.low |= 1 << UInt64(first.value)
            case 64..<128: ascii.high |= 1 << UInt64(first.value - 64)
            default: others.append(first)
            }
        }
        // An empty word (none is made, but were one) would match any word as a prefix.
        self.starts = firsts.contains(nil) ? nil : (ascii, others)
    }

    /// A text with its marks found, to test for a match and cut a snippet without searching twice.
    public struct Marked: Sendable {
        let text: String
        /// The text's scalars, when they were made to find the marks (nil: no term could be there).
        let keptScalars: [Unicode.Scalar]?
        /// Scalar offsets to mark, sorted, not overlapping, on character boundaries.
        let ranges: [Range<Int>]
        /// `Highlighter.isSimple(scalars)` when `mark` needed it (a text with a match), so the
        /// snippet does not scan the text for it again.
        let isSimple: Bool?
        /// True when any term occurs in the text.
        public var matches: Bool { !ranges.isEmpty }
    }

    /// Finds the terms in `text`.
    public func mark(_ text: String) -> Marked {
        guard couldMatch(text) else { return Marked(text: text, keptScalars: nil, ranges: [], isSimple: nil) }
        let scalars = Self.scalars(of: text)
        var ranges = ranges(in: scalars)
        let isSimple = ranges.isEmpty ? nil : Self.isSimple(scalars)
        if isSimple == false {
            let boundaries = Boundaries(text)
            ranges = ranges.map { boundaries.before($0.lowerBound)..<boundaries.after($0.upperBound) }
            ranges = Self.merged(ranges)
        }
        return Marked(text: text, keptScalars: scalars, ranges: ranges, isSimple: isSimple)
    }

    /// True when any term occurs in `text`.
    public func matches(_ text: String) -> Bool {
        couldMatch(text) && !ranges(in: Self.scalars(of: text)).isEmpty
    }

    /// False when no scalar of `text` can start a match, read in place: a word matches only from a
    /// first scalar that lowercases to the query word's first, a CJK run only from its own first.
    /// Most texts of a hit in the other language than the query's stop here. An ASCII letter or
    /// digit right after another starts no word, and no CJK run starts with one.
    private func couldMatch(_ text: String) -> Bool {
        guard let starts else { return true }
        // Read the text's UTF-8 in place (a native string's always can be).
        if let answer = text.utf8.withContiguousStorageIfAvailable({ couldMatch(utf8: $0, starts: starts) }) { return answer }
        var copy = text
        return copy.withUTF8 { couldMatch(utf8: $0, starts: starts) }
    }

    private func couldMatch(utf8 bytes: UnsafeBufferPointer<UInt8>, starts: (ascii: (low: UInt64, high: UInt64), others: [Unicode.Scalar])) -> Bool {
        var afterAlphanumeric = false
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                let value = UInt32(lead)
                let folded = (0x41...0x5A).contains(value) ? value | 0x20 : value
                let isAlphanumeric = (0x61...0x7A).contains(folded) || (0x30...0x39).contains(folded)
                defer { afterAlphanumeric = isAlphanumeric }
                if isAlphanumeric && afterAlphanumeric && runs.isEmpty { continue }
                if Self.holds(starts.ascii, folded) { return true }
                continue
            }
            // A longer sequence: a String's UTF-8 is valid, so its lead byte gives its length.
            let scalar = Self.decode(bytes, at: &index, lead: lead)
            afterAlphanumeric = false
            if starts.others.contains(scalar) { return true }
            // A Hangul syllable lowercases to itself; any other may lowercase to a word's first.
            guard !words.isEmpty, !Hangul.isSyllable(scalar) else { continue }
            let lowered = Self.lowercased(scalar)
            if lowered.value < 128 ? Self.holds(starts.ascii, lowered.value) : starts.others.contains(lowered) { return true }
        }
        return false
    }

    /// The scalar of the multi-byte sequence of valid UTF-8 starting with `lead` at `index`;
    /// moves `index` past it.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, lead: UInt8) -> Unicode.Scalar {
        var value: UInt32
        let length: Int
        switch lead {
        case ..<0xE0: value = UInt32(lead & 0x1F); length = 2
        case ..<0xF0: value = UInt32(lead & 0x0F); length = 3
        default: value = UInt32(lead & 0x07); length = 4
        }
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        index += length
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// Whether the bit of ASCII code `value` (below 128) is set.
    private static func holds(_ set: (low: UInt64, high: UInt64), _ value: UInt32) -> Bool {
        (value < 64 ? set.low >> UInt64(value) : set.high >> UInt64(value - 64)) & 1 == 1
    }

    /// A window of about `length` characters around the first match, with matches marked.
    /// Without a match, the text's opening.
    public func snippet(_ text: String, length: Int = 180) -> String {
        snippet(mark(text), length: length)
    }

    /// `snippet(_:length:)` for a text already marked.
    public func snippet(_ marked: Marked, length: Int = 180) -> String {
        String(decoding: snippetUTF8(marked, length: length), as: UTF8.self)
    }

    /// `snippet(_:length:)` for a text already marked, as its UTF-8 bytes (always valid), for a
    /// writer that takes bytes: no string is made of them.
    public func snippetUTF8(_ marked: Marked, length: Int = 180) -> [UInt8] {
        let scalars = marked.keptScalars ?? Self.scalars(of: marked.text)
        let marks = marked.ranges
        var start = 0
        if let first = marks.first, first.lowerBound > length / 4 {
            start = first.lowerBound - length / 4
            // Start at a word boundary where one is near.
            if let space = scalars[start..<first.lowerBound].firstIndex(where: { $0.properties.isWhitespace }), space - start < 20 { start = space + 1 }
        }
        var end = min(scalars.count, start + length)
        if !(marked.isSimple ?? Self.isSimple(scalars)) {
            let boundaries = Boundaries(marked.text)
            start = boundaries.before(start)
            end = boundaries.after(end)
        }
        // The snippet is written as UTF-8 bytes into memory sized for the worst case (every scalar
        // an HTML escape of five bytes, every mark, both ellipses), without the capacity and
        // uniqueness checks of appending to an array byte by byte.
        let capacity = (end - start) * 5 + marks.count * (markStartBytes.count + markEndBytes.count) + 2 * Self.ellipsis.count
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var output = ByteSink(buffer)
            if start > 0 { output.put(Self.ellipsis) }
            var position = start
            for mark in marks where mark.lowerBound >= start && mark.lowerBound < end {
                guard mark.lowerBound >= position else { continue }
                append(scalars[position..<mark.lowerBound], to: &output)
                let markEndIndex = min(mark.upperBound, end)
                output.put(markStartBytes)
                append(scalars[mark.lowerBound..<markEndIndex], to: &output)
                output.put(markEndBytes)
                position = markEndIndex
            }
            append(scalars[position..<end], to: &output)
            if end < scalars.count { output.put(Self.ellipsis) }
            count = output.count
        }
    }

    private static let ellipsis = Array("…".utf8)
    private static let ampersand = Array("&amp;".utf8), lessThan = Array("&lt;".utf8), greaterThan = Array("&gt;".utf8)

    private func append(_ slice: ArraySlice<Unicode.Scalar>, to output: inout ByteSink) {
        for scalar in slice {
            // Nearly every scalar is ASCII: one byte, without the encoder's closure.
            if scalar.value < 0x80, !escapesHTML || (scalar != "&" && scalar != "<" && scalar != ">") {
                output.put(UInt8(truncatingIfNeeded: scalar.value))
                continue
            }
            if escapesHTML {
                switch scalar {
                case "&": output.put(Self.ampersand); continue
                case "<": output.put(Self.lessThan); continue
                case ">": output.put(Self.greaterThan); continue
                default: break
                }
            }
            UTF8.encode(scalar) { output.put($0) }
        }
    }

    /// Writes bytes into memory of a size worked out beforehand; writing past it stops the
    /// process rather than the memory after it.
    private struct ByteSink {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        private(set) var count = 0

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func put(_ byte: UInt8) {
            precondition(count < buffer.count, "snippet buffer too small")
            buffer[count] = byte
            count += 1
        }

        mutating func put(_ bytes: [UInt8]) {
            for byte in bytes { put(byte) }
        }
    }

    /// The text's scalars (a plain loop: the generic Array initializer is much slower here).
    private static func scalars(of text: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { scalars.append(scalar) }
        return scalars
    }

    /// Scalar ranges to mark, sorted and not overlapping (not yet moved to character boundaries).
    func ranges(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        // Read in place: the loops below index every scalar, and an array checks each index.
        scalars.withUnsafeBufferPointer { ranges(in: $0) }
    }

    private func ranges(in scalars: UnsafeBufferPointer<Unicode.Scalar>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        // Latin words: compare each word of the text with the query words.
        var index = 0
        while index < scalars.count {
            guard TextSegmenter.isWordScalar(scalars[index]) else { index += 1; continue }
            var end = index
            while end < scalars.count, TextSegmenter.isWordScalar(scalars[end]) { end += 1 }
            // Equal or prefix words are compared scalar by scalar. Words of one stem family share
            // their first three letters (stems keep at least three, and only a final "y" differs from
            // the word), so only those are made into strings and stemmed.
            let length = end - index
            var wordStem: String?
            // Every kind of match starts with the same first scalar: the other query words are
            // not looked at (nor retained) for this word.
            let first = Self.lowercased(scalars[index])
            for position in words.indices where wordFirsts[position].map({ $0 == first }) ?? true {
                let candidate = words[position]
                var common = 0
                let limit = min(length, candidate.scalars.count)
                while common < limit && Self.lowercased(scalars[index + common]) == candidate.scalars[common] { common += 1 }
                if common == candidate.scalars.count && (common == length || candidate.prefix) {
                    found.append(index..<end)
                    break
                }
                guard !candidate.prefix, common >= 3 else { continue }
                let stem = wordStem ?? {
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: scalars[index..<end])
                    return EnglishStemmer.stem(String(view).lowercased())
                }()
                wordStem = stem
                if EnglishStemmer.isSameFamily(stem, candidate.stem) {
                    found.append(index..<end)
                    break
                }
            }
            index = end
        }
        // CJK runs: every occurrence as a substring.
        for needle in runs {
            guard !needle.isEmpty, needle.count <= scalars.count else { continue }
            var at = 0
            while at + needle.count <= scalars.count {
                if scalars[at] == needle[0], scalars[at..<(at + needle.count)].elementsEqual(needle) {
                    found.append(at..<(at + needle.count))
                    at += needle.count
                } else {
                    at += 1
                }
            }
        }
        // One kind of term alone (words, or a single CJK run) is found in text order without
        // overlaps; only several sources need sorting and merging.
        if runs.isEmpty || (words.isEmpty && runs.count == 1) { return found }
        found.sort { $0.lowerBound < $1.lowerBound }
        return Self.merged(found)
    }

    private static func merged(_ sorted: [Range<Int>]) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in sorted {
            if let last = merged.last, range.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value + 0x20)! : scalar
        }
        guard scalar.properties.changesWhenLowercased else { return scalar }
        return scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }

    /// True when every scalar stands alone as a character (no combining marks, joiners, jamo
    /// sequences or other clusters), so scalar offsets are character offsets. Hangul syllables and
    /// ordinary letters are; anything unusual takes the careful path.
    private static func isSimple(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.allSatisfy { scalar in
            let value = scalar.value
            if value < 0x300 { return value != 0x0D }  // CR LF is one character
            if Hangul.isSyllable(scalar) { return true }
            return (0x3000...0x9FFF).contains(value) && !(0x302A...0x302F).contains(value) && !(0x3099...0x309A).contains(value)
        }
    }

    /// Character boundaries of a text, as scalar offsets.
    private struct Boundaries {
        let offsets: Set<Int>
        let count: Int

        init(_ text: String) {
            var offsets: Set<Int> = [0]
            var offset = 0
            for character in text {
                offset += character.unicodeScalars.count
                offsets.insert(offset)
            }
            self.offsets = offsets
            self.count = offset
        }

        /// The boundary at or before `offset`.
        func before(_ offset: Int) -> Int {
            var position = min(offset, count)
            while position > 0 && !offsets.contains(position) { position -= 1 }
            return position
        }

        /// The boundary at or after `offset`.
        func after(_ offset: Int) -> Int {
            var position = min(offset, count)
            while position < count && !offsets.contains(position) { position += 1 }
            return position
        }
    }
}
