/// What applying a bundle did, counted per kind of record.
public struct ImportCounts: Sendable, Equatable, Codable {
    /// Created, updated and unchanged records of one kind.
    public struct Tally: Sendable, Equatable, Codable {
        public var created = 0
        public var updated = 0
        public var unchanged = 0
        public init() {}

        mutating func record(_ outcome: WriteOutcome) {
            switch outcome {
            case .created: created += 1
            case .updated: updated += 1
            case .unchanged: unchanged += 1
            }
        }

        static func += (lhs: inout Tally, rhs: Tally) {
            lhs.created += rhs.created
            lhs.updated += rhs.updated
            lhs.unchanged += rhs.unchanged
        }
    }

    public var topics = Tally()
    public var guidelines = Tally()
    /// Texts in non-source locales.
    public var translations = Tally()

    public init() {}

    /// Guidelines and translations created or updated.
    var guidelinesChanged: Int {
        guidelines.created + guidelines.updated + translations.created + translations.updated
    }

    /// Adds another count to this one.
    public static func += (lhs: inout ImportCounts, rhs: ImportCounts) {
        lhs.topics += rhs.topics
        lhs.guidelines += rhs.guidelines
        lhs.translations += rhs.translations
    }
}

/// Whether one write created, changed or left a record.
enum WriteOutcome {
    case created, updated, unchanged

    /// Combines the outcomes of a record's parts: any change makes the record updated.
    func merged(with other: WriteOutcome) -> WriteOutcome {
        if self == .created { return .created }
        if self == .updated || other != .unchanged { return .updated }
        return .unchanged
    }
}

/// How an import treats topics that already exist.
public enum ImportMode: String, Sendable, Codable {
    /// Upsert by stable keys; records absent from the bundle stay.
    case merge
    /// A topic in the bundle is replaced: its sections and guidelines absent from the bundle are removed.
    case replace
}
