import GuidebookText

/// A translation the memory offers for an English text: the English it translates, the
/// translation, how alike the two English texts are (`TextSimilarity`) and where it comes from.
public struct MemoryMatch: Sendable, Equatable {
    /// Where a match comes from.
    public enum Origin: Sendable, Equatable {
        /// A current translation of the knowledge base itself: this unit's.
        case base(TranslationUnitID)
        /// A unit of a memory imported from a TMX file (`MemoryOrigin`).
        case imported(MemoryOrigin)
    }

    public var similarity: TextSimilarity
    /// The English the translation translates.
    public var source: String
    public var translation: String
    public var origin: Origin

    public init(similarity: TextSimilarity, source: String, translation: String, origin: Origin) {
        (self.similarity, self.source, self.translation, self.origin) = (similarity, source, translation, origin)
    }
}

/// One imported translation memory: the TMX file it came from and when.
public struct MemoryOrigin: Sendable, Equatable, Codable {
    public var id: Int64
    /// The file's name, as given at import.
    public var name: String
    public var sourceLocale: String
    public var targetLocale: String
    /// The TMX header's creation tool (and its version), when it named one.
    public var creationTool: String?
    public var importedAt: String
    /// The token that imported it.
    public var importedBy: String?
    /// Units kept.
    public var units: Int

    public init(id: Int64, name: String, sourceLocale: String, targetLocale: String, creationTool: String?, importedAt: String,
                importedBy: String?, units: Int) {
        self.id = id
        self.name = name
        self.sourceLocale = sourceLocale
        self.targetLocale = targetLocale
        self.creationTool = creationTool
        self.importedAt = importedAt
        self.importedBy = importedBy
        self.units = units
    }

    enum CodingKeys: String, CodingKey {
        case id, name, units
        case sourceLocale = "source_locale", targetLocale = "target_locale", creationTool = "creation_tool"
        case importedAt = "imported_at", importedBy = "imported_by"
    }
}
