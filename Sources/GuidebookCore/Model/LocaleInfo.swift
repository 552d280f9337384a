/// A locale the knowledge base holds text in.
public struct LocaleInfo: Sendable, Equatable {
    public var code: String
    public var name: String
    /// True for the source locale (English): every text exists in it.
    public var isSource: Bool
}
