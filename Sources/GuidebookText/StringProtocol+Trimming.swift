extension StringProtocol {
    /// The text without leading and trailing white space (any Unicode white space: spaces, tabs,
    /// line breaks, no-break and ideographic spaces).
    @inlinable
    public func trimmingWhitespace() -> SubSequence {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return self[endIndex...] }
        return self[first..<scalars.index(after: last)]
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
