import GuidebookText

/// The words a half-typed last query word may become (search as you type, issue 23).
///
/// English: the indexed words as written that start with the typed letters (`indicat` →
/// indicator, indicate), one per family of inflections (indicator and indicators are one stem in
/// the index). Korean: the runs whose start the typed text may be while a Korean IME composes it,
/// cut to as many syllables as were typed: the last syllable without a final may still take one
/// (진해 → 진행), a lone consonant starts the next syllable (진행ㄹ → 진행률; ㅈ alone, the first key
/// of a word, stands for its words' first two syllables: 진행, 작업, …), and a final may still move
/// on to start the next syllable (싵 → 시트, 팝옵 → 팝오버, 스텦 → 스테퍼).
///
/// The words starting with a prefix are one range of `Words.alphabetical`; a range is scanned at
/// most `completionScanLimit` words far, and the `limit` forms most rows hold are kept.
extension SearchVocabulary {
    /// What a half-typed word may become: the forms kept, most frequent first, and how many were found.
    public struct Completions: Sendable, Equatable {
        /// The completed forms searched, most rows first (English words; Korean runs as long as typed).
        public var forms: [String]
        /// Distinct forms found (at most those scanned): `forms` are the first `limit` of them.
        public var found: Int
    }

    /// Most words of the vocabulary one completion looks at (a one-letter prefix in a large index).
    public static let completionScanLimit = 200_000

    /// The share of the index's rows past which no more completions are taken (one in
    /// `completionRowShare`): the forms a short prefix stands for are the most frequent words,
    /// and once those and the word as written hold a quarter of the rows, more forms would add
    /// little to the first pages but rows to merge and rank for every keystroke.
    public static let completionRowShare = 4

    /// The completions of `written` (one word: Latin letters, or a Hangul run), at most `limit`,
    /// the forms more rows hold first (ties: alphabetical), taken while the rows the word as
    /// written and the forms taken so far hold stay under `rowBudget` (so a word as written that
    /// holds that many takes none; `p` takes its most frequent form alone). Empty when nothing
    /// completes it.
    public func completions(of written: String, limit: Int, rowBudget: Int = .max) -> Completions {
        let units = written.lowercased().unicodeScalars.map(\.value)
        guard !units.isEmpty, units.count <= Self.maxLength, limit > 0 else { return Completions(forms: [], found: 0) }
        if written.unicodeScalars.allSatisfy(Hangul.contains) {
            return koreanCompletions(units, limit: limit, rowBudget: rowBudget)
        }
        guard Self.isLatinWord(units) else { return Completions(forms: [], found: 0) }
        return latinCompletions(units, limit: limit, rowBudget: rowBudget)
    }

