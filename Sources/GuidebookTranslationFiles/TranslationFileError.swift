/// Why a translators' file cannot be read, and where: the line and column (both from 1) of the
/// character where reading stopped or of the construct that is refused. Nothing of a file that
/// fails to read is applied.
public struct TranslationFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var position: FilePosition

    public init(_ message: String, at position: FilePosition) {
        (self.message, self.position) = (message, position)
    }

    /// "line 3, column 7: the message".
    public var description: String { "line \(position.line), column \(position.column): \(message)" }
}
