/// How the word before a particle ends when read aloud, which is all a Korean particle agrees
/// with: a vowel (시트), ㄹ (파일: 로 as after a vowel, 을 as after a consonant) or another final
/// consonant (버튼).
public enum FinalSound: Sendable, Equatable {
    case vowel
    case rieul
    case consonant

    /// The final sound of a precomposed Hangul syllable (nil for any other scalar).
    public init?(syllable: Unicode.Scalar) {
        guard Hangul.isSyllable(syllable) else { return nil }
        switch Hangul.jamo(ofSyllable: syllable.value).final {
        case 0: self = .vowel
        case Hangul.finalRieul: self = .rieul
        default: self = .consonant
        }
    }

    /// True for ㄹ and the other final consonants (을, 이, 은, 과, 이나, 이랑, 아 follow them).
    public var hasFinalConsonant: Bool { self != .vowel }
}