    /// The word `written` (matching nothing) was typed as with the wrong keyboard layout on: the
    /// Korean word its keys type on the 2-set layout (`tlxm` → 시트) or the English word a Hangul
    /// text's keys spell (`샣힏` → toggle), when the vocabulary holds that word; nil otherwise.
    public func layoutCorrection(of written: String) -> String? {
        let scalars = written.unicodeScalars
        if scalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }), scalars.count >= 2, scalars.count <= Self.maxLength,
           let korean = KoreanKeyboard.hangul(fromLatin: written), self.korean.contains(korean.unicodeScalars.map(\.value)) {
            return korean
        }
        if scalars.allSatisfy(Hangul.contains), scalars.count <= Self.maxLength, let english = KoreanKeyboard.latin(fromHangul: written),
           english.count >= 2, latin.contains(english.unicodeScalars.map(\.value)) {
            return english
        }
        return nil
    }

    private static func isLatinWord(_ units: [UInt32]) -> Bool {
        units.allSatisfy { Unicode.Scalar($0).map { TextSegmenter.isWordScalar($0) } ?? false }
    }

    private func latinCompletions(_ typed: [UInt32], limit: Int, rowBudget: Int) -> Completions {
        // Each family's most frequent form stands for it; the family's rows (its forms' rows added
        // up: the index matches the family's stem) are what it is ranked and counted by.
        var families: [String: (form: String, frequency: Int, rows: Int)] = [:]
        var budget = Self.completionScanLimit
        let typedText = Self.text(typed)
        let typedFamily = EnglishStemmer.stem(typedText)
        var writtenRows = latin.frequency(of: typed)
        latin.forEachWord(prefix: typed, next: 0...UInt32.max, budget: &budget) { number in
            let text = latin.text(of: number)
            let frequency = latin.rows(of: number)
            let family = EnglishStemmer.stem(text)
            // The typed word's own inflections: the index finds them already.
            guard family != typedFamily else { return writtenRows += frequency }
            guard var kept = families[family] else { return families[family] = (text, frequency, frequency) }
            kept.rows += frequency
            if frequency > kept.frequency || (frequency == kept.frequency && text < kept.form) { (kept.form, kept.frequency) = (text, frequency) }
            families[family] = kept
        }
        return Self.best(families.values.map { ($0.form, $0.rows) }, limit: limit, rowBudget: rowBudget, writtenRows: writtenRows)
    }

    private func koreanCompletions(_ typed: [UInt32], limit: Int, rowBudget: Int) -> Completions {
        // Each way the typed text may go on: fixed syllables, then a range of syllables that follow.
        var patterns: [(prefix: [UInt32], next: ClosedRange<UInt32>)] = []
        let last = typed[typed.count - 1]
        let head = Array(typed.dropLast())
        guard head.allSatisfy({ Unicode.Scalar($0).map(Hangul.isSyllable) ?? false }) else { return Completions(forms: [], found: 0) }
        if Hangul.isSyllable(Unicode.Scalar(last)!) {
            let (initial, vowel, final) = Hangul.jamo(ofSyllable: last)
            if final == 0 {
                // 해 may become 행, 핵, …; 호 may become 화, 회, … (and 황, …): the vowel joined by the next.
                for joined in [vowel] + Hangul.compoundVowels(of: vowel) {
                    let bare = Hangul.syllable(initial: initial, vowel: joined, final: 0)
                    patterns.append((head, bare...(bare + 27)))
                }
            } else if let split = Hangul.splitFinal(final) {
                // 싵: 시 and then a syllable starting with ㅌ.
                let kept = Hangul.syllable(initial: initial, vowel: vowel, final: split.kept)
                patterns.append((head + [kept], Self.syllables(startingWith: split.movedInitial)))
                // 널: 넓, 넒, … (the final joined by the next consonant).
                for joined in Hangul.compoundFinals(of: final) {
                    let syllable = Hangul.syllable(initial: initial, vowel: vowel, final: joined)
                    patterns.append((head, syllable...syllable))
                }
            }
        } else if let initial = Hangul.initial(ofCompatibilityJamo: last) {
            // 진행ㄹ: 진행 and then a syllable starting with ㄹ; ㅈ alone (the first key of a word): a syllable starting with ㅈ.
            patterns.append((head, Self.syllables(startingWith: initial)))
        }
        var forms: [(form: String, frequency: Int)] = []
        var budget = Self.completionScanLimit
        for pattern in patterns {
            // As many syllables as typed; a lone first consonant stands for its words' first two
            // syllables (ㅅ → 사용, 시트): one bigram each, where one syllable would be a prefix of
            // every bigram it starts, inside words too.
            let length = max(pattern.prefix.count + 1, head.isEmpty && !Hangul.isSyllable(Unicode.Scalar(last)!) ? 2 : 0)
            // The words sharing a form are neighbours in alphabetical order: one form per run of them.
            var run: (units: ArraySlice<UInt32>, frequency: Int)?
            func endRun() {
                guard let ended = run, !ended.units.elementsEqual(typed) else { return }
                forms.append((Self.text(ended.units), ended.frequency))
            }
            korean.forEachWord(prefix: pattern.prefix, next: pattern.next, budget: &budget) { number in
                let form = korean.units(of: number).prefix(length)
                if let current = run, current.units.elementsEqual(form) {
                    run?.frequency += korean.rows(of: number)
                } else {
                    endRun()
                    run = (form, korean.rows(of: number))
                }
            }
            endRun()
        }
        return Self.best(forms, limit: limit, rowBudget: rowBudget, writtenRows: korean.frequency(of: typed))
    }

    /// The syllables whose initial consonant is `initial` (0–18): 588 in a row.
    private static func syllables(startingWith initial: UInt32) -> ClosedRange<UInt32> {
        let first = Hangul.syllable(initial: initial, vowel: 0, final: 0)
        return first...(first + 587)
    }

    /// The `limit` candidates most rows hold, taken while the rows covered (`writtenRows`, the word
    /// as written, and the candidates taken) stay under `rowBudget`.
    static func best(_ candidates: [(form: String, frequency: Int)], limit: Int, rowBudget: Int, writtenRows: Int) -> Completions {
        let sorted = candidates.sorted { $0.frequency != $1.frequency ? $0.frequency > $1.frequency : $0.form < $1.form }
        var forms: [String] = []
        var covered = writtenRows
        for candidate in sorted {
            guard forms.count < limit, covered < rowBudget else { break }
            forms.append(candidate.form)
            covered += candidate.frequency
        }
        return Completions(forms: forms, found: sorted.count)
    }
}

extension SearchVocabulary.Words {
    /// Calls `body` with each word that starts with `prefix` followed by a character in `next`
    /// (the words are one range of `alphabetical`), while `budget` lasts.
    func forEachWord(prefix: [UInt32], next: ClosedRange<UInt32>, budget: inout Int, _ body: (Int) -> Void) {
        let low = prefix + [next.lowerBound]
        let start = lowerBound(low)
        var position = start
        while position < alphabetical.count, budget > 0 {
            let number = Int(alphabetical[position])
            let word = units(of: number)
            guard word.count > prefix.count, word.starts(with: prefix), next.contains(word[word.startIndex + prefix.count]) else { break }
            budget -= 1
            body(number)
            position += 1
        }
    }

    /// True when the vocabulary holds exactly `word` (its characters).
    func contains(_ word: [UInt32]) -> Bool {
        let position = lowerBound(word)
        return position < alphabetical.count && units(of: Int(alphabetical[position])).elementsEqual(word)
    }

    /// The rows holding exactly `word` (its characters); 0 when the vocabulary does not hold it.
    func frequency(of word: [UInt32]) -> Int {
        let position = lowerBound(word)
        guard position < alphabetical.count, units(of: Int(alphabetical[position])).elementsEqual(word) else { return 0 }
        return rows(of: Int(alphabetical[position]))
    }

    /// The first position of `alphabetical` whose word is not before `key`.
    private func lowerBound(_ key: [UInt32]) -> Int {
        var low = 0, high = alphabetical.count
        while low < high {
            let middle = (low + high) / 2
            if units(of: Int(alphabetical[middle])).lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
