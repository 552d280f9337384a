import GuidebookText
package import SQLite

/// The words the search index holds as written, each with the number of rows holding it: where
/// "did you mean" suggestions come from.
///
/// Read from `search_surface_forms` (the surface forms the index's tokenizer counts as it indexes a
/// row, and the triggers count down as they take one out: Migrations/0024_surface_forms_apart.sql)
/// once per generation of the index and kept in `SearchCache`.
/// A Korean word also counts for its noun without the particle (사이드바를 and 사이드바가 make
/// 사이드바), so a misspelt noun finds the noun even where the text only ever writes it with particles.
///
/// The closest word: English (Latin-script) words of 3 letters or more are compared by edit distance
/// (insertions, deletions, substitutions, and swaps of two neighbours count one each), at most 1 for
/// words of up to 5 letters and 2 above; Korean words of 3 syllables or more by one changed
/// syllable (substituted, added or left out) or one changed jamo, words of 2 syllables by one changed
/// jamo. The smallest distance wins (for Korean, counted in jamo), then the word more rows hold,
/// then the alphabetically first.
///
/// Each search scans only the words of about the same length, and skips at once any whose letters
/// differ too much (a 64-bit mask of the letters it holds), so a lookup touches a small part of the
/// vocabulary; a budget shared by all the words of one query bounds it whatever the query.
public struct SearchVocabulary: Sendable {
    /// One script's words, grouped by length.
    struct Words: Sendable {
        /// The words' characters (Unicode scalars; for Korean, syllables), one after another: each
        /// word as written (lower case) is made from them when it is an answer (`text(of:)`), so no
        /// word holds a `String` of its own (16 bytes each, and a heap copy for longer ones).
        var units: [UInt32] = []
        /// Where each word's characters start in `units`; one more entry marks the end. 32 bits, as
        /// are the counts below: a vocabulary is far from 4 billion characters or rows.
        var starts: [UInt32] = [0]
        /// Rows holding each word.
        var frequencies: [UInt32] = []
        /// The characters each word holds, one bit per character modulo 64.
        var masks: [UInt64] = []
        /// Korean only: each word spelt in jamo (see `jamo`, each below 67, so a byte), where each
        /// starts, and their masks.
        var jamo: [UInt8] = []
        var jamoStarts: [UInt32] = [0]
        var jamoMasks: [UInt64] = []
        /// The word numbers of each length (index: length).
        var byLength: [Range<Int>] = []
        /// The word numbers in the order of their characters (scalar by scalar), so that the words
        /// starting with a prefix are one range (completions, `SearchVocabulary+Completions.swift`).
        var alphabetical: [Int32] = []
        /// Korean only, the initials index: the word numbers in the order of their syllables'
        /// initial consonants (0–18 each, as `Hangul.jamo` numbers them), so that the words whose
        /// initials start with a typed 초성 sequence are one range (`SearchVocabulary+Initials.swift`).
        var byInitials: [Int32] = []

