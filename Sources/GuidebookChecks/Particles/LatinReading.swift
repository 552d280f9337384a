import GuidebookText

/// How a Latin word ends when Korean reads it, as far as a particle after it cares (`Button을`:
/// 버튼, a final ㄴ; `Label로`: 레이블, ㄹ; `Display를`: 디스플레이, a vowel).
///
/// Korean writes English loanwords by a few regular rules, and their endings decide: a final n,
/// m or ng stays a consonant (버튼, 아이템, 로딩), l becomes ㄹ (패널, 타이틀), r and most
/// consonant clusters end in a vowel (슬라이더, 텍스트, 카드, 박스). Where common words go both
/// ways (-te: 노트 but 템플릿; a one-syllable -t: 킷 but 비트) the reading is not known and the
/// check stays silent. Letters in capitals are read by their names (API 에이피아이, URL 유알엘).
public enum LatinReading {
    /// The final sound of the Latin run `word` (ASCII letters and digits; its last camel-case part
    /// or capitals are what is read: `UIVisualEffectView` → view, `iOS` → OS), or nil when its
    /// reading is not known.
    public static func finalSound(of word: String) -> FinalSound? {
        let scalars = Array(word.unicodeScalars)
        guard let last = scalars.last else { return nil }
        if ("0"..."9").contains(last) {
            let digits = scalars.reversed().prefix { ("0"..."9").contains($0) }.reversed()
            return NumberReading.finalSound(of: String(scalars: digits))
        }
        guard scalars.allSatisfy({ isASCIILetter($0) || ("0"..."9").contains($0) }) else { return nil }
        let part = lastPart(scalars)
        if part.count >= 2 || (part.count == 1 && scalars.count == 1), part.allSatisfy(isUppercase) {
            let acronym = String(scalars: part)
            if let known = acronyms[acronym] { return known }
            return letterName(part.last!)
        }
        let lower = String(scalars: part).lowercased()
        if let known = words[lower] { return known }
        return byEnding(lower)
    }

    /// The sound a number followed by a unit ends in (`10px을`: 픽셀, `50%를`: 퍼센트), for units
    /// with one reading; nil for any other.
    public static func finalSound(ofUnit unit: String) -> FinalSound? {
        units[unit.lowercased()]
    }

    // MARK: The word read

