import GuidebookText

/// How the length limits count a text: in code points of the text as the store keeps it
/// (`TextNormalization.stored`: NFC, invisible separators dropped), since that is what is read
/// back and sent again. Counted as sent, U+0958 (two code points under NFC) let a text past its
/// limit that could then not be written back, and decomposed Hangul (three code points a
/// syllable) was refused although it is stored as a third of that. Edits, imports of bundles and
/// translation files count alike.
public enum TextLengthRule {
    /// The length of `text` once stored, in code points.
    public static func storedLength(of text: String) -> Int {
        TextNormalization.stored(text).unicodeScalars.count
    }

    /// True when `text`, once stored, has more than `maxLength` code points.
    public static func exceeds(_ text: String, maxLength: Int) -> Bool {
        // NFC turns no scalar into more scalars than it has UTF-8 bytes (U+0958: 3 bytes, 2
        // scalars; the most is U+FB2C's 3) and the other rules drop or fold one for one, so a text
        // of no more bytes than the limit is within it without being normalized (most texts).
        guard text.utf8.count > maxLength else { return false }
        return storedLength(of: text) > maxLength
    }
}
