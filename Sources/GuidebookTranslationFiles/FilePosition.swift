/// A place in a file: line and column, both from 1. Columns count Unicode scalars; a line ends at
/// a line feed, a carriage return, or the two together.
public struct FilePosition: Sendable, Equatable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        (self.line, self.column) = (line, column)
    }

    public static func < (lhs: FilePosition, rhs: FilePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// "line 3, column 7".
    public var description: String { "line \(line), column \(column)" }
}
