extension StringProtocol {
    /// The text without leading and trailing white space (any Unicode white space: spaces, tabs,
    /// line breaks, no-break and ideographic spaces).
    @inlinable
    public func trimmingWhitespace() -> SubSequence {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !Self.isWhitespace($0) }) else { return self[endIndex...] }
        return self[first..<scalars.index(after: last)]
    }

    /// Unicode's White_Space, answered without the property tables for ASCII (tab to carriage
    /// return, and the space): a text's ends are nearly always ASCII, and the tables' lookup was
    /// most of trimming the 100,000 texts of an import.
    @usableFromInline
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// The text without leading and trailing spaces (U+0020 only; a tab or a no-break space stays).
    /// A space that a combining mark follows is a character of its own and stays too.
    @inlinable
    public func trimmingSpaces() -> SubSequence {
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        return slice
    }
}
