import GuidebookText

/// Recognises heading lines: an English heading ("Progress Bars", "Network Activity Indicators*"),
/// the Korean heading that often follows it ("스플릿 뷰"), both on one line
/// ("Split Views (스플릿 뷰)"), and Markdown headings ("## Progress Bars").
///
/// Headings are short lines without sentence punctuation. English headings are capitalised like
/// titles, or in sentence case when very short ("Best practices"); Korean headings are noun
/// phrases, so a line ending in a verb ending ("…합니다", "…하세요") is a sentence, not a heading.
enum HeadingDetector {
    /// The longest English heading, in characters and words.
    static let maximumEnglishLength = 60
    static let maximumEnglishWords = 7
    /// The longest Korean heading, in characters and words.
    static let maximumKoreanLength = 30
    static let maximumKoreanWords = 6

    /// A Markdown heading's level and text.
    static func markdownHeading(_ line: String) -> (level: Int, text: String)? {
        let hashes = line.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.first == " " else { return nil }
        let text = String(rest.trimmingSpaces())
        return text.isEmpty ? nil : (hashes, text)
    }

    /// The heading text of an English heading line, without a trailing footnote `*`; nil when
    /// `line` reads as a sentence or a fragment of one.
    static func englishHeading(_ line: String) -> String? {
        // Cheap length check first: long lines (up to megabytes) are never headings.
        guard line.utf8.count <= 4 * maximumEnglishLength else { return nil }
        let text = strippingFootnoteMarks(line)
        guard !text.isEmpty, text.count <= maximumEnglishLength else { return nil }
        guard !Hangul.occurs(in: text), Latin.occurs(in: text) else { return nil }
        guard let first = text.unicodeScalars.first, Latin.isLetter(first) || ("0"..."9").contains(first) else { return nil }
        guard let last = text.last, !sentencePunctuation.contains(last) else { return nil }
        guard !text.contains(". "), !NoteMarkup.isReference(text) else { return nil }
        let words = text.split(separator: " ")
        guard (1...maximumEnglishWords).contains(words.count) else { return nil }
        guard let firstWord = words.first, isCapitalised(firstWord) else { return nil }
        if ["TIP", "NOTE", "IMPORTANT", "WARNING"].contains(String(firstWord)) && words.count > 1 { return nil }
        if words.count > 4 {
            // Longer headings are in title case; a long lower-case line is a sentence without its full stop.
            let significant = words.filter { !EnglishWords.stopWords.contains($0.lowercased()) }
            let capitalised = significant.filter { isCapitalised($0) }
            guard capitalised.count * 10 >= significant.count * 6 else { return nil }
        }
        return text
    }

    /// The heading text of a Korean heading line ("스플릿 뷰"); nil for sentences and captions.
    static func koreanHeading(_ line: String) -> String? {
        guard line.utf8.count <= 4 * maximumKoreanLength else { return nil }
        let text = strippingFootnoteMarks(line)
        guard !text.isEmpty, text.count <= maximumKoreanLength else { return nil }
        guard Script.of(text) == .korean else { return nil }
        guard text.split(separator: " ").count <= maximumKoreanWords else { return nil }
        guard let last = text.last, !sentencePunctuation.contains(last) else { return nil }
        guard !verbEndings.contains(last), !NoteMarkup.isMediaCaption(text) else { return nil }
        return text
    }

    /// An English heading and its Korean translation written on one line: "Split Views 스플릿 뷰",
    /// "Split Views / 스플릿 뷰", "Split Views (스플릿 뷰)" or "스플릿 뷰 (Split Views)".
    /// Lines with digits are series titles ("…가이드라인(49) Views -9 Split Views"), not headings.
    static func bilingualHeading(_ line: String) -> (english: String, korean: String)? {
        guard line.utf8.count <= 4 * (maximumEnglishLength + maximumKoreanLength) else { return nil }
        guard !line.contains(where: { $0.isNumber }) else { return nil }
        let tokens = line.split(separator: " ")
        guard tokens.count >= 2, tokens.count <= maximumEnglishWords + maximumKoreanWords else { return nil }
        enum Kind { case latin, hangul, separator }
        var kinds: [Kind] = []
        for token in tokens {
            let hasHangul = Hangul.occurs(in: token)
            let hasLatin = Latin.occurs(in: token)
            if hasHangul && hasLatin { return nil }
            kinds.append(hasHangul ? .hangul : hasLatin ? .latin : .separator)
        }
        // Exactly one switch between the two scripts, with only separators between them.
        let lettered = kinds.enumerated().filter { $0.element != .separator }
        guard let firstKind = lettered.first?.element else { return nil }
        guard let switchAt = lettered.firstIndex(where: { $0.element != firstKind }) else { return nil }
        guard !lettered[switchAt...].contains(where: { $0.element == firstKind }) else { return nil }
        let splitToken = lettered[switchAt].offset
        let head = tokens[..<splitToken].joined(separator: " ")
        let tail = tokens[splitToken...].joined(separator: " ")
        let englishPart = firstKind == .latin ? head : tail
        let koreanPart = firstKind == .latin ? tail : head
        // Korean first is only a heading when the English is in parentheses: "스플릿 뷰 (Split Views)".
        if firstKind == .hangul && !tail.hasPrefix("(") { return nil }
        guard let english = englishHeading(trimmingDecoration(englishPart)) else { return nil }
        guard let korean = koreanHeading(trimmingDecoration(koreanPart)) else { return nil }
        return (english, korean)
    }

    /// `line` without trailing footnote asterisks: "Network Activity Indicators*" marks a
    /// deprecated section in the source; the mark is not part of the heading's name.
    static func strippingFootnoteMarks(_ line: String) -> String {
        var text = Substring(line)
        while let last = text.last, last == "*" || last == " " { text = text.dropLast() }
        return String(text)
    }

    /// Removes brackets and separators around one half of a bilingual heading.
    private static func trimmingDecoration(_ text: String) -> String {
        let decoration: Set<Character> = ["(", ")", "[", "]", "/", "|", "-", "–", "—", ":", " ", "·"]
        var part = Substring(text)
        while let first = part.first, decoration.contains(first) { part = part.dropFirst() }
        while let last = part.last, decoration.contains(last) { part = part.dropLast() }
        return String(part)
    }

    /// Whether a word starts with a capital letter, or is a brand with an inner capital ("iPad").
    private static func isCapitalised(_ word: Substring) -> Bool {
        guard let first = word.unicodeScalars.first(where: { $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { return false }
        if ("0"..."9").contains(first) || first.properties.isUppercase { return true }
        return word.unicodeScalars.dropFirst().contains(where: { $0.properties.isUppercase })
    }

    private static let sentencePunctuation: Set<Character> = [".", "!", "?", ",", ";", ":", "…", "。"]
    /// Final syllables of Korean sentence endings (…다, …요, …죠, …까, …음, …함).
    private static let verbEndings: Set<Character> = ["다", "요", "죠", "까", "음", "함"]
}
