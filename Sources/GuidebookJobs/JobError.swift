/// Why a job failed, and where in its input. A `JobWork` throws one for a failure of its input;
/// the runner records any other error as one too.
public struct JobError: Error, Sendable, Codable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based line of the input, when known.
    public var line: Int?
    /// The field that broke a rule, when known.
    public var field: String?

    public init(message: String, line: Int? = nil, field: String? = nil) {
        self.message = message
        self.line = line
        self.field = field
    }

    /// "line 3: topic x.slug: the message", as much of it as is known.
    public var description: String {
        var text = message
        if let field { text = "\(field): \(text)" }
        if let line { text = "line \(line): \(text)" }
        return text
    }
}
