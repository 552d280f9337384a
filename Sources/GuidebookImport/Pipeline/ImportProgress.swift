/// Where an import stands, as it reports to its `ImportObserver`. Only the `Importer` makes one.
public struct ImportProgress: Sendable, Equatable {
    /// The step an import is at, in the order it takes them.
    public enum Phase: String, Sendable {
        case starting, counting, parsing, applying, committing
    }

    /// The step, and what is happening in it for people ("applying notes-2.txt: 3 of 12 topics").
    public var phase: Phase, message: String
    /// How far it got in `unit`s ("records" or "topics"), of `total` (nil while unknown).
    public var completed: Int, total: Int?, unit: String
}
