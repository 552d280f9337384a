/// Why a job failed, and where in its input. A `JobWork` throws one for a failure of its input;
/// the runner records any other error as one too.
public struct JobError: Error, Sendable, Codable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based line of the input, when known.
    public var line: Int?
    /// 1-based column of the input (in characters), when known.
    public var column: Int?
    /// The field that broke a rule, when known.
    public var field: String?
    /// Every problem of the input when the work checked all of it before failing (a translated
    /// file's invalid units); the first is also the error's own line, column and field.
    public var problems: [Problem]?
    /// Problems found beyond those kept in `problems`.
    public var problemsOmitted: Int?

    /// One problem of the input, where it is.
    public struct Problem: Sendable, Codable, Equatable {
        public var message: String
        public var line: Int?
        public var column: Int?
        public var field: String?

        public init(message: String, line: Int? = nil, column: Int? = nil, field: String? = nil) {
            (self.message, self.line, self.column, self.field) = (message, line, column, field)
        }
    }

    public init(message: String, line: Int? = nil, column: Int? = nil, field: String? = nil, problems: [Problem]? = nil, problemsOmitted: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
        self.field = field
        self.problems = problems
        self.problemsOmitted = problemsOmitted
    }

    /// "line 3: topic x.slug: the message", as much of it as is known.
    public var description: String {
        var text = message
        if let field { text = "\(field): \(text)" }
        if let line { text = "line \(line)\(column.map { ", column \($0)" } ?? ""): \(text)" }
        return text
    }

    enum CodingKeys: String, CodingKey {
        case message, line, column, field, problems
        case problemsOmitted = "problems_omitted"
    }
}
