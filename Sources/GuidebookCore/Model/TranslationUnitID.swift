/// Which text a translation unit is, as its stable id says it: `guideline:ID`,
/// `topic:SLUG:title`, `topic:SLUG:summary`, `section:SLUG:KEY` (the resource's address with `:`
/// between its parts, an XML NMTOKEN). The export writes ids with it and the import reads them back.
public enum TranslationUnitID: Sendable, Hashable {
    case guideline(String)
    case topicTitle(String)
    case topicSummary(String)
    case sectionTitle(topic: String, key: String)

    /// The id read back; nil when `text` is no unit id of this form.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts.dropFirst().contains(where: \.isEmpty) else { return nil }
        switch (parts[0], parts.count) {
        case ("guideline", 2): self = .guideline(parts[1])
        case ("topic", 3) where parts[2] == TranslationUnit.Field.topicTitle.rawValue: self = .topicTitle(parts[1])
        case ("topic", 3) where parts[2] == TranslationUnit.Field.topicSummary.rawValue: self = .topicSummary(parts[1])
        case ("section", 3): self = .sectionTitle(topic: parts[1], key: parts[2])
        default: return nil
        }
    }

    /// The id as files carry it.
    public var text: String {
        switch self {
        case .guideline(let id): "guideline:\(id)"
        case .topicTitle(let slug): "topic:\(slug):\(TranslationUnit.Field.topicTitle.rawValue)"
        case .topicSummary(let slug): "topic:\(slug):\(TranslationUnit.Field.topicSummary.rawValue)"
        case .sectionTitle(let slug, let key): "section:\(slug):\(key)"
        }
    }

    /// The resource's API address.
    public var address: String {
        switch self {
        case .guideline(let id): "/v1/guidelines/\(id)"
        case .topicTitle(let slug), .topicSummary(let slug): "/v1/topics/\(slug)"
        case .sectionTitle(let slug, let key): "/v1/topics/\(slug)/sections/\(key)"
        }
    }

    public var field: TranslationUnit.Field {
        switch self {
        case .guideline: .guidelineText
        case .topicTitle: .topicTitle
        case .topicSummary: .topicSummary
        case .sectionTitle: .sectionTitle
        }
    }

    /// The longest text the field takes.
    public var maxLength: Int {
        switch self {
        case .guideline, .topicSummary: EditRules.maxTextLength
        case .topicTitle, .sectionTitle: EditRules.maxTitleLength
        }
    }
}