        /// The words (each word's characters, once) and the rows holding each. The numbers go by
        /// length, then character by character; `alphabetical` by characters alone. Characters are
        /// compared as scalar values (what Swift's `<` does on NFC text, without its normalizing).
        init(_ list: VocabularyWordList, spellsJamo: Bool) {
            // Alphabetical first (the vocabulary arrives so ordered: FTS5 lists its terms by their bytes),
            // then a stable count by length keeps that order within each length.
            let ordered = list.alphabeticalOrder()
            let longest = ordered.reduce(0) { max($0, list.units(of: $1).count) }
            var firsts = [Int](repeating: 0, count: longest + 2)
            for word in ordered { firsts[list.units(of: word).count + 1] += 1 }
            for length in 0...longest { firsts[length + 1] += firsts[length] }
            byLength = (0...longest).map { firsts[$0]..<firsts[$0 + 1] }
            var numbers = [Int32](repeating: 0, count: ordered.count)
            var next = firsts
            for (position, word) in ordered.enumerated() {
                let length = list.units(of: word).count
                numbers[position] = Int32(next[length])
                next[length] += 1
            }
            alphabetical = numbers
            // The list's word behind each number.
            var byNumber = [Int](repeating: 0, count: ordered.count)
            for (position, number) in numbers.enumerated() { byNumber[Int(number)] = ordered[position] }
            frequencies.reserveCapacity(ordered.count)
            masks.reserveCapacity(ordered.count)
            starts.reserveCapacity(ordered.count + 1)
            units.reserveCapacity(list.units.count)
            if spellsJamo {
                jamo.reserveCapacity(list.units.count * 3)
                jamoStarts.reserveCapacity(ordered.count + 1)
                jamoMasks.reserveCapacity(ordered.count)
            }
            for word in byNumber {
                let characters = list.units(of: word)
                units.append(contentsOf: characters)
                starts.append(UInt32(units.count))
                frequencies.append(UInt32(clamping: list.counts[word]))
                masks.append(SearchVocabulary.mask(characters))
                if spellsJamo {
                    let first = jamo.count
                    SearchVocabulary.appendJamo(of: characters, to: &jamo)
                    jamoStarts.append(UInt32(jamo.count))
                    jamoMasks.append(SearchVocabulary.mask(jamo[first...]))
                }
            }
            if spellsJamo { byInitials = initialsOrder() }
        }

        /// The word numbers by their syllables' initial consonants, then by number. Sorted on keys
        /// of the first 12 initials packed in 64 bits (5 bits each, one more than the initial, so a
        /// shorter word comes first), comparing the whole words only when those are equal: comparing
        /// slices at every step of the sort was about 0.06 s of the 0.43 s that the first completing
        /// search took on 320,000 Korean words.
        private func initialsOrder() -> [Int32] {
            // Syllables are ordered by initial first, so a syllable's initial is (syllable - 가) / 588.
            func initials(_ number: Int) -> LazyMapSequence<ArraySlice<UInt32>, UInt32> {
                units(of: number).lazy.map { ($0 &- Hangul.firstSyllable) / 588 }
            }
            var keyed: [(key: UInt64, number: Int32)] = []
            keyed.reserveCapacity(count)
            for number in 0..<count {
                var key: UInt64 = 0
                for (index, initial) in initials(number).prefix(12).enumerated() {
                    key |= UInt64(min(initial, 30) + 1) << UInt64(59 - 5 * index)
                }
                keyed.append((key, Int32(number)))
            }
            keyed.sort { a, b in
                if a.key != b.key { return a.key < b.key }
                let first = initials(Int(a.number)), second = initials(Int(b.number))
                if first.lexicographicallyPrecedes(second) { return true }
                if second.lexicographicallyPrecedes(first) { return false }
                return a.number < b.number
            }
            return keyed.map(\.number)
        }

        /// Words held.
        var count: Int { frequencies.count }

        /// The characters of word `number`.
        func units(of number: Int) -> ArraySlice<UInt32> { units[Int(starts[number])..<Int(starts[number + 1])] }

        /// Word `number` as written.
        func text(of number: Int) -> String { SearchVocabulary.text(units(of: number)) }

        /// Rows holding word `number`.
        func rows(of number: Int) -> Int { Int(frequencies[number]) }

        /// Bytes of the arrays, as allocated for their elements.
        var byteCount: Int {
            func bytes<Element>(_ array: [Element]) -> Int { array.count * MemoryLayout<Element>.stride }
            return bytes(units) + bytes(starts) + bytes(frequencies) + bytes(masks) + bytes(jamo) + bytes(jamoStarts)
                + bytes(jamoMasks) + bytes(byLength) + bytes(alphabetical) + bytes(byInitials)
        }
        /// Bytes of the initials index (`byInitials`), for the benchmark's report.
        var initialsByteCount: Int { byInitials.count * MemoryLayout<Int32>.size }
    }

    let latin: Words
    let korean: Words

    /// Bytes held, for the cache's budget.
    var byteCount: Int { latin.byteCount + korean.byteCount }

