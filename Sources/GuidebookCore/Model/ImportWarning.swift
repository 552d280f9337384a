/// Something an importer read but could not place in the knowledge base, or placed only in part
/// (an English paragraph without its Korean translation, a caption without English, a stray line).
///
/// Importers never drop input silently: whatever they skip or import incompletely is reported
/// here, so that the person importing can fix the source and import again.
public struct ImportWarning: Codable, Sendable, Equatable {
    /// The name of the input file the warning is about, when the input came from a named file.
    public var file: String?
    /// The 1-based line in the input file where the problem starts.
    public var line: Int
    /// A short, human-readable reason, such as "Korean paragraph has no English counterpart".
    public var message: String

    /// Creates a warning about `line` (1-based) of `file`.
    public init(file: String? = nil, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}
