import GuidebookText

/// Checks a bundle against the rules of `Seed/README.md` before anything is written,
/// so that bad input is reported with the field that broke a rule.
public enum BundleValidator {
    /// Most characters an identifier may have.
    public static let maxIdentifierLength = 128
    /// Most characters a text may have.
    public static let maxTextLength = 20_000
    /// Most characters a title (category, topic or section) may have: as the API's edits allow,
    /// so that an imported title can be edited and written back.
    public static let maxTitleLength = 300

    /// Throws `StoreError.invalid` naming the first offending field.
    public static func validate(_ bundle: KnowledgeBundle) throws {
        guard bundle.format == KnowledgeBundle.formatName else {
            throw StoreError.invalid(field: "format", reason: "must be \"\(KnowledgeBundle.formatName)\"")
        }
        guard bundle.version == KnowledgeBundle.currentVersion else {
            throw StoreError.invalid(field: "version", reason: "version \(bundle.version) is not supported (this binary reads \(KnowledgeBundle.currentVersion))")
        }
        for (i, locale) in bundle.locales.enumerated() { try validate(locale, at: "locales[\(i)]") }
        for (i, category) in bundle.categories.enumerated() { try validate(category, at: "categories[\(i)]") }
        var guidelineIDs = Set<String>()
        for (i, topic) in bundle.topics.enumerated() {
            try validate(topic, at: "topics[\(i)]")
            // Ids are unique across the knowledge base, not only within a topic.
            for (s, section) in topic.sections.enumerated() {
                for (g, guideline) in section.guidelines.enumerated() where !guidelineIDs.insert(guideline.id).inserted {
                    throw StoreError.invalid(field: "topics[\(i)].sections[\(s)].guidelines[\(g)].id",
                                             reason: "'\(guideline.id)' is used by another topic in this bundle")
                }
            }
        }
        for (i, entry) in bundle.glossary.enumerated() {
            try validateText(entry.term, at: "glossary[\(i)].term", requireSource: true)
            do {
                _ = try GlossaryTermRule.kept(entry)
            } catch StoreError.invalid(let field, let reason) {
                throw StoreError.invalid(field: "glossary[\(i)]: \(field)", reason: reason)
            }
        }
    }

    public static func validate(_ locale: BundleLocale, at path: String) throws {
        guard isLocaleCode(locale.code) else {
            throw StoreError.invalid(field: "\(path).code", reason: "'\(locale.code)' is not a locale code (like en, ko, pt-br)")
        }
        guard !locale.name.isEmpty, locale.name.unicodeScalars.count <= 100 else {
            throw StoreError.invalid(field: "\(path).name", reason: "must be 1 to 100 characters")
        }
    }

    public static func validate(_ category: BundleCategory, at path: String) throws {
        try validateSlug(category.slug, at: "\(path).slug")
        try validateText(category.title, at: "\(path).title", requireSource: true, maxLength: maxTitleLength)
    }

    public static func validate(_ topic: BundleTopic, at path: String) throws {
        try validateSlug(topic.slug, at: "\(path).slug")
        try validateSlug(topic.category, at: "\(path).category")
        try validateText(topic.title, at: "\(path).title", requireSource: true, maxLength: maxTitleLength)
        try validateText(topic.summary, at: "\(path).summary", requireSource: false)
        if !topic.review.isEmpty {
            try validateReview(topic.review, translating: { topic.title[$0] != nil || topic.summary[$0] != nil }, at: path)
        }
        var sectionKeys = Set<String>()
        var guidelineIDs = Set<String>()
        for (s, section) in topic.sections.enumerated() {
            // Paths are written only for an error: an import validates every guideline it reads.
            func sectionPath() -> String { "\(path).sections[\(s)]" }
            try validateSlug(section.key, at: "\(sectionPath()).key")
            guard sectionKeys.insert(section.key).inserted else {
                throw StoreError.invalid(field: "\(sectionPath()).key", reason: "'\(section.key)' appears twice in topic '\(topic.slug)'")
            }
            try validateText(section.title, at: "\(sectionPath()).title", requireSource: false, maxLength: maxTitleLength)
            if !section.review.isEmpty {
                try validateReview(section.review, translating: { section.title[$0] != nil }, at: sectionPath())
            }
            for (g, guideline) in section.guidelines.enumerated() {
                func guidelinePath() -> String { "\(sectionPath()).guidelines[\(g)]" }
                try validateIdentifier(guideline.id, allowingDots: true, at: "\(guidelinePath()).id")
                guard guidelineIDs.insert(guideline.id).inserted else {
                    throw StoreError.invalid(field: "\(guidelinePath()).id", reason: "'\(guideline.id)' appears twice")
                }
                try validateText(guideline.text, at: "\(guidelinePath()).text", requireSource: true)
                if !guideline.review.isEmpty {
                    try validateReview(guideline.review, translating: { guideline.text[$0] != nil }, at: guidelinePath())
                }
            }
        }
    }

