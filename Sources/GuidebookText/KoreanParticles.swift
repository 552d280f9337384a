/// The particles and endings a Korean word may carry after its noun (시트를, 팝오버에서, 메뉴는,
/// 표시하는), so a search for the word also finds the noun alone, and a term is recognised with a
/// particle attached (`stem(_:)`).
///
/// The rule, in order:
/// - only a word made wholly of Hangul syllables is looked at;
/// - the longest covered ending is cut off: 을/를, 이/가, 은/는, 의, 에, 에서, 에는, 으로/로, 와/과,
///   도, 만, and 하면/하는 (a noun turned verb: 표시하는 → 표시);
/// - an ending with two forms must be the form that follows the stem's last syllable, as Korean
///   writes it: 을/은/이/과/으로 after a final consonant, 를/는/가/와/로 after a vowel (로 also after
///   ㄹ). That alone keeps 사이, 디스플레이, 효과 and 경로 whole: their last syllable is not a particle;
/// - a topic, object or other marker stacked on a case marker is cut too, once (메뉴에서는 → 메뉴,
///   컬럼으로도 → 컬럼);
/// - what remains must be a noun: two syllables or more, or one of the one-syllable nouns of
///   `oneSyllableNouns` (앱을 → 앱, but 사이 is not 사 + 이 and 정도 is not 정 + 도).
public enum KoreanParticles {
    /// One-syllable nouns a particle may be cut down to: the nouns of interface text (앱, 뷰, 탭,
    /// 바, 창, 키, ...). A fixed list rather than the index's vocabulary, so a query means the same
    /// on every knowledge base and parsing needs no database; any other single syllable is left
    /// with its particle.
    public static let oneSyllableNouns: Set<String> = [
        "앱", "뷰", "탭", "바", "창", "키", "셀", "핀", "펜", "색", "줄", "칸", "열", "행", "값", "글", "팁", "맵",
        "웹", "폰", "링", "톤", "틀", "면", "선", "점", "표", "쪽", "문", "책", "별", "팀", "폼", "툴", "룰", "잠",
    ]

    /// Which last syllables of the stem an ending may follow.
    private enum Agreement { case any, afterFinal, afterVowel, afterVowelOrRieul }

    private struct Ending {
        let scalars: [Unicode.Scalar]
        let agreement: Agreement
        /// True when it may stand on a case marker (는 in 에서는, 도 in 에도).
        let stacks: Bool

        init(_ text: String, _ agreement: Agreement, stacks: Bool = false) {
            self.scalars = Array(text.unicodeScalars)
            self.agreement = agreement
            self.stacks = stacks
        }
    }

    /// The covered endings, longest first.
    private static let endings: [Ending] = [
        Ending("하면", .any), Ending("하는", .any), Ending("에서", .any), Ending("에는", .any), Ending("으로", .afterFinal),
        Ending("을", .afterFinal, stacks: true), Ending("를", .afterVowel, stacks: true),
        Ending("이", .afterFinal, stacks: true), Ending("가", .afterVowel, stacks: true),
        Ending("은", .afterFinal, stacks: true), Ending("는", .afterVowel, stacks: true),
        Ending("의", .any, stacks: true), Ending("도", .any, stacks: true), Ending("만", .any, stacks: true),
        Ending("에", .any), Ending("로", .afterVowelOrRieul), Ending("와", .afterVowel), Ending("과", .afterFinal),
    ]

    /// Case markers another particle may be stacked on (에서는, 에도, 으로는, 만을, 와의).
    private static let innerEndings: Set<String> = ["에서", "에", "으로", "로", "와", "과", "만"]

    /// The word's noun and the ending cut off it (`시트를` → (`시트`, `를`)); nil when the word
    /// carries no covered ending or cutting it would not leave a noun.
    public static func split(_ word: String) -> (stem: String, ending: String)? {
        let scalars = Array(word.unicodeScalars)
        guard let at = stemLength(scalars) else { return nil }
        return (String(String.UnicodeScalarView(scalars[..<at])), String(String.UnicodeScalarView(scalars[at...])))
    }

    /// How many syllables of `scalars` are the noun when they carry a covered ending (`split`,
    /// without making strings: the search vocabulary splits every Korean word it reads); nil as for `split`.
    public static func stemLength(_ scalars: [Unicode.Scalar]) -> Int? {
        guard scalars.count >= 2, scalars.allSatisfy(Hangul.isSyllable) else { return nil }
        guard var cut = cutOne(scalars[...]) else { return nil }
        if cut.stacks, let inner = cutOne(scalars[..<cut.at]), innerEndings.contains(String(String.UnicodeScalarView(scalars[inner.at..<cut.at]))) {
            cut.at = inner.at
        }
        return cut.at
    }

    /// The word's noun when it carries a covered ending (`시트를` → `시트`), else the word itself
    /// (`사이`, `시트`, `split`): what a Korean word is compared by when its particle must not matter.
    public static func stem(_ word: String) -> String {
        split(word)?.stem ?? word
    }

    /// The longest ending that can be cut off `scalars` leaving a noun: where the stem ends, and
    /// whether another particle may stand before that ending.
    private static func cutOne(_ scalars: ArraySlice<Unicode.Scalar>) -> (at: Int, stacks: Bool)? {
        for ending in endings where scalars.count > ending.scalars.count && scalars.suffix(ending.scalars.count).elementsEqual(ending.scalars) {
            let at = scalars.endIndex - ending.scalars.count
            let final = Hangul.jamo(ofSyllable: scalars[at - 1].value).final
            switch ending.agreement {
            case .any: break
            case .afterFinal: guard final != 0, !(ending.scalars.count == 2 && final == Hangul.finalRieul) else { continue }  // 으로 never follows ㄹ
            case .afterVowel: guard final == 0 else { continue }
            case .afterVowelOrRieul: guard final == 0 || final == Hangul.finalRieul else { continue }
            }
            let stemLength = at - scalars.startIndex
            guard stemLength >= 2 || oneSyllableNouns.contains(String(Character(scalars[scalars.startIndex]))) else { continue }
            return (at, ending.stacks)
        }
        return nil
    }
}