    /// The text of characters as the vocabulary keeps them (scalar values).
    static func text(_ units: some Sequence<UInt32>) -> String {
        String(String.UnicodeScalarView(units.compactMap(Unicode.Scalar.init)))
    }

    /// Words held.
    public var wordCount: Int { latin.count + korean.count }

    /// What it holds, for the benchmark's report: words of each script, bytes in all (as the
    /// search cache counts them) and the bytes of the initials index among them.
    package var sizes: (latinWords: Int, koreanWords: Int, bytes: Int, initialsBytes: Int) {
        (latin.count, korean.count, byteCount, korean.initialsByteCount)
    }

    /// Shortest and longest words corrected: Latin-script words in letters, Korean in syllables.
    static let minLatinLength = 3, minKoreanLength = 2, maxLength = 32

    /// How much comparing one query's words may cost: word comparisons in all (each a mask test,
    /// a few nanoseconds; the few that pass it also an edit distance).
    public static let comparisonBudget = 2_000_000

    /// A vocabulary of these words (lower case) and the rows holding each (tests and benchmarks;
    /// searches read theirs with `load`).
    public init(latin: [String: Int], korean: [String: Int]) {
        func words(_ counts: [String: Int]) -> VocabularyWordList {
            var list = VocabularyWordList()
            for (word, count) in counts { list.append(word.unicodeScalars.lazy.map(\.value), count: count) }
            return list
        }
        self.init(latin: words(latin), korean: words(korean))
    }

    /// A vocabulary of these words (each once; any order) and the rows holding each.
    init(latin: VocabularyWordList, korean: VocabularyWordList) {
        self.latin = Words(latin, spellsJamo: false)
        self.korean = Words(korean, spellsJamo: true)
    }

    /// The words the index holds as written and the rows holding each, in word order (the
    /// forms' bytes, as their primary key orders them).
    public static let wordsSQL = "SELECT form, rows FROM search_surface_forms WHERE rows > 0 ORDER BY form"

    /// Reads the vocabulary of the search index (`package`: the benchmark reports its size).
    package static func load(from database: Database) throws -> SearchVocabulary {
        let lists = try wordLists(from: database)
        return SearchVocabulary(latin: lists.latin, korean: lists.korean)
    }

