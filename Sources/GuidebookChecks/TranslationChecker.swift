import GuidebookText

/// Runs the checks that need only the texts on one translated field against its English source:
/// placeholders, inline code, URLs, numbers, Markdown links, emphasis and lists, white space, the
/// end mark, the length ratio, an unchanged text and (in Korean) particle agreement. The glossary's
/// own checks, which need the terms, are the store's (`GlossaryChecker`); it gives this one the
/// terms' last words so a particle after a term is judged (`knownNouns`).
public struct TranslationChecker: Sendable {
    public let options: CheckOptions
    public let particles: ParticleChecker

    /// `knownNouns`: words known to stand before a particle in Korean (the glossary terms' last words).
    public init(options: CheckOptions = CheckOptions(), knownNouns: some Sequence<String> = []) {
        self.options = options
        self.particles = ParticleChecker(knownNouns: knownNouns)
    }

    /// True for the locales whose particles are checked: Korean (`ko`, `ko-KR`, ...).
    public static func isKorean(_ locale: String) -> Bool {
        locale == "ko" || locale.hasPrefix("ko-")
    }

    /// The findings of `translation` (in `locale`) against its English `source`, in the order of
    /// `CheckName`'s cases. An empty translation is only held to nothing: it is missing, not wrong.
    public func findings(source: String, translation: String, locale: String) -> [CheckFinding] {
        guard !translation.trimmingWhitespace().isEmpty else { return [] }
        var findings: [CheckFinding] = []
        let sourceSpans = ProtectedSpans(source)
        let translationSpans = ProtectedSpans(translation)
        SpanComparison.findings(source: sourceSpans, translation: translationSpans, text: translation, into: &findings)
        markdownFindings(MarkdownShape(source, spans: sourceSpans), MarkdownShape(translation, spans: translationSpans), into: &findings)
        WhitespaceCheck.findings(source: source, translation: translation, into: &findings)
        if let finding = EndPunctuation.finding(source: source, translation: translation) { findings.append(finding) }
        if let finding = lengthFinding(source: source, translation: translation) { findings.append(finding) }
        if source.trimmingWhitespace().utf8.elementsEqual(translation.trimmingWhitespace().utf8), source.contains(where: \.isLetter) {
            findings.append(CheckFinding(check: .unchanged, message: "the translation is the English text itself"))
        }
        if Self.isKorean(locale) {
            findings += particleFindings(in: translation)
        }
        return CheckFinding.inCheckOrder(findings)
    }

    /// The particle errors of a Korean `text` as findings, each with the text it fixes.
    public func particleFindings(in text: String) -> [CheckFinding] {
        particles.errors(in: text).map { error in
            var finding = CheckFinding(check: .particles, message: "'\(error.particle)' after '\(error.word)' should be '\(error.expected)'",
                                       found: error.found, fix: error.fix, offset: error.offset)
            finding.correctedText = CheckFinding.applyingFixes(of: [finding], to: text)
            return finding
        }
    }

    private func markdownFindings(_ source: MarkdownShape, _ translation: MarkdownShape, into findings: inout [CheckFinding]) {
        if source.strongMarks != translation.strongMarks || source.emphasisMarks != translation.emphasisMarks {
            findings.append(CheckFinding(check: .markdownEmphasis, message: "the English has \(source.strongMarks) strong and \(source.emphasisMarks) emphasis "
                                         + "marks (** and *), the translation \(translation.strongMarks) and \(translation.emphasisMarks)"))
        }
        if source.bulletItems != translation.bulletItems || source.numberedItems != translation.numberedItems {
            findings.append(CheckFinding(check: .markdownLists, message: "the English has \(source.bulletItems) bullet and \(source.numberedItems) "
                                         + "numbered list items, the translation \(translation.bulletItems) and \(translation.numberedItems)"))
        }
    }

    private func lengthFinding(source: String, translation: String) -> CheckFinding? {
        // In code points: a precomposed Hangul syllable is one, as it is one character.
        let sourceLength = Self.codePoints(source.trimmingWhitespace())
        guard sourceLength >= options.lengthRatioMinimumSource else { return nil }
        let ratio = Double(Self.codePoints(translation.trimmingWhitespace())) / Double(sourceLength)
        guard !options.lengthRatio.contains(ratio) else { return nil }
        let shown = (ratio * 100).rounded() / 100
        return CheckFinding(check: .lengthRatio, message: "the translation is \(shown) times as long as the English (expected "
                            + "\(options.lengthRatio.lowerBound) to \(options.lengthRatio.upperBound))")
    }

    /// The code points of `text`, counted from its UTF-8 (every byte but a continuation byte starts
    /// one) rather than by decoding each: every translation an import writes is measured.
    static func codePoints(_ text: Substring) -> Int {
        let counted = text.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }
        return counted ?? text.unicodeScalars.count
    }
}
