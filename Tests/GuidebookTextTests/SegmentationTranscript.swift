import GuidebookText

/// Writes down everything the segmenter and the particle rule make of some texts, one block per
/// text, so that two versions of them can be compared as text (see `TextSegmenterFixtureTests`).
enum SegmentationTranscript {
    /// The texts of an input fixture: one per line, comments (`#`) skipped, escapes decoded.
    static func texts(ofFixture fixture: String) -> [String] {
        fixture.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") }
            .map { unescaped(String($0)) }
    }

    /// The transcript of `texts`.
    static func transcript(of texts: [String]) -> String {
        var lines: [String] = []
        for text in texts {
            lines.append("in: " + escaped(text))
            let split = TextSegmenter.split(text)
            lines.append("latin: " + escaped(split.latin))
            lines.append("cjk: " + escaped(split.cjk))
            lines.append("runs: " + TextSegmenter.cjkRuns(text).map { escaped($0.text) + "=" + $0.bigrams.joined(separator: " ") }.joined(separator: " | "))
            lines.append("words: " + TextSegmenter.latinWords(text).map(escaped).joined(separator: " "))
            let ranges = TextSegmenter.wordRanges(Substring(text))
            func offsets(_ range: Range<String.Index>) -> String {
                let start = text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
                return "\(start)-\(start + text.unicodeScalars.distance(from: range.lowerBound, to: range.upperBound))"
            }
            lines.append("ranges: latin " + ranges.latin.map(offsets).joined(separator: ",") + "; cjk " + ranges.cjk.map(offsets).joined(separator: ","))
            let particles = text.split(whereSeparator: { $0.isWhitespace }).compactMap { word -> String? in
                guard let split = KoreanParticles.split(String(word)) else { return nil }
                return "\(word)=\(split.stem)+\(split.ending)"
            }
            lines.append("particles: " + particles.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with backslashes, line breaks, tabs and other control characters written as escapes.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Decodes the fixture's escapes: `\u{XXXX}`, `\n`, `\r`, `\t`, `\\`.
    static func unescaped(_ line: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.first else {
                result.append(scalar)
                continue
            }
            switch next {
            case "n": result.append("\n"); scalars.removeFirst()
            case "r": result.append("\r"); scalars.removeFirst()
            case "t": result.append("\t"); scalars.removeFirst()
            case "\\": result.append("\\"); scalars.removeFirst()
            case "u":
                guard let close = scalars.firstIndex(of: "}") else { result.append(scalar); continue }
                let digits = String(String.UnicodeScalarView(scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<close]))
                guard let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else { result.append(scalar); continue }
                result.append(decoded)
                scalars = scalars[scalars.index(after: close)...]
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
