import GuidebookText

/// Cuts a snippet out of a text and marks the words a query matched.
///
/// Reads the text's UTF-8 in place (no array of its scalars is made), then moves every cut and mark
/// edge to a character (grapheme cluster) boundary, so a cut or a mark never splits a Hangul
/// syllable, a letter from its combining accent, or any other character: the result is always
/// valid UTF-8 and whole characters. Lengths are counted in Unicode scalars, as people count
/// letters, not in bytes.
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
    /// The CJK runs as UTF-8: a run matches where its bytes occur, which in valid UTF-8 is only ever
    /// at a scalar's first byte.
    private let runs: [[UInt8]]
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
        var runs: [String] = []
        for term in terms {
            switch term {
            case .word(let word, let prefix): words.append((word.unicodeScalars.map(Self.lowercased), EnglishStemmer.stem(word), prefix))
            case .cjk(let run): runs.append(run)
            }
        }
        self.words = words
        self.wordFirsts = words.map(\.scalars.first)
        self.runs = runs.map { Array($0.utf8) }
        var ascii: (low: UInt64, high: UInt64) = (0, 0)
        var others: [Unicode.Scalar] = []
        let firsts = wordFirsts + runs.map(\.unicodeScalars.first)
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
        /// UTF-8 offsets to mark, sorted, not overlapping, on character boundaries.
        let ranges: [Range<Int>]
        /// `Highlighter.isSimple(_:)` when `mark` needed it (a text with a match), so the snippet
        /// does not scan the text for it again.
        let isSimple: Bool?
        /// True when any term occurs in the text.
        public var matches: Bool { !ranges.isEmpty }
    }

    /// Finds the terms in `text`.
    public func mark(_ text: String) -> Marked {
        Self.withUTF8(text) { bytes in
            guard couldMatch(bytes) else { return Marked(text: text, ranges: [], isSimple: nil) }
            var ranges = ranges(in: bytes)
            let isSimple = ranges.isEmpty ? nil : Self.isSimple(bytes)
            if isSimple == false {
                let boundaries = Boundaries(text)
                ranges = Self.merged(ranges.map { boundaries.before($0.lowerBound)..<boundaries.after($0.upperBound) })
            }
            return Marked(text: text, ranges: ranges, isSimple: isSimple)
        }
    }

    /// True when any term occurs in `text`.
    public func matches(_ text: String) -> Bool {
        Self.withUTF8(text) { couldMatch($0) && !ranges(in: $0).isEmpty }
    }

    /// Runs `body` on the text's UTF-8 in place (a native string's always can be), or on a copy.
    private static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// False when no scalar of the text can start a match: a word matches only from a first scalar
    /// that lowercases to the query word's first, a CJK run only from its own first. Most texts of
    /// a hit in the other language than the query's stop here. An ASCII letter or digit right after
    /// another starts no word, and no CJK run starts with one.
    private func couldMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let starts else { return true }
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
            let (scalar, width) = Self.scalar(in: bytes, at: index)
            index += width
            afterAlphanumeric = false
            if starts.others.contains(scalar) { return true }
            // A Hangul syllable lowercases to itself; any other may lowercase to a word's first.
            guard !words.isEmpty, !Hangul.isSyllable(scalar) else { continue }
            let lowered = Self.lowercased(scalar)
            if lowered.value < 128 ? Self.holds(starts.ascii, lowered.value) : starts.others.contains(lowered) { return true }
        }
        return false
    }

    /// The scalar whose UTF-8 starts at `index`, and its length in bytes. A String's UTF-8 is
    /// valid, so its first byte gives its length.
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        func next(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
        let value: UInt32, length: Int
        switch lead {
        case ..<0x80: return (Unicode.Scalar(UInt8(lead)), 1)
        case ..<0xE0: (value, length) = ((lead & 0x1F) << 6 | next(1), 2)
        case ..<0xF0: (value, length) = ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
        default: (value, length) = ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// True for a byte that continues a UTF-8 sequence (it starts no scalar).
    @inline(__always)
    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Whether the bit of ASCII code `value` (below 128) is set.
    private static func holds(_ set: (low: UInt64, high: UInt64), _ value: UInt32) -> Bool {
        (value < 64 ? set.low >> UInt64(value) : set.high >> UInt64(value - 64)) & 1 == 1
    }

    /// `TextSegmenter.isWordScalar`, with its ASCII case here so that it is not a call per letter.
    @inline(__always)
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // A Hangul syllable is CJK, and no CJK scalar is a word's.
        guard value < 0x80 else { return !Hangul.isSyllable(scalar) && TextSegmenter.isWordScalar(scalar) }
        return (value &- 0x61 < 26) || (value &- 0x41 < 26) || (value &- 0x30 < 10)
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
        Self.withUTF8(marked.text) { snippetUTF8(marked, bytes: $0, length: length) }
    }

    private func snippetUTF8(_ marked: Marked, bytes: UnsafeBufferPointer<UInt8>, length: Int) -> [UInt8] {
        let marks = marked.ranges
        var start = 0
        if let first = marks.first {
            // A quarter of the window before the first match, when the text has that much before it.
            var back = first.lowerBound
            for _ in 0..<(length / 4) where back > 0 {
                back -= 1
                while back > 0 && Self.isContinuation(bytes[back]) { back -= 1 }
            }
            if back > 0 {
                start = back
                // Start at a word boundary where one is near: after the first space, if it comes
                // within 20 scalars.
                var position = back, counted = 0
                while position < first.lowerBound {
                    let (scalar, width) = Self.scalar(in: bytes, at: position)
                    if scalar.properties.isWhitespace {
                        if counted < 20 { start = position + width }
                        break
                    }
                    position += width
                    counted += 1
                }
            }
        }
        var end = Self.advance(bytes, from: start, scalars: length)
        if !(marked.isSimple ?? Self.isSimple(bytes)) {
            let boundaries = Boundaries(marked.text)
            start = boundaries.before(start)
            end = boundaries.after(end)
        }
        // The snippet is written into memory sized for the worst case (every byte an HTML escape of
        // five, every mark, both ellipses), without the capacity and uniqueness checks of
        // appending to an array byte by byte.
        let capacity = (end - start) * 5 + marks.count * (markStartBytes.count + markEndBytes.count) + 2 * Self.ellipsis.count
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var output = ByteSink(buffer)
            if start > 0 { output.put(Self.ellipsis) }
            var position = start
            for mark in marks where mark.lowerBound >= start && mark.lowerBound < end {
                guard mark.lowerBound >= position else { continue }
                append(bytes, position..<mark.lowerBound, to: &output)
                let markEndIndex = min(mark.upperBound, end)
                output.put(markStartBytes)
                append(bytes, mark.lowerBound..<markEndIndex, to: &output)
                output.put(markEndBytes)
                position = markEndIndex
            }
            append(bytes, position..<end, to: &output)
            if end < bytes.count { output.put(Self.ellipsis) }
            count = output.count
        }
    }

    /// The offset `scalars` scalars after `start` (or the text's end), eight bytes at a time while
    /// at least eight scalars are left: a byte starts a scalar unless it continues one (0b10xxxxxx).
    private static func advance(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, scalars: Int) -> Int {
        var offset = start, left = scalars
        if let base = bytes.baseAddress {
            while left >= 8 && offset + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                let continuations = word & ~(word << 1) & 0x8080_8080_8080_8080
                left -= 8 - continuations.nonzeroBitCount
                offset += 8
            }
        }
        // The word may have ended inside a scalar: its remaining bytes start none.
        while offset < bytes.count && isContinuation(bytes[offset]) { offset += 1 }
        while left > 0 && offset < bytes.count {
            offset += 1
            while offset < bytes.count && isContinuation(bytes[offset]) { offset += 1 }
            left -= 1
        }
        return offset
    }

    private static let ellipsis = Array("…".utf8)
    private static let replacementCharacter = Array("\u{FFFD}".utf8)
    private static let ampersand = Array("&amp;".utf8), lessThan = Array("&lt;".utf8), greaterThan = Array("&gt;".utf8)

    /// Copies the text's bytes in `range`, escaping `& < >` when the snippet is HTML. Otherwise a
    /// marker the text itself holds is written as U+FFFD: a client that finds matches by the
    /// markers (the page asks for U+E000 and U+E001) must not take the text's own for the search's.
    private func append(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to output: inout ByteSink) {
        guard escapesHTML else {
            var run = range.lowerBound, index = range.lowerBound
            while index < range.upperBound {
                var marker = 0
                if Self.occurs(markStartBytes, in: bytes, at: index, before: range.upperBound) {
                    marker = markStartBytes.count
                } else if Self.occurs(markEndBytes, in: bytes, at: index, before: range.upperBound) {
                    marker = markEndBytes.count
                }
                guard marker > 0 else {
                    index += 1
                    continue
                }
                output.put(UnsafeBufferPointer(rebasing: bytes[run..<index]))
                output.put(Self.replacementCharacter)
                index += marker
                run = index
            }
            output.put(UnsafeBufferPointer(rebasing: bytes[run..<range.upperBound]))
            return
        }
        // Copies the runs between the characters to escape whole.
        var run = range.lowerBound
        for index in range {
            let escape: [UInt8]
            switch bytes[index] {
            case UInt8(ascii: "&"): escape = Self.ampersand
            case UInt8(ascii: "<"): escape = Self.lessThan
            case UInt8(ascii: ">"): escape = Self.greaterThan
            default: continue
            }
            output.put(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            output.put(escape)
            run = index + 1
        }
        output.put(UnsafeBufferPointer(rebasing: bytes[run..<range.upperBound]))
    }

    /// Writes bytes into memory of a size worked out beforehand; writing past it stops the
    /// process rather than the memory after it.
    private struct ByteSink {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        private(set) var count = 0

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func put(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { put($0) }
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            precondition(bytes.count <= buffer.count - count, "snippet buffer too small")
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
            (target + count).initialize(from: source, count: bytes.count)
            count += bytes.count
        }
    }

    /// UTF-8 ranges to mark, sorted and not overlapping (not yet moved to character boundaries).
    private func ranges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        // Latin words: compare each word of the text with the query words.
        var index = 0
        while !words.isEmpty && index < bytes.count {
            let (scalar, width) = Self.scalar(in: bytes, at: index)
            guard Self.isWordScalar(scalar) else { index += width; continue }
            var end = index + width, length = 1
            while end < bytes.count {
                let (next, nextWidth) = Self.scalar(in: bytes, at: end)
                guard Self.isWordScalar(next) else { break }
                end += nextWidth
                length += 1
            }
            // Equal or prefix words are compared scalar by scalar. Words of one stem family share
            // their first three letters (stems keep at least three, and only a final "y" differs from
            // the word), so only those are made into strings and stemmed.
            var wordStem: String?
            // Every kind of match starts with the same first scalar: the other query words are
            // not looked at (nor retained) for this word.
            let first = Self.lowercased(scalar)
            for position in words.indices where wordFirsts[position].map({ $0 == first }) ?? true {
                let candidate = words[position]
                var common = 0, at = index
                let limit = min(length, candidate.scalars.count)
                while common < limit {
                    let (letter, letterWidth) = Self.scalar(in: bytes, at: at)
                    guard Self.lowercased(letter) == candidate.scalars[common] else { break }
                    common += 1
                    at += letterWidth
                }
                if common == candidate.scalars.count && (common == length || candidate.prefix) {
                    found.append(index..<end)
                    break
                }
                // A word typed last is searched as a prefix and as itself (porter's family): both mark.
                guard common >= 3 else { continue }
                let stem = wordStem ?? EnglishStemmer.stem(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self).lowercased())
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
            guard let lead = needle.first, needle.count <= bytes.count else { continue }
            var at = 0
            while at + needle.count <= bytes.count {
                if bytes[at] == lead, Self.occurs(needle, in: bytes, at: at) {
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

    /// True when `needle` (not empty) is the text's bytes from `at` on, ending by `end`.
    private static func occurs(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at: Int, before end: Int) -> Bool {
        guard let first = needle.first, bytes[at] == first, at + needle.count <= end else { return false }
        return occurs(needle, in: bytes, at: at)
    }

    /// True when `needle` is the text's bytes from `at` on (its first byte known to be there).
    private static func occurs(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        for offset in 1..<needle.count where bytes[at + offset] != needle[offset] { return false }
        return true
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
    /// sequences or other clusters), so every scalar's first byte is a character boundary. Hangul
    /// syllables and ordinary letters are; anything unusual takes the careful path.
    private static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            // Below U+0300 (a lead byte below 0xCC) every scalar stands alone, but CR: CR LF is one
            // character.
            if lead < 0xCC {
                guard lead != 0x0D else { return false }
                index += lead < 0x80 ? 1 : 2
                continue
            }
            // 0xEB and 0xEC lead only Hangul syllables (U+B000 to U+CFFF).
            if lead == 0xEB || lead == 0xEC { index += 3; continue }
            let (scalar, width) = Self.scalar(in: bytes, at: index)
            index += width
            if Hangul.isSyllable(scalar) { continue }
            let value = scalar.value
            guard (0x3000...0x9FFF).contains(value) && !(0x302A...0x302F).contains(value) && !(0x3099...0x309A).contains(value) else { return false }
        }
        return true
    }

    /// Character boundaries of a text, as UTF-8 offsets.
    private struct Boundaries {
        let offsets: Set<Int>
        let count: Int

        init(_ text: String) {
            var offsets: Set<Int> = [0]
            var offset = 0
            for character in text {
                offset += character.utf8.count
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
