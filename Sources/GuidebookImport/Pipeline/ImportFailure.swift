/// Why an import failed: what, and where in the input (the line, the field). When the import
/// runs as a job, `ImportWork` records it as the job's error.
public struct ImportFailure: Error, Sendable, Codable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based line of the upload, when known.
    public var line: Int?
    /// The field that broke a rule, when known.
    public var field: String?

    public init(message: String, line: Int? = nil, field: String? = nil) {
        (self.message, self.line, self.field) = (message, line, field)
    }

    /// "line 3: topic x.slug: the message", as much of it as is known.
    public var description: String {
        [line.map { "line \($0)" }, field, message].compactMap { $0 }.joined(separator: ": ")
    }
}
