/// The Latin script, as the notes parser tells English from Korean.
public enum Latin {
    /// True for an ASCII letter or a letter of Latin-1 Supplement and Latin Extended-A and -B
    /// (U+00C0–024F, without × and ÷): the letters of English and of the names it borrows.
    @inlinable
    public static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A: return true
        case 0xC0...0x24F: return scalar.value != 0xD7 && scalar.value != 0xF7
        default: return false
        }
    }

    /// Whether `text` holds at least one Latin letter.
    @inlinable
    public static func occurs<S: StringProtocol>(in text: S) -> Bool {
        text.unicodeScalars.contains(where: isLetter)
    }
}
