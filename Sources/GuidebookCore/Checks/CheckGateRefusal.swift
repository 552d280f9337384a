import GuidebookChecks

/// An approval the quality checks refuse: the translation has `error` findings and the reviewer
/// gave no override reason (docs/checks.md, "The approval gate"). Nothing is written. The API
/// answers 409 `check-errors` with the errors and their fixes.
public struct CheckGateRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// One error, in the field it was found in (`text`; `title`, `summary`).
    public struct FieldError: Sendable, Equatable {
        public var field: String
        public var finding: CheckFinding
    }

    /// Whose translation it is, and which.
    public var owner: TextOwner
    public var locale: String
    /// The errors, field by field, in the checks' order.
    public var errors: [FieldError]

    public var description: String {
        let checks = errors.map(\.finding.check.rawValue).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return "the \(locale) translation of \(owner.id) has \(errors.count) error\(errors.count == 1 ? "" : "s") of the quality checks "
            + "(\(checks.joined(separator: ", "))): fix \(errors.count == 1 ? "it" : "them"), or approve with an override_reason that says why"
    }
}
