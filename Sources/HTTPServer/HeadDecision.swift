/// What a handler decides about a request from its head alone (`HTTPHandler.decide`): where the
/// body goes, and what it wants to be handed back with the complete request so that it need not
/// work it out twice (`HTTPRequest.decision`; the server only carries it).
public struct HeadDecision: Sendable {
    /// Where the request body goes, or that the request is refused whatever its body.
    public var body: BodyPolicy
    /// The handler's own note about the request (a matched route, an authenticated client).
    public var note: (any Sendable)?

    public init(body: BodyPolicy, note: (any Sendable)? = nil) {
        self.body = body
        self.note = note
    }
}
