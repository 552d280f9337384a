import GuidebookChecks

/// What a quality check found in one translated field, as stored (`KnowledgeReader.findings`).
public struct TranslationFinding: Sendable, Equatable {
    /// The finding's row id: the order of the lists and their cursor.
    public var id: Int64
    /// What the field belongs to: a topic (title, summary), a section (title) or a guideline (text).
    public var resource: ChangeResource
    /// The topic's slug (the record's own or its topic's).
    public var topic: String
    /// The section's key, for a section's title.
    public var section: String?
    /// The guideline's id, for a guideline's text.
    public var guideline: String?
    public var locale: String
    /// `text`, `title` or `summary`.
    public var field: String
    public var check: CheckName
    public var severity: CheckSeverity
    public var message: String
    /// The part at fault, its fix, where it starts (code points) and the field with the fix applied.
    public var found: String?
    public var fix: String?
    public var offset: Int?
    public var correctedText: String?

    /// The API path of the translation the finding is about.
    public var translationPath: String {
        switch resource {
        case .guideline: return "/v1/guidelines/\(guideline ?? "")/translations/\(locale)"
        case .section: return "/v1/topics/\(topic)/sections/\(section ?? "")/translations/\(locale)"
        case .topic, .glossary: return "/v1/topics/\(topic)/translations/\(locale)"
        }
    }
}

/// How many findings there are, by check (each check has one severity).
public struct FindingCounts: Sendable, Equatable {
    public var byCheck: [CheckName: Int] = [:]

    public init(byCheck: [CheckName: Int] = [:]) {
        self.byCheck = byCheck
    }

    public var total: Int { byCheck.values.reduce(0, +) }

    /// The findings of checks of `severity`.
    public func count(_ severity: CheckSeverity) -> Int {
        byCheck.filter { $0.key.severity == severity }.values.reduce(0, +)
    }
}
