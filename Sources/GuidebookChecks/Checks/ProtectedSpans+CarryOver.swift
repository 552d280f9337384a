extension ProtectedSpans {
    /// What a translation lost or gained of the English's placeholders and Markdown link targets,
    /// one sentence each; empty when it keeps every one of them (in any order, as a translation may
    /// reorder them). The translators' file import refuses a unit with any: such a text would
    /// break where it is shown. Found by the same reading as the checks (`TranslationChecker`), so
    /// an import and a check never disagree on what a placeholder is.
    public static func carryOverProblems(source: String, translation: String) -> [String] {
        let expected = ProtectedSpans(source), found = ProtectedSpans(translation)
        var problems: [String] = []
        for (kind, wanted, got) in [("placeholder", expected.placeholders, found.placeholders), ("link target", expected.linkTargets, found.linkTargets)] {
            let missing = difference(wanted, got), extra = difference(got, wanted)
            if !missing.isEmpty {
                problems.append("the \(kind)\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) of the English \(missing.count > 1 ? "are" : "is") missing")
            }
            if !extra.isEmpty {
                problems.append("the \(kind)\(extra.count > 1 ? "s" : "") \(extra.joined(separator: ", ")) \(extra.count > 1 ? "are" : "is") not in the English")
            }
        }
        return problems
    }

    /// The items of `a` that `b` does not have as often (a multiset difference), in `a`'s order.
    private static func difference(_ a: [String], _ b: [String]) -> [String] {
        var remaining = Dictionary(b.map { ($0, 1) }, uniquingKeysWith: +)
        return a.filter { item in
            guard let count = remaining[item], count > 0 else { return true }
            remaining[item] = count - 1
            return false
        }
    }
}
