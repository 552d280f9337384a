import GuidebookBase

// The sender is one of the server's long-running parts (`ServiceGroup`). Whoever lists it checks
// first that the store can be written (`Store.isReadOnly`): the sender does not start on a
// read-only database.
extension WebhookSender: Service {
    /// "webhook sender".
    public var serviceName: String { "webhook sender" }

    /// Starts the dispatcher; a read-only database is `WebhookSender.ReadOnlyDatabase`.
    public func start() throws {
        let started: Bool = start()
        if !started { throw ReadOnlyDatabase() }
    }

    /// `stop(graceSeconds:)` with the time left until `deadline`.
    public func stop(deadline: ContinuousClock.Instant) {
        stop(graceSeconds: deadline.secondsFromNow)
    }

    /// The sender was asked to start on a database that cannot be written.
    public struct ReadOnlyDatabase: Error, CustomStringConvertible {
        public var description: String { "the database is read-only" }
    }
}
