import GuidebookText

/// The editable fields of a topic, as a create or a replace gives them (the source locale's texts;
/// translations are written on their own). A field is nil when the request left it out.
public struct TopicDraft: Sendable, Equatable {
    public var slug: String?
    public var category: String?
    public var title: String?
    public var summary: String?

    public init(slug: String? = nil, category: String? = nil, title: String? = nil, summary: String? = nil) {
        (self.slug, self.category, self.title, self.summary) = (slug, category, title, summary)
    }
}

/// The editable fields of a section of a topic.
public struct SectionDraft: Sendable, Equatable {
    public var key: String?
    /// The source-locale title (an untitled section is allowed: "" or nil).
    public var title: String?
    /// Its place among the topic's sections (0 first); nil: last when created, unchanged otherwise.
    public var position: Int?

    public init(key: String? = nil, title: String? = nil, position: Int? = nil) {
        (self.key, self.title, self.position) = (key, title, position)
    }
}

/// The editable fields of a guideline.
public struct GuidelineDraft: Sendable, Equatable {
    public var id: String?
    public var topic: String?
    public var section: String?
    /// The source-locale text.
    public var text: String?
    /// Its place within its section (0 first); nil: last when created or moved, unchanged otherwise.
    public var position: Int?

    public init(id: String? = nil, topic: String? = nil, section: String? = nil, text: String? = nil, position: Int? = nil) {
        (self.id, self.topic, self.section, self.text, self.position) = (id, topic, section, text, position)
    }
}

/// The rules an edit's values must follow (what a request's shape cannot say: lengths, slugs,
/// required source texts). Every broken rule is collected, so a refusal can list them all.
public enum EditRules {
    /// Longest title (topic or section), in characters (what an import accepts too).
    public static let maxTitleLength = BundleValidator.maxTitleLength
    /// Longest summary or guideline text, in characters (what an import accepts too).
    public static let maxTextLength = BundleValidator.maxTextLength

    /// Adds a problem unless `value` is a slug (a-z, 0-9, '-'; dots too when `allowingDots`).
    static func checkIdentifier(_ value: String?, name: String, allowingDots: Bool = false, into problems: inout [InvalidField]) {
        guard let value else { return problems.append(InvalidField(name, "is required")) }
        do {
            try BundleValidator.validateIdentifier(value, allowingDots: allowingDots, at: name)
        } catch StoreError.invalid(_, let reason) {
            problems.append(InvalidField(name, reason))
        } catch {
            problems.append(InvalidField(name, "is not a valid identifier"))
        }
    }

    /// Adds a problem unless `value` is text of at most `maxLength` characters that is not blank
    /// when `required`. The length is that of the text as stored (`TextLengthRule`) when
    /// `normalizedWhenStored` (the knowledge base's texts), else of the text as sent (a comment).
    static func checkText(_ value: String?, name: String, required: Bool, maxLength: Int, normalizedWhenStored: Bool = true,
                          into problems: inout [InvalidField]) {
        guard let value else {
            if required { problems.append(InvalidField(name, "is required")) }
            return
        }
        // Code points, as the contract's maxLength counts them.
        let tooLong = normalizedWhenStored ? TextLengthRule.exceeds(value, maxLength: maxLength) : value.unicodeScalars.count > maxLength
        if required && TextNormalization.isBlank(value) {  // blank once stored: only zero-width spaces, say
            problems.append(InvalidField(name, "must not be empty"))
        } else if tooLong {
            problems.append(InvalidField(name, "is longer than \(maxLength) characters"))
        }
    }

    /// Adds a problem unless `value` is a reason a person wrote: not blank, at most `maxLength` characters.
    public static func checkReason(_ value: String, name: String, maxLength: Int, into problems: inout [InvalidField]) {
        if TextNormalization.isBlank(value) {  // as a required text is: white space or invisible characters only
            problems.append(InvalidField(name, "must not be empty"))
        } else if value.unicodeScalars.count > maxLength {  // code points, as the contract's maxLength counts
            problems.append(InvalidField(name, "is longer than \(maxLength) characters"))
        }
    }

    static func checkPosition(_ value: Int?, name: String = "position", into problems: inout [InvalidField]) {
        if let value, !(0...100_000).contains(value) { problems.append(InvalidField(name, "must be a whole number from 0 to 100000")) }
    }
}
