import GuidebookText

/// How a number written in digits ends when read in Korean (Sino-Korean numerals, as a number
/// before a particle is read: 3을 is 삼을, 10을 is 십을, 2를 is 이를).
public enum NumberReading {
    /// The final sound of the number `digits` reads as: the last digit's name (일 ㄹ, 이 vowel,
    /// 삼 ㅁ, 사, 오, 육 ㄱ, 칠 ㄹ, 팔 ㄹ, 구), or for round numbers the unit they end in (십 ㅂ,
    /// 백 ㄱ, 천 ㄴ, 만 ㄴ, 억 ㄱ, 조); 0 is 영. Thousands separators are skipped; after a decimal
    /// point the digits are read one by one. Nil when `digits` is not a number of that shape or
    /// too large to be read this way.
    public static func finalSound(of digits: String) -> FinalSound? {
        var scalars = Array(digits.unicodeScalars.filter { $0 != "," })
        guard let first = scalars.first, ("0"..."9").contains(first) else { return nil }
        if let point = scalars.firstIndex(of: ".") {
            let decimals = scalars[(point + 1)...]
            guard !decimals.isEmpty, decimals.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return digitSound(decimals.last!)
        }
        guard scalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        while scalars.count > 1, scalars.first == "0" { scalars.removeFirst() }
        guard let last = scalars.last else { return nil }
        if scalars.count == 1 { return digitSound(last) }
        let zeros = scalars.reversed().prefix { $0 == "0" }.count
        switch zeros {
        case 0: return digitSound(last)
        case 1...11: return .consonant   // 십, 백, 천, 만 (십만, 백만, 천만), 억 (…)
        case 12...15: return .vowel      // 조
        default: return nil
        }
    }

    /// 영 일 이 삼 사 오 육 칠 팔 구.
    private static func digitSound(_ digit: Unicode.Scalar) -> FinalSound {
        switch digit {
        case "0", "3", "6": return .consonant   // 영, 삼, 육
        case "1", "7", "8": return .rieul       // 일, 칠, 팔
        default: return .vowel                  // 이, 사, 오, 구
        }
    }
}