    /// The words the vocabulary is made of, as the counts give them now: the Latin-script words,
    /// and the Korean words with their nouns merged in; each list alphabetical, each word once.
    static func wordLists(from database: Database) throws -> (latin: VocabularyWordList, korean: VocabularyWordList) {
        var latin = VocabularyWordList(), korean = VocabularyWordList(), nouns = VocabularyWordList()
        var scalars: [Unicode.Scalar] = []
        try database.forEachRow(wordsSQL) { row in
            scalars.removeAll(keepingCapacity: true)
            // Most forms are ASCII letters: those need no decoding and no Unicode property.
            let ascii = row.withText(0) { bytes in
                bytes.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } ? bytes.count : -1
            }
            let count = row.int(1)
            if ascii > 0 {
                row.withText(0) { bytes in latin.append(bytes.lazy.map { UInt32($0) }, count: count) }
                return
            }
            scalars.append(contentsOf: row.text(0).unicodeScalars)
            if scalars.allSatisfy(Hangul.isSyllable) {
                korean.append(scalars.lazy.map(\.value), count: count)
                if let stem = KoreanParticles.stemLength(scalars), stem >= minKoreanLength {
                    nouns.append(scalars[..<stem].lazy.map(\.value), count: count)
                }
            } else if scalars.allSatisfy({ !CJK.contains($0) && $0.properties.isAlphabetic }) {
                latin.append(scalars.lazy.map(\.value), count: count)
            }
        }
        return (latin, merged(korean, nouns))
    }

    /// `words` (alphabetical, each once) with `nouns` added: a noun that is also a word adds its
    /// rows to the word's, and nouns cut from several words add up. Alphabetical, each once.
    ///
    /// The two lists are merged in step, into a list reserved at their size: no third copy of
    /// their characters is made. A copy of both, sorted as one, was the peak of a realistic
    /// import's memory (68 of 88 MB at 100,000 guidelines, measured with massif).
    private static func merged(_ words: VocabularyWordList, _ nouns: VocabularyWordList) -> VocabularyWordList {
        var result = VocabularyWordList()
        result.reserve(words: words.count + nouns.count, units: words.units.count + nouns.units.count)
        let wordOrder = words.alphabeticalOrder(), nounOrder = nouns.alphabeticalOrder()
        var nextWord = 0, nextNoun = 0
        var last: ArraySlice<UInt32>?
        while nextWord < wordOrder.count || nextNoun < nounOrder.count {
            let characters: ArraySlice<UInt32>, count: Int
            let word = nextWord < wordOrder.count ? words.units(of: wordOrder[nextWord]) : nil
            let noun = nextNoun < nounOrder.count ? nouns.units(of: nounOrder[nextNoun]) : nil
            // At equal characters the word goes first; the noun then adds to it below.
            if let word, !(noun?.lexicographicallyPrecedes(word) ?? false) {
                (characters, count) = (word, words.counts[wordOrder[nextWord]])
                nextWord += 1
            } else if let noun {
                (characters, count) = (noun, nouns.counts[nounOrder[nextNoun]])
                nextNoun += 1
            } else {
                break  // not reached: the loop runs while either list has a word left
            }
            if let last, last.elementsEqual(characters) {
                result.addToLast(count)
            } else {
                result.append(characters, count: count)
            }
            last = characters
        }
        return result
    }

    private static func isKorean(_ scalars: String.UnicodeScalarView) -> Bool { scalars.allSatisfy(Hangul.isSyllable) }
    private static func isLatin(_ scalars: String.UnicodeScalarView) -> Bool {
        scalars.allSatisfy { !CJK.contains($0) && $0.properties.isAlphabetic }
    }

    /// What to write instead of `written`, a query word the index does not know: the closest
    /// indexed word, capitalized when `written` is (Prgress → Progress); for a Korean word with no
    /// close word of its own, its noun corrected with the particle put back (사이드베에서 →
    /// 사이드바에서). Nil when nothing is close.
    public func correction(of written: String, budget: inout Int) -> String? {
        let word = written.lowercased()
        if let closest = closest(to: word, budget: &budget) {
            return written.first?.isUppercase == true ? closest.prefix(1).uppercased() + closest.dropFirst() : closest
        }
        if let (noun, ending) = KoreanParticles.split(word), let closest = closest(to: noun, budget: &budget) {
            return closest + ending
        }
        return nil
    }

    /// The indexed word closest to `word` (lower case), nil when none is close enough or the word
    /// cannot be corrected (too short or long, digits, mixed scripts). `budget` is what the query
    /// may still spend; it decreases by the words compared.
    public func closest(to word: String, budget: inout Int) -> String? {
        let units = word.unicodeScalars.map(\.value)
        guard units.count <= Self.maxLength else { return nil }
        if Self.isKorean(word.unicodeScalars) {
            guard units.count >= Self.minKoreanLength else { return nil }
            return closestKorean(units, budget: &budget)
        }
        guard units.count >= Self.minLatinLength, Self.isLatin(word.unicodeScalars) else { return nil }
        return closestLatin(units, budget: &budget)
    }

    /// Typo tolerance (issue 23): the indexed word to search instead of `word` (lower case), a
    /// query word that matches nothing as written. English words of 5 letters or more allow one
    /// edit, of 9 or more two (a swap of neighbours is one); shorter ones none. Korean words as
    /// `correction(of:)` corrects them: the whole word, or else its noun with the particle kept.
    /// Nil when nothing is that close.
    public func typoCorrection(of word: String, budget: inout Int) -> String? {
        let units = word.unicodeScalars.map(\.value)
        guard units.count <= Self.maxLength else { return nil }
        if Self.isKorean(word.unicodeScalars) {
            guard units.count >= Self.minKoreanLength else { return nil }
            if let closest = closestKorean(units, budget: &budget) { return closest }
            // A misspelt noun with its particle (`팝오바를`): the noun corrected, the particle kept,
            // as did-you-mean does; the query then finds the noun's every form.
            guard let (noun, ending) = KoreanParticles.split(word), noun.unicodeScalars.count >= Self.minKoreanLength,
                  let closest = closestKorean(noun.unicodeScalars.map(\.value), budget: &budget) else { return nil }
            return closest + ending
        }
        guard units.count >= Self.minTypoLength, Self.isLatin(word.unicodeScalars) else { return nil }
        return closestLatin(units, maxEdits: units.count >= Self.twoTyposLength ? 2 : 1, budget: &budget)
    }

    /// Typo tolerance's lengths: one edit from 5 letters, two from 9.
    public static let minTypoLength = 5, twoTyposLength = 9

    private typealias Best = (distance: Int, frequency: Int, number: Int)

    private func closestLatin(_ query: [UInt32], maxEdits: Int? = nil, budget: inout Int) -> String? {
        let words = latin
        var limit = maxEdits ?? (query.count <= 5 ? 1 : 2)
        let queryMask = Self.mask(query)
        var best: Best?
        var rows = [Int](repeating: 0, count: 3 * (Self.maxLength + limit + 2))
        query.withUnsafeBufferPointer { query in
            words.units.withUnsafeBufferPointer { units in
                rows.withUnsafeMutableBufferPointer { rows in
                    for length in max(0, query.count - limit)...(query.count + limit) where length < words.byLength.count {
                        for number in words.byLength[length] where abs(length - query.count) <= limit {
                            guard budget > 0 else { return }
                            budget -= 1
                            guard (words.masks[number] ^ queryMask).nonzeroBitCount <= 2 * limit else { continue }
                            let word = UnsafeBufferPointer(rebasing: units[Int(words.starts[number])..<Int(words.starts[number + 1])])
                            let distance = EditDistance.optimalAlignment(query, word, limit: limit, rows: rows)
                            guard distance > 0, distance <= limit,
                                  Self.isBetter((distance, words.rows(of: number), number), than: best, in: words) else { continue }
                            best = (distance, words.rows(of: number), number)
                            limit = distance  // nothing farther can win now
                        }
                    }
                }
            }
        }
        return best.map { words.text(of: $0.number) }
    }

    private func closestKorean(_ query: [UInt32], budget: inout Int) -> String? {
        let words = korean
        let queryJamo = Self.jamo(query)
        let queryMask = Self.mask(query), queryJamoMask = Self.mask(queryJamo)
        // Words of two syllables change by one jamo at most; longer words by one syllable or one jamo.
        let syllableChanges = query.count >= 3
        var best: Best?
        var rows = [Int](repeating: 0, count: 3 * (3 * Self.maxLength + 8))
        query.withUnsafeBufferPointer { query in
            queryJamo.withUnsafeBufferPointer { queryJamo in
                words.units.withUnsafeBufferPointer { units in
                    words.jamo.withUnsafeBufferPointer { jamo in
                        rows.withUnsafeMutableBufferPointer { rows in
                            for length in max(0, query.count - 1)...(query.count + 1) where length < words.byLength.count {
                                for number in words.byLength[length] {
                                    guard budget > 0 else { return }
                                    budget -= 1
                                    // One edit changes at most two bits of a mask.
                                    let closeInJamo = (words.jamoMasks[number] ^ queryJamoMask).nonzeroBitCount <= 2
                                    let closeInSyllables = syllableChanges && (words.masks[number] ^ queryMask).nonzeroBitCount <= 2
                                    guard closeInJamo || closeInSyllables else { continue }
                                    let spelt = UnsafeBufferPointer(rebasing: jamo[Int(words.jamoStarts[number])..<Int(words.jamoStarts[number + 1])])
                                    var distance = EditDistance.optimalAlignment(queryJamo, spelt, limit: 1, rows: rows)
                                    if distance > 1 {
                                        guard closeInSyllables else { continue }
                                        let word = UnsafeBufferPointer(rebasing: units[Int(words.starts[number])..<Int(words.starts[number + 1])])
                                        guard EditDistance.optimalAlignment(query, word, limit: 1, rows: rows) <= 1 else { continue }
                                        // Ranked by how many jamo changed.
                                        distance = EditDistance.optimalAlignment(queryJamo, spelt, limit: 8, rows: rows)
                                    }
                                    guard distance > 0,
                                          Self.isBetter((distance, words.rows(of: number), number), than: best, in: words) else { continue }
                                    best = (distance, words.rows(of: number), number)
                                }
                            }
                        }
                    }
                }
            }
        }
        return best.map { words.text(of: $0.number) }
    }

    private static func isBetter(_ candidate: Best, than best: Best?, in words: Words) -> Bool {
        guard let best else { return true }
        if candidate.distance != best.distance { return candidate.distance < best.distance }
        if candidate.frequency != best.frequency { return candidate.frequency > best.frequency }
        // Scalar by scalar: what `<` on the words' NFC strings gives.
        return words.units(of: candidate.number).lexicographicallyPrecedes(words.units(of: best.number))
    }

    /// One bit per distinct character (its value modulo 64). One edit changes at most two bits.
    static func mask<Units: Sequence>(_ units: Units) -> UInt64 where Units.Element: BinaryInteger {
        units.reduce(0) { $0 | (1 << UInt64($1 & 63)) }
    }

    /// A Hangul word spelt in jamo: each syllable's initial consonant, vowel and final consonant
    /// (when it has one), numbered 0-18, 19-39 and 40-66, so all three kinds stay apart.
    static func jamo(_ syllables: [UInt32]) -> [UInt8] {
        var jamo: [UInt8] = []
        jamo.reserveCapacity(syllables.count * 3)
        appendJamo(of: syllables, to: &jamo)
        return jamo
    }

    /// `jamo(syllables)` added to the end of `jamo`. A character that is not a syllable (only a
    /// damaged stored vocabulary holds one) is spelt as one jamo no syllable has, 255.
    static func appendJamo<Syllables: Sequence<UInt32>>(of syllables: Syllables, to jamo: inout [UInt8]) {
        for syllable in syllables {
            guard syllable >= Hangul.firstSyllable, syllable < Hangul.firstSyllable + 11_172 else {
                jamo.append(.max)
                continue
            }
            let parts = Hangul.jamo(ofSyllable: syllable)
            jamo.append(UInt8(parts.initial))
            jamo.append(UInt8(19 + parts.vowel))
            if parts.final != 0 { jamo.append(UInt8(39 + parts.final)) }
        }
    }
}

