/// Hangul, the Korean script: which scalars are Hangul, and the parts of a precomposed syllable.
///
/// The one place that knows Hangul's code points. Text from some systems arrives decomposed, as
/// conjoining jamo (ᄒ ᅡ ᆫ for 한), and people type lone compatibility jamo (ㅋㅋ, ㄱ); both count
/// as Hangul. Only precomposed syllables carry particles and have jamo to spell.
public enum Hangul {
    /// True for a precomposed syllable, 가 (U+AC00) … 힣 (U+D7A3).
    @inlinable
    public static func isSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// True for any Hangul scalar: syllables, conjoining jamo (U+1100–11FF), compatibility jamo
    /// (U+3130–318F) and the Jamo Extended-A and -B blocks (U+A960–A97F, U+D7B0–D7FF).
    @inlinable
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: return true
        default: return false
        }
    }

    /// Whether `text` holds at least one Hangul scalar.
    @inlinable
    public static func occurs<S: StringProtocol>(in text: S) -> Bool {
        text.unicodeScalars.contains(where: contains)
    }

    /// The jamo of the syllable whose scalar value is `value` (a precomposed syllable, see
    /// `isSyllable`), numbered as Unicode composes syllables: the initial consonant 0–18, the vowel
    /// 0–20, the final consonant 1–27, or 0 when the syllable ends in its vowel.
    @inlinable
    public static func jamo(ofSyllable value: UInt32) -> (initial: UInt32, vowel: UInt32, final: UInt32) {
        let index = value - 0xAC00
        return (index / 588, (index % 588) / 28, index % 28)
    }

    /// The number `jamo(ofSyllable:)` gives ㄹ as a final consonant (after which 로, not 으로, follows).
    public static let finalRieul: UInt32 = 8
}
