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

    /// The first precomposed syllable, 가.
    public static let firstSyllable: UInt32 = 0xAC00

    /// The syllable made of an initial (0–18), a vowel (0–20) and a final (0–27, 0 for none).
    @inlinable
    public static func syllable(initial: UInt32, vowel: UInt32, final: UInt32) -> UInt32 {
        firstSyllable + (initial * 21 + vowel) * 28 + final
    }

    /// The initial-consonant number (0–18, as `jamo(ofSyllable:)` numbers them) of a lone
    /// compatibility consonant as a keyboard types it (ㄱ U+3131 … ㅎ U+314E); nil for the double
    /// finals that cannot start a syllable (ㄳ, ㄵ, …) and anything else.
    public static func initial(ofCompatibilityJamo value: UInt32) -> UInt32? {
        guard (0x3131...0x314E).contains(value) else { return nil }
        let initial = compatibilityInitials[Int(value - 0x3131)]
        return initial < 0 ? nil : UInt32(initial)
    }

    /// While a Korean IME composes, the consonant typed after a vowel sits as the syllable's final
    /// until the next vowel moves it to the next syllable (싵 on the way to 시트). For a final
    /// (1–27): what stays as the final (0: none; ㄺ leaves ㄹ) and the initial that moves on.
    public static func splitFinal(_ final: UInt32) -> (kept: UInt32, movedInitial: UInt32)? {
        guard (1...27).contains(final) else { return nil }
        return (UInt32(finalKept[Int(final)]), UInt32(finalMoves[Int(final)]))
    }

    /// The vowels (0–20) a Korean IME turns `vowel` into when the next key is a vowel that joins it
    /// (호 on the way to 화: ㅗ becomes ㅘ, ㅙ or ㅚ); empty for a vowel nothing joins.
    public static func compoundVowels(of vowel: UInt32) -> [UInt32] {
        switch vowel {
        case 8: [9, 10, 11]     // ㅗ → ㅘ ㅙ ㅚ
        case 13: [14, 15, 16]   // ㅜ → ㅝ ㅞ ㅟ
        case 18: [19]           // ㅡ → ㅢ
        default: []
        }
    }

    /// The finals (1–27) a Korean IME turns `final` into when the next key is a consonant that
    /// joins it (널 on the way to 넓: ㄹ becomes ㄺ … ㅀ); empty for a final nothing joins.
    public static func compoundFinals(of final: UInt32) -> [UInt32] {
        switch final {
        case 1: [3]                         // ㄱ → ㄳ
        case 4: [5, 6]                      // ㄴ → ㄵ ㄶ
        case 8: [9, 10, 11, 12, 13, 14, 15] // ㄹ → ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ
        case 17: [18]                       // ㅂ → ㅄ
        default: []
        }
    }

    // ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄸ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅃ ㅄ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ → initial numbers.
    private static let compatibilityInitials: [Int] = [0, 1, -1, 2, -1, -1, 3, 4, 5, -1, -1, -1, -1, -1, -1, -1,
                                                       6, 7, 8, -1, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]
    // Indexed by final (0 unused): the initial the final becomes in the next syllable, and what stays.
    private static let finalMoves: [Int] = [0, 0, 1, 9, 2, 12, 18, 3, 5, 0, 6, 7, 9, 16, 17, 18, 6, 7, 9, 9, 10, 11, 12, 14, 15, 16, 17, 18]
    private static let finalKept: [Int] = [0, 0, 0, 1, 0, 4, 4, 0, 0, 8, 8, 8, 8, 8, 8, 8, 0, 0, 17, 0, 0, 0, 0, 0, 0, 0, 0, 0]
}
