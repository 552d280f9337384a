import GuidebookText

/// White space a translation should not differ in: what starts and ends the text, and two spaces
/// in a row inside a line (a line's indentation is left alone).
enum WhitespaceCheck {
    static func findings(source: String, translation: String, into findings: inout [CheckFinding]) {
        let sourceCore = source.trimmingWhitespace()
        let translationCore = translation.trimmingWhitespace()
        let sourceEdges = (source[..<sourceCore.startIndex], source[sourceCore.endIndex...])
        let translationEdges = (translation[..<translationCore.startIndex], translation[translationCore.endIndex...])
        if sourceEdges != translationEdges, !translationCore.isEmpty {
            let which = sourceEdges.0 != translationEdges.0 ? (sourceEdges.1 != translationEdges.1 ? "start and end" : "start") : "end"
            findings.append(CheckFinding(check: .edgeWhitespace, message: "the translation's white space at its \(which) differs from the English's",
                                         correctedText: String(sourceEdges.0) + translationCore + String(sourceEdges.1)))
        }
        if !hasDoubleSpace(source), let offset = doubleSpaceOffset(translation) {
            findings.append(CheckFinding(check: .doubleSpaces, message: "the translation has two spaces in a row", found: "  ", fix: " ",
                                         offset: offset, correctedText: collapsingDoubleSpaces(translation)))
        }
    }

    private static func hasDoubleSpace(_ text: String) -> Bool { doubleSpaceOffset(text) != nil }

    /// The code-point offset of the first two spaces in a row after a line's first non-space.
    private static func doubleSpaceOffset(_ text: String) -> Int? {
        // Two spaces in a row are two 0x20 bytes in a row in UTF-8, a byte no other character's
        // sequence holds: a text without them (nearly every one) is not walked scalar by scalar.
        // Its bytes are read in place (a native string's are; `withUTF8` makes any other so).
        var bytes = text
        guard bytes.withUTF8({ utf8 in utf8.indices.dropFirst().contains { utf8[$0] == 0x20 && utf8[$0 - 1] == 0x20 } }) else { return nil }
        var lineStarted = false
        var previousWasSpace = false
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar == "\n" { lineStarted = false; previousWasSpace = false; continue }
            if scalar == " " {
                if lineStarted && previousWasSpace { return offset - 1 }
                previousWasSpace = true
            } else {
                lineStarted = true
                previousWasSpace = false
            }
        }
        return nil
    }

    /// Runs of spaces inside lines (not their indentation, not their ends) made one space.
    private static func collapsingDoubleSpaces(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indent = line.prefix { $0 == " " }
            var body = String(line.dropFirst(indent.count))
            while body.contains("  ") { body = body.replacing("  ", with: " ") }
            return String(indent) + body
        }.joined(separator: "\n")
    }
}