    /// True when `value` is a slug a topic or category could have (a-z, 0-9 and '-').
    public static func isSlug(_ value: String) -> Bool {
        (try? validateSlug(value, at: "")) != nil
    }

    static func validateSlug(_ value: String, at path: @autoclosure () -> String) throws {
        try validateIdentifier(value, allowingDots: false, at: path())
    }

    static func validateIdentifier(_ value: String, allowingDots: Bool, at path: @autoclosure () -> String) throws {
        let valid = !value.isEmpty && value.utf8.count <= maxIdentifierLength && value.utf8.allSatisfy { byte in
            (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2d || (allowingDots && byte == 0x2e)
        }
        guard valid else {
            let allowed = allowingDots ? "a-z, 0-9, '-' and '.'" : "a-z, 0-9 and '-'"
            throw StoreError.invalid(field: path(), reason: "'\(value.prefix(140))' must be 1 to \(maxIdentifierLength) characters of \(allowed)")
        }
    }

    static func validateText(_ text: LocalizedText, at path: @autoclosure () -> String, requireSource: Bool, maxLength: Int = maxTextLength) throws {
        if requireSource, TextNormalization.isBlank(text[SourceLocale.code] ?? "") {
            throw StoreError.invalid(field: "\(path()).\(SourceLocale.code)", reason: "the source-locale text is required")
        }
        for (locale, value) in text {
            guard isLocaleCode(locale) else {
                throw StoreError.invalid(field: path(), reason: "'\(locale.prefix(40))' is not a locale code")
            }
            // Counted as the API's edits count it (`TextLengthRule`), so that what an import
            // stores can be edited and written back.
            guard !TextLengthRule.exceeds(value, maxLength: maxLength) else {
                throw StoreError.invalid(field: "\(path()).\(locale)", reason: "longer than \(maxLength) characters")
            }
        }
    }

    /// Checks a text's `states` and `outdated` (`BundleReview`): each names a locale the text is
    /// translated into (`hasText`), never the source locale, and each state is a review state.
    static func validateReview(_ review: BundleReview, translating hasText: (String) -> Bool, at path: String) throws {
        func checkLocale(_ locale: String, field: String) throws {
            guard isLocaleCode(locale) else {
                throw StoreError.invalid(field: field, reason: "'\(locale.prefix(40))' is not a locale code")
            }
            guard locale != SourceLocale.code else {
                throw StoreError.invalid(field: field, reason: "the source locale '\(locale)' has no review state: only translations do")
            }
            guard hasText(locale) else {
                throw StoreError.invalid(field: field, reason: "there is no '\(locale)' text for it to describe")
            }
        }
        for (locale, state) in review.states.sorted(by: { $0.key < $1.key }) {
            let field = "\(path).states.\(locale.prefix(40))"
            try checkLocale(locale, field: field)
            guard ReviewState(rawValue: state) != nil else {
                let known = ReviewState.allCases.map(\.rawValue).joined(separator: ", ")
                throw StoreError.invalid(field: field, reason: "'\(state.prefix(40))' is not a review state (\(known))")
            }
        }
        var seen = Set<String>()
        for (i, locale) in review.outdated.enumerated() {
            let field = "\(path).outdated[\(i)]"
            try checkLocale(locale, field: field)
            guard seen.insert(locale).inserted else {
                throw StoreError.invalid(field: field, reason: "'\(locale)' appears twice")
            }
        }
    }

    /// Lower-case BCP 47-like code: 2–3 letters, optionally "-" and 2–8 letters or digits.
    public static func isLocaleCode(_ code: String) -> Bool {
        // Read byte by byte, not split: every text of an import asks it of its locale.
        var language = 0, region = -1  // region: -1 until the "-"
        for byte in code.utf8 {
            let isLetter = byte >= 0x61 && byte <= 0x7a
            if byte == 0x2d {
                guard region < 0 else { return false }
                region = 0
            } else if region < 0 {
                guard isLetter else { return false }
                language += 1
            } else {
                guard isLetter || (byte >= 0x30 && byte <= 0x39) else { return false }
                region += 1
            }
        }
        return (2...3).contains(language) && (region < 0 || (2...8).contains(region))
    }
}
