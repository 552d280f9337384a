/// Where an import stands, reported as it works.
public struct ImportProgress: Sendable, Equatable {
    /// "counting", "parsing", "applying", "committing".
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

/// Why an import failed: what, and where in the input.
public struct ImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
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

    public var description: String {
        var text = message
        if let field { text = "\(field): \(text)" }
        if let line { text = "line \(line): \(text)" }
        return text
    }
}

/// What an import did.
public struct ImportOutcome: Sendable, Equatable {
    public var counts: ImportCounts
    public var warnings: [ImportWarning]
    /// True when nothing was kept because the import was a dry run.
    public var dryRun: Bool
}

import GuidebookCore
