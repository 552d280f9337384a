import Foundation
import GuidebookText

/// Finds topic titles: in a note's first line, at the start of an index paragraph, or, when the
/// note names none, in the words its English text uses most.
enum TitleExtractor {
    /// What a title-like first line says.
    struct TitleLine: Sendable, Equatable {
        /// The English title, if the line has one.
        var english: String?
        /// The Korean title, when the line gives both ("Split Views (스플릿 뷰)").
        var korean: String?
    }

    /// A title found at the start of an index paragraph, and where the paragraph's text begins.
    struct IndexEntry: Sendable {
        var title: String
        var bodyStart: String.Index
    }

    /// Words that start a sentence but rarely end a topic title; used to find where a title that
    /// runs straight into its text ("Dark Mode In iOS 13.0 …") stops.
    private static let sentenceOpeners: Set<String> = [
        "a", "an", "the", "in", "on", "at", "for", "with", "when", "if", "although", "though", "because",
        "while", "most", "many", "some", "every", "each", "all", "this", "these", "that", "those", "it",
        "its", "you", "your", "people", "use", "don't", "do", "avoid", "always", "never", "consider",
        "make", "help", "provide", "typically", "generally", "usually", "apps", "by", "there", "what",
        "how", "why", "where", "once", "after", "before", "during", "unlike", "like", "as",
    ]

    /// Words of series prefixes and platform names that precede the real title in a title line
    /// ("[iOS / HIG] Progress Indicators", "HIG Buttons").
    private static let seriesWords: Set<String> = ["ios", "ipados", "macos", "watchos", "tvos", "visionos", "hig"]

    /// Reads a note's first line. Returns nil when the line is prose (it ends like a sentence, is
    /// long, or is English without anything title-like in it), so it belongs to the content.
    /// Otherwise the line is a title line: its English title is the trailing English phrase after
    /// any series prefix ("애플 휴먼 인터페이스 가이드라인(49) Views -9 Split Views" → "Split Views",
    /// "Human Interface Guidelines - Menus" → "Menus", "HIG Buttons" → "Buttons"); `english` is nil
    /// for a blog-style line without one ("ELLO의 개발일지").
    static func titleLine(_ line: String, known: KnownTopics) -> TitleLine? {
        guard line.utf8.count <= 480 else { return nil }
        var text = line
        if let markdown = HeadingDetector.markdownHeading(text) { text = markdown.text }
        guard let last = text.last, !".!?;:…。".contains(last) else { return nil }
        guard text.count <= 120, text.split(separator: " ").count <= 15 else { return nil }

        if let title = known.suffix(of: text) { return TitleLine(english: title) }
        if let pair = HeadingDetector.bilingualHeading(text) { return TitleLine(english: pair.english, korean: pair.korean) }
        let afterSeparator = textAfterLastSeparator(String(removingBracketed(text).trimmingSpaces()))
        if let heading = HeadingDetector.englishHeading(afterSeparator) {
            return TitleLine(english: droppingSeriesWords(heading))
        }
        if let phrase = trailingEnglishPhrase(of: text) { return TitleLine(english: phrase) }
        // An English line that yields no title is prose that lacks its full stop.
        return Hangul.occurs(in: text) ? TitleLine(english: nil) : nil
    }

    /// The part of a title line after its last series separator ("HIG - Buttons" → "Buttons").
    private static func textAfterLastSeparator(_ text: String) -> String {
        var result = Substring(text)
        for separator in [" - ", " – ", " — ", " | ", ": ", " > ", " » ", " / "] {
            if let range = result.range(of: separator, options: .backwards) {
                let tail = result[range.upperBound...]
                if !tail.trimmingSpaces().isEmpty { result = tail }
            }
        }
        return String(result.trimmingSpaces())
    }

    /// Drops platform and series words that lead a title ("HIG Buttons" → "Buttons").
    private static func droppingSeriesWords(_ title: String) -> String {
        var words = title.split(separator: " ")
        while words.count > 1, let first = words.first, seriesWords.contains(first.lowercased()) {
            words.removeFirst()
        }
        return words.joined(separator: " ")
    }

    /// The English phrase that ends `line` after brackets, numbers, separators and Korean words.
    static func trailingEnglishPhrase(of line: String) -> String? {
        var run: [Substring] = []
        for token in removingBracketed(line).split(separator: " ").reversed() {
            let bare = HeadingDetector.strippingFootnoteMarks(String(token))
            guard isPlainEnglishWord(bare) else { break }
            run.insert(Substring(bare), at: 0)
        }
        guard !run.isEmpty else { return nil }
        return HeadingDetector.englishHeading(run.joined(separator: " ")).map(droppingSeriesWords)
    }

