/// The Markdown structure a translation keeps: emphasis marks and list items (links are compared
/// by their targets, `ProtectedSpans`). Code spans and URLs are left out before counting.
public struct MarkdownShape: Sendable, Equatable {
    /// `**` and `__` marks (two per strong span).
    public var strongMarks = 0
    /// Single `*` and `_` marks (two per emphasised span); a `_` inside a word (snake_case) and a
    /// `*` that starts a list item are not marks.
    public var emphasisMarks = 0
    /// Lines that are bullet items (`- `, `* `, `+ `).
    public var bulletItems = 0
    /// Lines that are numbered items (`1. `, `2) `).
    public var numberedItems = 0

    public init(_ text: String, spans: ProtectedSpans) {
        // Without a mark, a bullet, a line break or a digit (most texts) there is nothing to count.
        // The table read once, not through its lazy global's check on every byte, and the bytes in
        // place (a native string's are; `withUTF8` makes any other so).
        let mayMatter = Self.mayMatter
        var scanned = text
        guard scanned.withUTF8({ $0.contains { mayMatter[Int($0 & 0x7F)] && $0 < 0x80 } }) else { return }
        var plain = text
        for span in spans.code + spans.urls + spans.linkTargets { plain = plain.replacing(span, with: " ") }
        // Line by line in UTF-8: list markers are ASCII, and most lines have no * or _ to count.
        let bytes = Array(plain.utf8)
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var index = lineStart
            while index < lineEnd, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            var rest = index
            var digitsEnd = index
            while digitsEnd < lineEnd, isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
            if index + 1 < lineEnd, "-*+".utf8.contains(bytes[index]), bytes[index + 1] == UInt8(ascii: " ") {
                bulletItems += 1
                rest = index + 2
            } else if digitsEnd > index, digitsEnd + 1 < lineEnd, bytes[digitsEnd] == UInt8(ascii: ".") || bytes[digitsEnd] == UInt8(ascii: ")"),
                      bytes[digitsEnd + 1] == UInt8(ascii: " ") {
                numberedItems += 1
                rest = digitsEnd + 1
            }
            if bytes[rest..<lineEnd].contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") }) {
                count(Array(String(decoding: bytes[rest..<lineEnd], as: UTF8.self)))
            }
            lineStart = lineEnd + 1
        }
    }

    /// The ASCII bytes that emphasis and list items are made of.
    private static let mayMatter: [Bool] = (0..<128).map { "*_-+\n0123456789".utf8.contains(UInt8($0)) }

    private mutating func count(_ characters: [Character]) {
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "*" || character == "_" else { index += 1; continue }
            if index + 1 < characters.count, characters[index + 1] == character {
                strongMarks += 1
                index += 2
                continue
            }
            let before = index > 0 ? characters[index - 1] : " "
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            let inWord = before.isLetter || before.isNumber
            let beforeWord = after.isLetter || after.isNumber
            // `_` between two letters is part of a name; `*` or `_` with space on both sides is text.
            if !(character == "_" && inWord && beforeWord) && (inWord || beforeWord || after.isPunctuation || before.isPunctuation) {
                emphasisMarks += 1
            }
            index += 1
        }
    }
}
