/// Where a unit of work stands, as it reports to its `JobContext`.
public struct JobProgress: Sendable, Equatable {
    /// "counting", "parsing", "applying", "committing", ...
    public var phase: String
    /// What is happening, for people ("applying notes-2.txt: 312 of 1,204 paragraphs").
    public var message: String
    public var completed: Int
    /// Nil while the amount of work is unknown.
    public var total: Int?
    /// What is counted: "records", "topics", "paragraphs".
    public var unit: String

    public init(phase: String, message: String, completed: Int, total: Int?, unit: String) {
        self.phase = phase
        self.message = message
        self.completed = completed
        self.total = total
        self.unit = unit
    }
}
