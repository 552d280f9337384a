/// The Korean 2-set (두벌식) keyboard layout: which jamo each Latin key types, and how an IME
/// composes the jamo typed into syllables. It lets search read a word typed with the wrong layout
/// on (한/영 not switched): `tlxm` is 시트 typed on the English layout, `샣힏` is toggle typed on the
/// Korean one.
public enum KoreanKeyboard {
    /// The compatibility jamo each key types (lower case; the shifted keys that type another jamo
    /// in upper case: Q W E R T O P).
    private static let keys: [Character: UInt32] = [
        "q": 0x3142, "w": 0x3148, "e": 0x3137, "r": 0x3131, "t": 0x3145, "y": 0x315B, "u": 0x3155, "i": 0x3151, "o": 0x3150, "p": 0x3154,
        "a": 0x3141, "s": 0x3134, "d": 0x3147, "f": 0x3139, "g": 0x314E, "h": 0x3157, "j": 0x3153, "k": 0x314F, "l": 0x3163,
        "z": 0x314B, "x": 0x314C, "c": 0x314A, "v": 0x314D, "b": 0x3160, "n": 0x315C, "m": 0x3161,
        "Q": 0x3143, "W": 0x3149, "E": 0x3138, "R": 0x3132, "T": 0x3146, "O": 0x3152, "P": 0x3156,
    ]
    /// The key of each compatibility jamo a key types.
    private static let keyOf: [UInt32: Character] = Dictionary(keys.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })

    // Compatibility vowels ㅏ (U+314F) … ㅣ (U+3163) are the vowels 0–20 in order.
    private static func vowel(_ jamo: UInt32) -> UInt32? { (0x314F...0x3163).contains(jamo) ? jamo - 0x314F : nil }
    // Finals 1–27 as compatibility jamo (ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ).
    private static let finals: [UInt32] = [0, 0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A, 0x313B, 0x313C,
                                           0x313D, 0x313E, 0x313F, 0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146, 0x3147, 0x3148,
                                           0x314A, 0x314B, 0x314C, 0x314D, 0x314E]
    // Initials 0–18 as compatibility jamo.
    private static let initials: [UInt32] = [0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146,
                                             0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E]
    /// Vowels typed as two keys (ㅗ+ㅏ = ㅘ …), as vowel numbers.
    private static let vowelPairs: [UInt32: [UInt32: UInt32]] = [8: [0: 9, 1: 10, 20: 11], 13: [4: 14, 5: 15, 20: 16], 18: [20: 19]]
    /// Finals typed as two consonants (ㄱ+ㅅ = ㄳ …): first final number → compatibility jamo of the second → final.
    private static let finalPairs: [UInt32: [UInt32: UInt32]] = [1: [0x3145: 3], 4: [0x3148: 5, 0x314E: 6],
                                                                 8: [0x3131: 9, 0x3141: 10, 0x3142: 11, 0x3145: 12, 0x314C: 13, 0x314D: 14, 0x314E: 15],
                                                                 17: [0x3145: 18]]

    /// What `text` (keys of the English layout: ASCII letters only) types on the 2-set layout, as a
    /// Korean IME composes it (`tlxm` → 시트, `vkqdhqj` → 팝오버); nil when it holds anything else.
    public static func hangul(fromLatin text: String) -> String? {
        var jamo: [UInt32] = []
        for character in text {
            guard let value = keys[character] ?? character.lowercased().first.flatMap({ keys[$0] }) else { return nil }
            jamo.append(value)
        }
        guard !jamo.isEmpty else { return nil }
        return compose(jamo)
    }

    /// The keys of the English layout that type `text` (Hangul syllables and compatibility jamo)
    /// on the 2-set layout, lower case (`샣힏` → toggle); nil when it holds anything else.
    public static func latin(fromHangul text: String) -> String? {
        var result = ""
        for scalar in text.unicodeScalars {
            var jamo: [UInt32] = []
            if Hangul.isSyllable(scalar) {
                let (initial, vowel, final) = Hangul.jamo(ofSyllable: scalar.value)
                jamo.append(initials[Int(initial)])
                jamo.append(contentsOf: vowelKeys(vowel))
                if final != 0 { jamo.append(contentsOf: finalKeys(final)) }
            } else if let value = Self.vowel(scalar.value) {
                jamo.append(contentsOf: vowelKeys(value))
            } else if keyOf[scalar.value] != nil {
                jamo.append(scalar.value)
            } else if let final = finals.firstIndex(of: scalar.value), final > 0 {
                jamo.append(contentsOf: finalKeys(UInt32(final)))
            } else {
                return nil
            }
            for value in jamo {
                guard let key = keyOf[value] else { return nil }
                result.append(key)
            }
        }
        return result.isEmpty ? nil : result.lowercased()
    }

    private static func vowelKeys(_ vowel: UInt32) -> [UInt32] {
        for (first, seconds) in vowelPairs { for (second, pair) in seconds where pair == vowel { return [0x314F + first, 0x314F + second] } }
        return [0x314F + vowel]
    }

    private static func finalKeys(_ final: UInt32) -> [UInt32] {
        for (first, seconds) in finalPairs { for (second, pair) in seconds where pair == final { return [finals[Int(first)], second] } }
        return [finals[Int(final)]]
    }

    /// Composes jamo into syllables as an IME does: a consonant then a vowel start a syllable, a
    /// consonant after the vowel is its final until a vowel follows it (then it starts the next
    /// syllable), two vowels or two finals that pair become one; whatever cannot join stays a
    /// lone jamo.
    static func compose(_ jamo: [UInt32]) -> String {
        var out = String.UnicodeScalarView()
        func append(_ value: UInt32) { if let scalar = Unicode.Scalar(value) { out.append(scalar) } }
        func initial(_ value: UInt32) -> UInt32? { initials.firstIndex(of: value).map(UInt32.init) }
        var index = 0
        while index < jamo.count {
            let current = jamo[index]
            guard let first = initial(current), index + 1 < jamo.count, var vowel = Self.vowel(jamo[index + 1]) else {
                append(current)
                index += 1
                continue
            }
            index += 2
            if index < jamo.count, let next = Self.vowel(jamo[index]), let pair = vowelPairs[vowel]?[next] {
                vowel = pair
                index += 1
            }
            var final: UInt32 = 0
            // A consonant not followed by a vowel is the final; a second one that pairs with it too.
            if index < jamo.count, let candidate = finals.firstIndex(of: jamo[index]), candidate > 0,
               !(index + 1 < jamo.count && Self.vowel(jamo[index + 1]) != nil) {
                final = UInt32(candidate)
                index += 1
                if index < jamo.count, let pair = finalPairs[final]?[jamo[index]],
                   !(index + 1 < jamo.count && Self.vowel(jamo[index + 1]) != nil) {
                    final = pair
                    index += 1
                }
            }
            append(Hangul.syllable(initial: first, vowel: vowel, final: final))
        }
        return String(out)
    }
}
