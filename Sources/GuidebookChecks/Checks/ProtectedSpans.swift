import GuidebookText

/// The parts of a text a translation must carry over as they are, found in one pass: inline code,
/// Markdown link targets, URLs, format placeholders and numbers, each looked for outside the ones
/// before it (a `%20` in a URL is no placeholder, a number in code no number).
public struct ProtectedSpans: Sendable, Equatable {
    /// Inline code spans, with their backticks (`` `isEnabled` ``).
    public var code: [String] = []
    /// Markdown links' targets (`[text](target)`, images too), in order.
    public var linkTargets: [String] = []
    /// URLs outside links (`https://…`), without trailing punctuation.
    public var urls: [String] = []
    /// Format placeholders: `{count}`, `{{name}}`, `{0}`, and printf's `%d`, `%@`, `%1$s`, `%.2f`.
    public var placeholders: [String] = []
    /// Numbers written in digits, thousands separators dropped (`1,000` → `1000`).
    public var numbers: [String] = []

    public init(_ text: String) {
        // Which kinds can be there at all, from the bytes (most texts have none of them): one bit
        // per ASCII byte seen, so the pass allocates nothing (it runs on every text a check reads).
        var low: UInt64 = 0, high: UInt64 = 0
        for byte in text.utf8 where byte < 128 {
            if byte < 64 { low |= 1 &<< UInt64(byte) } else { high |= 1 &<< UInt64(byte &- 64) }
        }
        let seen = (low: low, high: high)  // what `saw` reads: a local function capturing the vars would box them
        func saw(_ mark: Unicode.Scalar) -> Bool {
            let byte = UInt64(mark.value)
            return byte < 64 ? seen.low & (1 &<< byte) != 0 : seen.high & (1 &<< (byte &- 64)) != 0
        }
        let hasDigits = seen.low & Self.digitBits != 0
        guard hasDigits || saw("`") || saw("]") || saw(":") || saw("{") || saw("%") else { return }
        let scalars = Array(text.unicodeScalars)
        var taken = [Bool](repeating: false, count: scalars.count)
        if saw("`") { findCode(scalars, &taken) }
        if saw("]") { findLinkTargets(scalars, &taken) }
        if saw(":") { findURLs(scalars, &taken) }
        if saw("{") || saw("%") { findPlaceholders(scalars, &taken) }
        if hasDigits {
            skipListNumbers(scalars, &taken)
            findNumbers(scalars, taken)
        }
    }