    /// The last camel-case part: a run of capitals at the end (`iOS` → OS, `SwiftUI` → UI), else
    /// from the last capital (`iPad` → Pad); the whole word when it has no capital after its start.
    private static func lastPart(_ scalars: [Unicode.Scalar]) -> ArraySlice<Unicode.Scalar> {
        let letters = scalars[...]
        let trailingCapitals = letters.reversed().prefix(while: isUppercase).count
        if trailingCapitals >= 2 || trailingCapitals == letters.count { return letters.suffix(trailingCapitals) }
        if let capital = letters.lastIndex(where: isUppercase) { return letters[capital...] }
        return letters
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar)
    }

    /// A capital read by its name: 엘 and 알 end in ㄹ, 엠 and 엔 in a consonant, every other name
    /// (에이, 비, 씨, …, 엑스, 와이, 지) in a vowel.
    private static func letterName(_ letter: Unicode.Scalar) -> FinalSound {
        switch letter {
        case "L", "R": return .rieul
        case "M", "N": return .consonant
        default: return .vowel
        }
    }

    // MARK: Rules by ending

    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]

    /// The reading of a lower-case word by its ending; nil where common words are read both ways.
    private static func byEnding(_ word: String) -> FinalSound? {
        func ends(_ suffixes: String...) -> Bool { suffixes.contains { word.hasSuffix($0) } }
        let characters = Array(word)
        guard let last = characters.last else { return nil }
        let beforeLast = characters.count >= 2 ? characters[characters.count - 2] : nil
        switch last {
        case "n", "m": return .consonant                                       // 버튼, 아이템, 칼럼
        case "g": return ends("ng") ? .consonant : .vowel                     // 로딩 / 태그, 로그
        case "l": return .rieul                                                // 패널, 컨트롤
        case "r", "a", "i", "o", "u", "y", "w", "d", "f", "s", "x", "z", "v": return .vowel  // 슬라이더, 카메라, 뷰, 카드, 박스
        case "h": return ends("sh", "ch", "th", "ph") ? .vowel : nil          // 플래시, 스위치, 패스, 그래프
        case "e": return silentE(word)
        case "k":
            if ends("ook", "ck") { return .consonant }                         // 북, 스택, 클릭
            return ends("nk", "rk", "sk", "lk") ? .vowel : nil                // 링크, 다크, 태스크
        case "c":
            if ends("ic", "ac", "ec") { return .consonant }                    // 그래픽, 맥, 스펙
            return ends("nc", "rc") ? .vowel : nil                            // 싱크
        case "p":
            return ends("mp", "lp", "sp", "rp", "oop") ? .vowel : .consonant  // 헬프, 루프 / 앱, 탭, 팝업, 그룹
        case "b":
            return ends("ab", "eb", "ob", "ub") ? .consonant : nil            // 탭, 웹, 잡
        case "t":
            if ends("ght") { return .vowel }                                   // 라이트
            if let beforeLast, !vowels.contains(beforeLast) { return .vowel }  // 텍스트, 폰트, 차트
            if ends("out") { return .consonant }                              // 레이아웃
            if ends("oot", "eet", "eat", "oat", "ait") { return .vowel }      // 루트, 시트, 리피트
            // One vowel before a final t: 위젯, 태블릿, 포맷, 로봇 when the word has more than one
            // syllable; one-syllable words go both ways (킷, 비트), so only the table knows them.
            return syllables(word) >= 2 ? .consonant : nil
        default: return nil
        }
    }

    /// A final silent e: -me and -ne keep their consonant (네임, 라인), -le is ㄹ (타이틀), -re a
    /// vowel (스토어); after d, k, s, c, g, v, z, b, f, p, h or a vowel the e reads as ㅡ or
    /// vanishes into a vowel (슬라이드, 페이지, 타입 aside); -te goes both ways (노트, 템플릿).
    private static func silentE(_ word: String) -> FinalSound? {
        guard word.count >= 2 else { return .vowel }
        let characters = Array(word)
        switch characters[characters.count - 2] {
        case "m", "n": return .consonant
        case "l": return .rieul
        case "t": return nil
        case "r", "d", "k", "s", "c", "g", "v", "z", "b", "f", "h", "a", "e", "i", "o", "u", "y": return .vowel
        case "p": return word.hasSuffix("type") ? .consonant : .vowel       // 타입; 셰이프, 파이프
        default: return nil
        }
    }

    /// Vowel groups in `word`: its syllables, roughly.
    private static func syllables(_ word: String) -> Int {
        var count = 0
        var inVowel = false
        for character in word {
            let isVowel = vowels.contains(character)
            if isVowel && !inVowel { count += 1 }
            inVowel = isVowel
        }
        return count
    }

    // MARK: Tables

    /// Words the rules read wrongly or cannot read, with their reading (nil: read both ways).
    private static let words: [String: FinalSound?] = [
        "check": .vowel, "theme": .vowel, "hub": .vowel, "kit": .consonant, "chat": .consonant, "flat": .consonant,
        "cut": .consonant, "shot": .consonant, "slot": .consonant, "spot": .consonant, "bot": .consonant, "hot": .consonant,
        "bit": .vowel, "hit": .vowel, "template": .consonant, "private": .consonant, "favorite": .consonant, "tweet": .consonant,
        "set": nil, "dot": nil, "edit": nil, "exit": nil, "alert": nil, "autumn": .consonant,
    ]

    /// Capitals read as a word rather than letter by letter where the two readings end differently.
    private static let acronyms: [String: FinalSound?] = ["JPEG": .consonant, "PNG": nil, "MAC": nil]

    /// Units after a number with one reading.
    private static let units: [String: FinalSound] = [
        "%": .vowel, "px": .rieul, "pt": .vowel, "ms": .vowel, "s": .vowel, "kb": .vowel, "mb": .vowel, "gb": .vowel,
        "tb": .vowel, "hz": .vowel, "dp": .vowel,
    ]
}
