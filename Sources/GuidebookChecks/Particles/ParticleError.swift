/// A particle that does not agree with the word before it, with its fix.
public struct ParticleError: Sendable, Equatable {
    /// The word as written, particle included (`시트을`; `Button를`; `'메뉴'을`).
    public var found: String
    /// The word with the agreeing particle (`시트를`).
    public var fix: String
    /// Where `found` starts in the text, in Unicode code points.
    public var offset: Int
    /// The word the particle follows, as it is read (`시트`, `Button`).
    public var word: String
    /// The particle as written (`을`) and as it should be (`를`).
    public var particle: String
    public var expected: String

    public init(found: String, fix: String, offset: Int, word: String, particle: String, expected: String) {
        (self.found, self.fix, self.offset, self.word, self.particle, self.expected) = (found, fix, offset, word, particle, expected)
    }
}
