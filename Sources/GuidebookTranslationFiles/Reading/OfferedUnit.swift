/// One unit as a translated file brings it back: its id, the English it was exported with, the
/// translation offered (if any) and what the file says of it, with where it is in the file.
public struct OfferedUnit: Sendable, Equatable {
    /// The unit's id (`guideline:ID`, `topic:SLUG:title`, …): XLIFF's unit id, PO's `msgctxt`.
    public var id: String
    /// The English the translation was made from, as the file carries it (nil: the file has none).
    public var source: String?
    /// The translation offered; nil when the unit has none (no target, an empty `msgstr`).
    public var target: String?
    /// The English revision the unit was exported against (`gb:revision`, `#. English revision N`);
    /// nil when the file lost it.
    public var revision: Int?
    /// The file marks the translation finished: not `initial` (XLIFF 2.0), not `new` or `needs-…`
    /// (XLIFF 1.2), not `#, fuzzy` (PO).
    public var isFinished: Bool
    /// Where the unit starts.
    public var position: FilePosition
    /// Where its translation starts (the unit's position when it has none).
    public var targetPosition: FilePosition
    /// Why the unit cannot be taken as it is (an inline code Guidebook never writes, plural forms,
    /// a partly translated unit); the rest of the file is still read, so that every such unit is listed.
    public var problem: String?

    public init(id: String, source: String?, target: String?, revision: Int?, isFinished: Bool, position: FilePosition,
                targetPosition: FilePosition? = nil, problem: String? = nil) {
        self.id = id
        self.source = source
        self.target = target
        self.revision = revision
        self.isFinished = isFinished
        self.position = position
        self.targetPosition = targetPosition ?? position
        self.problem = problem
    }

    /// A unit's revision as its file writes it (`gb:revision`, the number of `#. English revision
    /// N`): nil when there is none. One that is written but is not a whole number from 1 up
    /// (`1.5`, ` 1`, `0x1`, too large) is a problem: without it the unit would be compared with
    /// no revision at all, as though the file had never carried one.
    static func revision(_ text: Substring?) -> (value: Int?, problem: String?) {
        guard let text else { return (nil, nil) }
        if let value = Int(text), value >= 1, text.allSatisfy({ $0.isASCII && $0.isNumber }) { return (value, nil) }
        return (nil, "its revision '\(text.prefix(40))' is not a revision number")
    }
}
