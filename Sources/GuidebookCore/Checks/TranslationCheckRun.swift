import Foundation
import GuidebookChecks
import GuidebookText

/// The checks as one transaction runs them: the text checks with the store's options, and the
/// glossary as the transaction sees it (its own checks, `GlossaryChecker`, and its terms' last
/// words for the particle check, per locale). Several threads may check with one at once
/// (`FindingsTable.recheck`).
final class TranslationCheckRun: @unchecked Sendable {
    let options: CheckOptions
    private let terms: [GlossaryTerm]
    private let glossary: GlossaryChecker
    /// Made for each locale when first asked for; read and added to under `lock`.
    private var checkers: [String: TranslationChecker] = [:]
    private let lock = NSLock()

    init(options: CheckOptions, terms: [GlossaryTerm]) {
        self.options = options
        self.terms = terms
        self.glossary = GlossaryChecker(terms: terms)
    }

    /// Every finding of `translation` in `locale` against its English `source` (`key` names the
    /// record in the glossary checker's findings), in the order of `CheckName`'s cases.
    func findings(source: String, translation: String, locale: String, key: String) -> [CheckFinding] {
        // Nothing to translate, or nothing translated yet (missing is a state, not a finding).
        guard !source.trimmingWhitespace().isEmpty, !translation.trimmingWhitespace().isEmpty else { return [] }
        var findings = checker(for: locale).findings(source: source, translation: translation, locale: locale)
        let glossaryFindings = glossary.findings(guideline: key, source: source, translations: [locale: translation])
        guard !glossaryFindings.isEmpty else { return findings }
        // A term written with a particle that does not agree (툴바이) is there: the particle check says so.
        let particleFindings = findings.filter { $0.check == .particles }
        let particleFixed = particleFindings.isEmpty ? translation : CheckFinding.applyingFixes(of: particleFindings, to: translation)
        for finding in glossaryFindings {
            if let variant = finding.found {
                findings.append(CheckFinding(check: .glossaryForbidden,
                                             message: "'\(variant)' is a forbidden variant of the glossary term '\(finding.term)': use '\(finding.expected)'",
                                             found: variant, fix: finding.expected, offset: CheckFinding.offset(of: variant, in: translation),
                                             correctedText: TermSubstitution.replacing(variant, with: finding.expected, in: translation)))
            } else if !TermMatcher.koreanText(particleFixed, uses: finding.expected) {
                findings.append(CheckFinding(check: .glossaryMissing,
                                             message: "the English uses the glossary term '\(finding.term)'; the translation lacks its equivalent '\(finding.expected)'",
                                             fix: finding.expected))
            }
        }
        return CheckFinding.inCheckOrder(findings)
    }

    private func checker(for locale: String) -> TranslationChecker {
        lock.lock()
        defer { lock.unlock() }
        if let checker = checkers[locale] { return checker }
        // The last word of each term and forbidden variant in the locale: what a particle follows.
        var words: [String] = []
        for term in terms {
            let texts = (term.term[locale].map { [$0] } ?? []) + (term.forbidden[locale] ?? [])
            words += texts.compactMap { $0.split(separator: " ").last.map(String.init) }
        }
        let checker = TranslationChecker(options: options, knownNouns: words)
        checkers[locale] = checker
        return checker
    }
}