    /// The bits of the ASCII digits in the mask of the bytes below 64 (`0` is 48).
    private static let digitBits: UInt64 = 0x3FF << 48

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(scalars: scalars)
    }

    /// A run of n backticks up to the next run of exactly n (CommonMark's code spans).
    private mutating func findCode(_ scalars: [Unicode.Scalar], _ taken: inout [Bool]) {
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "`" else { index += 1; continue }
            let run = scalars[index...].prefix { $0 == "`" }.count
            var close = index + run
            var found: Int?
            while close < scalars.count {
                guard scalars[close] == "`" else { close += 1; continue }
                let closing = scalars[close...].prefix { $0 == "`" }.count
                if closing == run { found = close; break }
                close += closing
            }
            guard let end = found.map({ $0 + run }) else { index += run; continue }
            code.append(Self.text(scalars[index..<end]))
            for position in index..<end { taken[position] = true }
            index = end
        }
    }

    /// `](target)` after a `[`: the target up to the closing parenthesis or a space (a title after it is left).
    private mutating func findLinkTargets(_ scalars: [Unicode.Scalar], _ taken: inout [Bool]) {
        var index = 0
        var sawOpening = false
        while index + 1 < scalars.count {
            defer { index += 1 }
            guard !taken[index] else { continue }
            if scalars[index] == "[" { sawOpening = true; continue }
            guard sawOpening, scalars[index] == "]", scalars[index + 1] == "(" else { continue }
            var end = index + 2
            while end < scalars.count, scalars[end] != ")", !scalars[end].properties.isWhitespace { end += 1 }
            guard end < scalars.count else { continue }
            linkTargets.append(Self.text(scalars[(index + 2)..<end]))
            for position in (index + 2)..<end { taken[position] = true }
            sawOpening = false
            index = end
        }
    }

    /// `http://` or `https://` and what follows up to white space, a non-ASCII character (a Korean
    /// particle may follow at once) or `<>"`, less trailing punctuation.
    private mutating func findURLs(_ scalars: [Unicode.Scalar], _ taken: inout [Bool]) {
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "h" || scalars[index] == "H", !taken[index],
                  let scheme = Self.schemes.first(where: { Self.hasPrefix(scalars, at: index, $0) }) else {
                index += 1
                continue
            }
            var end = index + scheme.count
            while end < scalars.count, scalars[end].value > 0x20, scalars[end].value < 0x7F, !"<>\"".unicodeScalars.contains(scalars[end]) { end += 1 }
            while end > index, ".,;:!?')]*_".unicodeScalars.contains(scalars[end - 1]) { end -= 1 }
            if end > index + scheme.count {
                urls.append(Self.text(scalars[index..<end]))
                for position in index..<end { taken[position] = true }
            }
            index = max(end, index + 1)
        }
    }

    private static let schemes: [[Unicode.Scalar]] = ["https://", "http://"].map { Array($0.unicodeScalars) }

    /// Whether `prefix` (lower-case ASCII) starts at `index`, letters in either case.
    private static func hasPrefix(_ scalars: [Unicode.Scalar], at index: Int, _ prefix: [Unicode.Scalar]) -> Bool {
        guard index + prefix.count <= scalars.count else { return false }
        return zip(scalars[index..<(index + prefix.count)], prefix).allSatisfy { scalar, wanted in
            scalar == wanted || (("A"..."Z").contains(scalar) && scalar.value + 32 == wanted.value)
        }
    }

    /// `{name}` (letters, digits, underscores; doubled braces kept) and printf conversions.
    private mutating func findPlaceholders(_ scalars: [Unicode.Scalar], _ taken: inout [Bool]) {
        var index = 0
        while index < scalars.count {
            guard !taken[index] else { index += 1; continue }
            let end: Int?
            switch scalars[index] {
            case "{": end = Self.braceEnd(scalars, at: index)
            case "%":
                if index + 1 < scalars.count, scalars[index + 1] == "%" { index += 2; continue }
                end = Self.printfEnd(scalars, at: index)
            default: end = nil
            }
            guard let end, !taken[index..<end].contains(true) else { index += 1; continue }
            placeholders.append(Self.text(scalars[index..<end]))
            for position in index..<end { taken[position] = true }
            index = end
        }
    }

    private static func braceEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        let double = start + 1 < scalars.count && scalars[start + 1] == "{"
        var index = start + (double ? 2 : 1)
        let nameStart = index
        while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
        guard index > nameStart, index - nameStart <= 64, index < scalars.count, scalars[index] == "}" else { return nil }
        index += 1
        if double {
            guard index < scalars.count, scalars[index] == "}" else { return nil }
            index += 1
        }
        return index
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// `%` [position `n$`] [flags] [width] [.precision] [length] conversion.
    private static func printfEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        var index = start + 1
        func digits() { while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 } }
        let positionStart = index
        digits()
        if index > positionStart {
            if index < scalars.count, scalars[index] == "$" { index += 1 } else { index = positionStart }
        }
        while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) {
            // A space flag only between % and more of the conversion: "50% of" is no conversion.
            if scalars[index] == " " { return nil }
            index += 1
        }
        digits()
        if index < scalars.count, scalars[index] == "." { index += 1; digits() }
        for length in ["hh", "ll", "h", "l", "q", "L", "j", "z", "t"] where hasText(scalars, at: index, length) {
            index += length.unicodeScalars.count
            break
        }
        guard index < scalars.count, "@diouxXeEfFgGaAcCsSp".unicodeScalars.contains(scalars[index]) else { return nil }
        // A conversion letter that begins a word ("100%s", "%of") is no conversion.
        if index + 1 < scalars.count, isNameScalar(scalars[index + 1]), scalars[index] != "@" { return nil }
        return index + 1
    }

    private static func hasText(_ scalars: [Unicode.Scalar], at index: Int, _ text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        return index + wanted.count <= scalars.count && Array(scalars[index..<(index + wanted.count)]) == wanted
    }

    /// A numbered list item's number (`1. `, `2) ` at a line's start) is structure, not a number.
    private func skipListNumbers(_ scalars: [Unicode.Scalar], _ taken: inout [Bool]) {
        var lineStart = 0
        while lineStart < scalars.count {
            var index = lineStart
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
            let digits = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            if index > digits, index + 1 < scalars.count, scalars[index] == "." || scalars[index] == ")", scalars[index + 1] == " " {
                for position in digits..<index { taken[position] = true }
            }
            guard let newline = scalars[lineStart...].firstIndex(of: "\n") else { break }
            lineStart = newline + 1
        }
    }

    /// Runs of digits, with `,` and `.` between digits, outside what was taken.
    private mutating func findNumbers(_ scalars: [Unicode.Scalar], _ taken: [Bool]) {
        var index = 0
        func isDigit(_ position: Int) -> Bool { position < scalars.count && !taken[position] && ("0"..."9").contains(scalars[position]) }
        while index < scalars.count {
            guard isDigit(index) else { index += 1; continue }
            var end = index
            while isDigit(end) || (end + 1 < scalars.count && (scalars[end] == "," || scalars[end] == ".") && isDigit(end + 1) && end > index) { end += 1 }
            numbers.append(Self.text(scalars[index..<end]).filter { $0 != "," })
            index = end
        }
    }
}