    /// Reads the title that opens an index paragraph and runs straight into its text:
    /// "Launch Screen A launch screen appears …" → "Launch Screen".
    ///
    /// Known titles are matched first. Otherwise the title is the leading run of capitalised words
    /// minus the word that starts the sentence: the first sentence opener inside the run ("A",
    /// "In", "Don’t", "Most"), else a repetition of the title's first word ("Modality Modality
    /// is …"), else the run's last word. Titles have at most five words and must be followed by at
    /// least five words of text (a short line such as "My HIG reading list" is a header, not an entry).
    static func indexEntry(_ text: String, known: KnownTopics) -> IndexEntry? {
        if let match = known.prefix(of: text) { return IndexEntry(title: match.title, bodyStart: match.rest) }

        var words: [(word: Substring, start: String.Index)] = []
        var index = text.startIndex
        while index < text.endIndex, words.count < 12 {
            while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
            guard index < text.endIndex else { break }
            let end = text[index...].firstIndex(of: " ") ?? text.endIndex
            words.append((text[index..<end], index))
            index = end
        }
        // A separator after the title makes the cut explicit: "Dark Mode: In iOS …", "Dark Mode - In iOS …".
        var run = 0
        while run < words.count, run < 5 {
            let word = words[run].word
            if run >= 1, ["-", "–", "—", ":", "|"].contains(word) {
                return entry(words: words, titleWords: run, bodyFrom: run + 1)
            }
            if word.hasSuffix(":"), isTitleWord(word.dropLast()) {
                return entry(words: words, titleWords: run + 1, bodyFrom: run + 1)
            }
            guard isTitleWord(word) else { break }
            run += 1
        }
        while run < words.count, isTitleWord(words[run].word) { run += 1 }
        guard run >= 2, run < words.count else { return nil }

        let lowered = words.prefix(run).map { normalizedWord($0.word) }
        var cut = run - 1
        if let opener = (1..<run).first(where: { sentenceOpeners.contains(lowered[$0]) }) {
            cut = opener
        } else if let repeated = (1..<run).first(where: { EnglishWords.isSameWordOrPlural(lowered[$0], lowered[0]) }) {
            cut = repeated
        }
        return entry(words: words, titleWords: cut, bodyFrom: cut)
    }

    /// An index entry whose title is `words[..<titleWords]` and whose text starts at `words[bodyFrom]`,
    /// if the title has one to five words and at least five words of text follow.
    private static func entry(words: [(word: Substring, start: String.Index)], titleWords: Int, bodyFrom: Int) -> IndexEntry? {
        guard (1...5).contains(titleWords), words.count - bodyFrom >= 5 else { return nil }
        var title = words.prefix(titleWords).map { String($0.word) }.joined(separator: " ")
        if title.hasSuffix(":") { title.removeLast() }
        return IndexEntry(title: title, bodyStart: words[bodyFrom].start)
    }

