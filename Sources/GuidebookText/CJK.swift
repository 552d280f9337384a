/// The scripts written without spaces between words, as the search index treats them: Hangul,
/// kana and Han ideographs. Their runs are indexed as overlapping bigrams (see `TextSegmenter`),
/// everything else is left to the index's word tokenizer.
public enum CJK {
    /// True for Hangul (syllables and jamo, see `Hangul.contains`), hiragana and katakana
    /// (U+3040–30FF, U+31F0–31FF) and CJK ideographs (U+4E00–9FFF, Extension A U+3400–4DBF,
    /// compatibility ideographs U+F900–FAFF).
    @inlinable
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF: return true
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF: return true
        default: return Hangul.contains(scalar)
        }
    }
}
