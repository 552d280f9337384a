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
        var plain = text
        for span in spans.code + spans.urls + spans.linkTargets { plain = plain.replacing(span, with: " ") }
        for line in plain.split(separator: "\n", omittingEmptySubsequences: false) {
            let body = line.drop { $0 == " " || $0 == "\t" }
            var rest = Substring(body)
            if let first = body.first, "-*+".contains(first), body.dropFirst().first == " " {
                bulletItems += 1
                rest = body.dropFirst(2)
            } else if let dot = body.firstIndex(where: { $0 == "." || $0 == ")" }), dot > body.startIndex,
                      body[..<dot].allSatisfy(\.isASCIIDigitCharacter), body[body.index(after: dot)...].first == " " {
                numberedItems += 1
                rest = body[body.index(after: dot)...]
            }
            count(Array(rest))
        }
    }

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

private extension Character {
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