    /// A title for a note that names none: the English word its text uses most, skipping function
    /// words and words every note uses ("Materials" for a note about materials). Words of the first
    /// sentence count double, since notes open by introducing their subject. When the word mostly
    /// appears with the same neighbour, the pair is the title ("Activity Indicators"). The plural
    /// form is preferred, as guideline titles are plural ("Materials", "Progress Indicators").
    static func derivedTitle(fromEnglish texts: [String]) -> String? {
        var counts: [String: Int] = [:]
        var occurrences: [String: Int] = [:]
        var surfaces: [String: [String: Int]] = [:]
        var firstSeen: [String: Int] = [:]
        var neighbours: [String: [String: Int]] = [:]
        var position = 0
        // The opening of a note says what it is about; a sample keeps huge notes fast.
        for (textIndex, text) in texts.prefix(200).enumerated() {
            let sample = text.prefix(2_000)
            let firstSentenceEnd = sample.firstIndex(where: { ".!?".contains($0) }) ?? sample.endIndex
            for (isFirstSentence, part) in [(true, sample[..<firstSentenceEnd]), (false, sample[firstSentenceEnd...])] {
                var previous: String?
                for word in EnglishWords.words(part) {
                    guard word.count >= 3, word.allSatisfy(\.isLetter), !EnglishWords.stopWords.contains(word), !commonWords.contains(word) else {
                        previous = nil
                        continue
                    }
                    let stem = EnglishWords.singular(of: word)
                    counts[stem, default: 0] += (isFirstSentence && textIndex == 0) ? 2 : 1
                    occurrences[stem, default: 0] += 1
                    surfaces[stem, default: [:]][word, default: 0] += 1
                    if firstSeen[stem] == nil { firstSeen[stem] = position }
                    if let previous {
                        let previousStem = EnglishWords.singular(of: previous)
                        neighbours[stem, default: [:]]["<" + previousStem, default: 0] += 1
                        neighbours[previousStem, default: [:]][">" + stem, default: 0] += 1
                    }
                    previous = word
                    position += 1
                }
            }
        }
        let best = counts.max { lhs, rhs in
            lhs.value != rhs.value ? lhs.value < rhs.value : (firstSeen[lhs.key] ?? 0) > (firstSeen[rhs.key] ?? 0)
        }
        guard let stem = best?.key, let forms = surfaces[stem] else { return nil }
        let word = forms[stem + "s"] != nil ? stem + "s" : (forms.max { $0.value < $1.value }?.key ?? stem)
        guard let neighbour = neighbours[stem]?.max(by: { $0.value < $1.value }), neighbour.value >= 2,
              Double(neighbour.value) >= 0.6 * Double(occurrences[stem] ?? 0) else {
            return capitalised(word)
        }
        let otherStem = String(neighbour.key.dropFirst())
        if neighbour.key.hasPrefix("<") {
            // "activity indicator(s)": the neighbour modifies the word, which heads the title.
            return capitalised(commonestForm(of: otherStem, in: surfaces)) + " " + capitalised(word)
        }
        // "progress bar(s)": the word modifies its neighbour, which heads the title.
        return capitalised(commonestForm(of: stem, in: surfaces)) + " " + capitalised(EnglishWords.plural(of: otherStem))
    }

    private static func commonestForm(of stem: String, in surfaces: [String: [String: Int]]) -> String {
        surfaces[stem]?.max { $0.value < $1.value }?.key ?? stem
    }

    private static func capitalised(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Words too common in guideline text to name a topic.
    private static let commonWords: Set<String> = [
        "use", "uses", "used", "using", "app", "apps", "ios", "ipados", "macos", "people", "user", "users",
        "make", "makes", "like", "example", "see", "guidance", "developer", "related", "time", "way",
        "help", "helps", "provide", "provides", "allow", "allows", "look", "looks", "great", "good",
        "well", "more", "most", "other", "some", "only", "even", "while", "because", "without",
        "within", "across", "different", "same", "possible", "whenever", "system", "content", "when",
        "what", "how", "where", "not", "dont", "need", "needs", "many", "much", "one", "two", "three",
        "four", "include", "includes", "including", "consider", "avoid", "always", "never", "ensure",
        "information", "default", "specific", "appropriate", "important", "generally", "typically",
    ]

    /// Whether a word can be part of a run-in title: capitalised, letters (and ’ ' - &) only.
    private static func isTitleWord(_ word: Substring) -> Bool {
        guard let first = word.unicodeScalars.first, Latin.isLetter(first), first.properties.isUppercase else { return false }
        return word.allSatisfy { $0.isLetter || "’'-&".contains($0) } && !Hangul.occurs(in: word)
    }

    private static func isPlainEnglishWord(_ word: String) -> Bool {
        guard Latin.occurs(in: word) else { return false }
        return word.allSatisfy { character in
            guard let scalar = character.unicodeScalars.first else { return false }
            return Latin.isLetter(scalar) || "’'-&".contains(character)
        }
    }

    private static func normalizedWord(_ word: Substring) -> String {
        word.lowercased().replacingOccurrences(of: "’", with: "'")
    }

    /// `line` without bracketed parts: "[iOS / HIG] Progress Indicators" → "Progress Indicators".
    private static func removingBracketed(_ line: String) -> String {
        var result = ""
        var depth = 0
        for character in line {
            switch character {
            case "[", "【", "「", "『": depth += 1; result.append(" ")
            case "]", "】", "」", "』": depth = max(0, depth - 1); result.append(" ")
            default: if depth == 0 { result.append(character) }
            }
        }
        return result.split(separator: " ").joined(separator: " ")
    }
}
