/// Text made safe for XML 1.0: markup characters escaped as character references, characters XML
/// 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF) handed to the caller's `invalid`
/// (XLIFF 2.0 writes them as `<cp hex="…"/>`; elsewhere they become U+FFFD). Only the five
/// predefined entities and numeric references are written: no entity is ever declared.
public enum XMLText {
    /// `text` for element content. A carriage return is written `&#13;` (a parser would turn a
    /// literal one into a line feed).
    public static func content(_ text: String, invalid: (Unicode.Scalar) -> String = { _ in "\u{FFFD}" }) -> String {
        escaped(text, attribute: false, invalid: invalid)
    }

    /// `text` for a double-quoted attribute value. Tab, line feed and carriage return are written
    /// as references (attribute-value normalisation would turn them into spaces).
    public static func attribute(_ text: String) -> String {
        escaped(text, attribute: true) { _ in "\u{FFFD}" }
    }

    /// `text` as a file that cannot carry every character reads back: each one XML 1.0 cannot
    /// carry replaced by U+FFFD, as `content` writes it by default.
    public static func asWrittenWithout(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(isAllowed) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isAllowed($0) ? $0 : "\u{FFFD}" }))
    }

    /// Whether XML 1.0 can carry `scalar` (its `Char` production).
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The code point that `digits` write in `radix` (10 or 16), or nil unless they are one or
    /// more digits and nothing else: no sign, space or prefix, which Swift's integer parsing would
    /// accept (`UInt32("+65")`). A value beyond Unicode is given as 0x110000, never an overflow.
    static func codePoint<Digits: Collection<UInt8>>(_ digits: Digits, radix: UInt32) -> UInt32? {
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = min(value * radix + digit, 0x110000)
        }
        return value
    }

    private static func escaped(_ text: String, attribute: Bool, invalid: (Unicode.Scalar) -> String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\r": out += "&#13;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            default:
                if isAllowed(scalar) { out.unicodeScalars.append(scalar) } else { out += invalid(scalar) }
            }
        }
        return out
    }
}
