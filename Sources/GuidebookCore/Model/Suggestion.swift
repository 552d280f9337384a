/// A text someone proposed for a translation, with the votes on it (docs/review.md).
public struct Suggestion: Sendable, Equatable {
    /// Where a suggestion stands.
    public enum State: String, Sendable, Equatable, CaseIterable {
        case open, accepted, rejected
    }

    /// One token's vote.
    public struct Vote: Sendable, Equatable {
        public var voter: String
        /// +1 or -1.
        public var value: Int
        public var votedAt: String
    }

    public var id: Int64
    /// Whose translation it is for.
    public var owner: TextOwner
    public var locale: String
    /// The proposed texts by field name (`text`; `title` and `summary`; `title`).
    public var fields: [String: String]
    /// The English revision it was made for (an accepted suggestion translates that revision).
    public var sourceRevision: Int
    /// The name of the token that proposed it.
    public var author: String
    public var createdAt: String
    public var state: State
    public var decidedBy: String?
    public var decidedAt: String?
    /// The votes, in the order they were cast.
    public var votes: [Vote]

    /// The sum of the votes.
    public var score: Int { votes.reduce(0) { $0 + $1.value } }
}
