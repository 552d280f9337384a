/// A Korean particle with two forms, one after a final consonant and one after a vowel: 을/를,
/// 이/가, 은/는, 과/와, 으로/로 (로 also after ㄹ), 이나/나, 이랑/랑, 아/야.
public struct ParticlePair: Sendable, Hashable {
    /// The form after a final consonant (을).
    public let afterConsonant: String
    /// The form after a vowel (를).
    public let afterVowel: String
    /// True when ㄹ takes the vowel form (으로/로: 파일로).
    public let rieulTakesVowelForm: Bool
    /// Particles that may stand on this one, kept as written when its form is fixed (으로는,
    /// 와의, 이랑은).
    public let stacked: [String]

    /// The form that follows a word ending in `sound`.
    public func form(after sound: FinalSound) -> String {
        switch sound {
        case .vowel: return afterVowel
        case .rieul: return rieulTakesVowelForm ? afterVowel : afterConsonant
        case .consonant: return afterConsonant
        }
    }

    /// The eight pairs the particle check knows.
    public static let all: [ParticlePair] = [
        ParticlePair(afterConsonant: "을", afterVowel: "를", rieulTakesVowelForm: false, stacked: []),
        ParticlePair(afterConsonant: "이", afterVowel: "가", rieulTakesVowelForm: false, stacked: []),
        ParticlePair(afterConsonant: "은", afterVowel: "는", rieulTakesVowelForm: false, stacked: []),
        ParticlePair(afterConsonant: "과", afterVowel: "와", rieulTakesVowelForm: false, stacked: ["는", "도", "의", "만"]),
        ParticlePair(afterConsonant: "으로", afterVowel: "로", rieulTakesVowelForm: true, stacked: ["는", "도", "만", "서", "써", "부터", "의"]),
        ParticlePair(afterConsonant: "이나", afterVowel: "나", rieulTakesVowelForm: false, stacked: []),
        ParticlePair(afterConsonant: "이랑", afterVowel: "랑", rieulTakesVowelForm: false, stacked: ["은", "도", "의"]),
        ParticlePair(afterConsonant: "아", afterVowel: "야", rieulTakesVowelForm: false, stacked: []),
    ]

    /// A particle as it may end a word: one form of a pair, maybe with a stacked particle after it.
    public struct Ending: Sendable, Hashable {
        public let pair: ParticlePair
        /// The pair's form as written (으로).
        public let form: String
        /// What stands on it (는 in 으로는), or "".
        public let stackedPart: String

        /// The ending as written (으로는).
        public var text: String { form + stackedPart }

        /// True for the form after a final consonant (을), false for the one after a vowel (를).
        public let isConsonantForm: Bool

        /// The ending as it should be after `sound` (로는 after a vowel).
        public func agreeing(with sound: FinalSound) -> String { pair.form(after: sound) + stackedPart }

        /// True when the form is the one `sound` takes.
        public func agrees(with sound: FinalSound) -> Bool {
            let takesConsonantForm = sound == .consonant || (sound == .rieul && !pair.rieulTakesVowelForm)
            return takesConsonantForm == isConsonantForm
        }
    }

    /// Every ending the check looks for at the end of a word, longest first.
    public static let endings: [Ending] = all.flatMap { pair in
        [(pair.afterConsonant, true), (pair.afterVowel, false)].flatMap { form, isConsonantForm in
            ([""] + pair.stacked).map { Ending(pair: pair, form: form, stackedPart: $0, isConsonantForm: isConsonantForm) }
        }
    }.sorted { $0.text.unicodeScalars.count > $1.text.unicodeScalars.count }
}