/// Edit distance with a limit, on short words.
enum EditDistance {
    /// The optimal string alignment distance between `a` and `b` (insertions, deletions,
    /// substitutions and swaps of neighbours count one each), or `limit + 1` as soon as it must
    /// exceed `limit`. `rows` holds three rows of the table: at least 3 × (b.count + 1) numbers.
    static func optimalAlignment<Unit: Equatable>(_ a: UnsafeBufferPointer<Unit>, _ b: UnsafeBufferPointer<Unit>, limit: Int,
                                 rows: UnsafeMutableBufferPointer<Int>) -> Int {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 || m == 0 { return min(max(n, m), limit + 1) }
        let width = m + 1
        precondition(rows.count >= 3 * width, "edit distance scratch too small")
        // Rows i-2, i-1 and i rotate through the three slots.
        var older = 0, previous = width, current = 2 * width
        for j in 0...m { rows[previous + j] = j }
        for i in 1...n {
            rows[current] = i
            var rowMinimum = i
            let ai = a[i - 1]
            for j in 1...m {
                let bj = b[j - 1]
                var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + (ai == bj ? 0 : 1))
                if i > 1, j > 1, ai == b[j - 2], a[i - 2] == bj { value = min(value, rows[older + j - 2] + 1) }
                rows[current + j] = value
                rowMinimum = min(rowMinimum, value)
            }
            // A row's smallest value never decreases further down, so the distance already exceeds the limit.
            if rowMinimum > limit { return limit + 1 }
            (older, previous, current) = (previous, current, older)
        }
        return min(rows[previous + m], limit + 1)
    }
}
