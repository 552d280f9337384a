/// Compares what must come through translation unchanged (`ProtectedSpans`): each span the source
/// has that the translation lacks, and each the translation has that the source does not, is a
/// finding of its check.
enum SpanComparison {
    static func findings(source: ProtectedSpans, translation: ProtectedSpans, text: String, into findings: inout [CheckFinding]) {
        compare(source.placeholders, translation.placeholders, .placeholders, "placeholder", text, &findings)
        compare(source.code, translation.code, .inlineCode, "inline code", text, &findings)
        compare(source.urls, translation.urls, .urls, "URL", text, &findings)
        compare(source.numbers, translation.numbers, .numbers, "number", text, &findings)
        if source.linkTargets.count != translation.linkTargets.count {
            findings.append(CheckFinding(check: .markdownLinks,
                                         message: "the English has \(source.linkTargets.count) Markdown link(s), the translation \(translation.linkTargets.count)"))
        } else {
            compare(source.linkTargets, translation.linkTargets, .markdownLinks, "link target", text, &findings)
        }
    }

    /// One finding per distinct span missing or added (counted: `{n}` twice in the English and once
    /// in the translation is one missing).
    private static func compare(_ source: [String], _ translation: [String], _ check: CheckName, _ what: String, _ text: String,
                                _ findings: inout [CheckFinding]) {
        guard !source.isEmpty || !translation.isEmpty else { return }
        var counts: [String: Int] = [:]
        for span in source { counts[span, default: 0] += 1 }
        for span in translation { counts[span, default: 0] -= 1 }
        for span in unique(source) where counts[span]! > 0 {
            findings.append(CheckFinding(check: check, message: "the translation lacks the English's \(what) \(span)", fix: span))
        }
        for span in unique(translation) where counts[span]! < 0 {
            findings.append(CheckFinding(check: check, message: "the translation has the \(what) \(span), which the English does not",
                                         found: span, offset: CheckFinding.offset(of: span, in: text)))
        }
    }

    private static func unique(_ spans: [String]) -> [String] {
        var seen: Set<String> = []
        return spans.filter { seen.insert($0).inserted }
    }
}
