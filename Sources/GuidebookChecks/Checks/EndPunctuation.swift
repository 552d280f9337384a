import GuidebookText

/// The kind of mark a text ends in, so a question stays a question and a sentence a sentence.
/// Closing quotation marks, brackets and emphasis after the mark are looked past; full-width
/// marks count as their ASCII kin.
public enum EndPunctuation: String, Sendable {
    case question, exclamation, stop, ellipsis, colon, semicolon, none

    /// The kind `text` ends in.
    public init(of text: String) {
        // From the end: past white space and closing marks to the last mark or letter (each a
        // single scalar, so no characters need be made).
        let scalars = text.unicodeScalars.reversed().drop { $0.properties.isWhitespace || Self.closing.contains($0) }
        guard let last = scalars.first else { self = .none; return }
        switch last {
        case "?", "\u{FF1F}": self = .question
        case "!", "\u{FF01}": self = .exclamation
        case "\u{2026}": self = .ellipsis
        case ".", "\u{3002}", "\u{FF0E}": self = scalars.prefix(3).elementsEqual([".", ".", "."]) ? .ellipsis : .stop
        case ":", "\u{FF1A}": self = .colon
        case ";", "\u{FF1B}": self = .semicolon
        default: self = .none
        }
    }

    /// Closing quotation marks, brackets and emphasis, looked past at the end.
    private static let closing: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "*", "_", "`", "\u{2019}", "\u{201D}", "\u{300D}", "\u{300F}", "\u{FF09}"]

    /// The mark this kind is written with (nil for none).
    var mark: String? {
        switch self {
        case .question: return "?"
        case .exclamation: return "!"
        case .stop: return "."
        case .ellipsis: return "…"
        case .colon: return ":"
        case .semicolon: return ";"
        case .none: return nil
        }
    }

    /// A finding when the translation ends in another kind of mark than the source; the fix puts
    /// the source's kind of mark in place of the translation's (or after its last word).
    static func finding(source: String, translation: String) -> CheckFinding? {
        let wanted = EndPunctuation(of: source)
        let found = EndPunctuation(of: translation)
        guard wanted != found else { return nil }
        return CheckFinding(check: .endPunctuation, message: "the English ends in \(wanted.description), the translation in \(found.description)",
                            found: found.mark, fix: wanted.mark, correctedText: corrected(translation, from: found, to: wanted))
    }

    /// The translation with its end mark made `wanted`, when the mark (or the last word, for none)
    /// ends it directly; nil behind closing quotes or brackets, where the right place is not sure.
    private static func corrected(_ translation: String, from found: EndPunctuation, to wanted: EndPunctuation) -> String? {
        let trimmed = translation.trimmingWhitespace()
        guard let last = trimmed.last else { return nil }
        var body = trimmed
        switch found {
        case .none: guard last.isLetter || last.isNumber else { return nil }
        case .ellipsis where trimmed.hasSuffix("..."): body = trimmed.dropLast(3)
        default: guard EndPunctuation(of: String(last)) == found else { return nil }
            body = trimmed.dropLast()
        }
        return String(body) + (wanted.mark ?? "") + String(translation[trimmed.endIndex...])
    }

    private var description: String {
        switch self {
        case .question: return "a question mark"
        case .exclamation: return "an exclamation mark"
        case .stop: return "a full stop"
        case .ellipsis: return "an ellipsis"
        case .colon: return "a colon"
        case .semicolon: return "a semicolon"
        case .none: return "no mark"
        }
    }
}
