import Foundation

/// One line of a notes file after normalisation, with its 1-based number in the original file.
///
/// Normalisation keeps the words exactly as written but makes the layout predictable: Unicode NFC
/// (notes copied on some systems arrive with decomposed Hangul), every kind of space, including the
/// non-breaking spaces that web copy-and-paste leaves behind, becomes one ASCII space, runs of
/// spaces collapse, zero-width characters go, and lines are trimmed. A line of only non-breaking
/// spaces is therefore blank, which is what its author meant by it.
struct SourceLine: Sendable, Equatable {
    /// 1-based line number in the input; CRLF, CR and LF all end a line.
    let number: Int
    /// The normalised, trimmed text; empty for a blank line.
    let text: String

    var isBlank: Bool { text.isEmpty }

    /// Splits `input` into normalised lines, numbered as a text editor would number them.
    static func split(_ input: String) -> [SourceLine] {
        let text = input.precomposedStringWithCanonicalMapping
        var lines: [SourceLine] = []
        var current = String.UnicodeScalarView()
        var pendingSpace = false
        var number = 1
        var previousWasCarriageReturn = false

        func endLine() {
            lines.append(SourceLine(number: number, text: String(current)))
            current = String.UnicodeScalarView()
            pendingSpace = false
            number += 1
        }

        for scalar in text.unicodeScalars {
            if previousWasCarriageReturn {
                previousWasCarriageReturn = false
                // CRLF is one line break, not two.
                if scalar == "\n" { continue }
            }
            switch scalar.value {
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                endLine()
            case 0x0D:
                endLine()
                previousWasCarriageReturn = true
            case 0x200B, 0x2060, 0xFEFF, 0x00AD:
                // Zero-width spaces, word joiners, byte-order marks and soft hyphens carry no text.
                continue
            default:
                if scalar.properties.isWhitespace {
                    pendingSpace = !current.isEmpty
                } else {
                    if pendingSpace {
                        current.append(" ")
                        pendingSpace = false
                    }
                    current.append(scalar)
                }
            }
        }
        endLine()
        return lines
    }
}
