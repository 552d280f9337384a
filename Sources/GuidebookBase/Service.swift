/// A long-running part of the server (the HTTP server, the job runner, the webhook sender, the
/// replication heartbeat): started once, stopped once within a deadline. `ServiceGroup` runs them.
public protocol Service: AnyObject, Sendable {
    /// What the log calls it.
    var serviceName: String { get }
    /// Starts its threads. Throwing stops the start of the group.
    func start() throws
    /// Stops taking work and ends what is in flight by `deadline` (what is left then is left as a
    /// restart finds it: a job queued again, a delivery claimed until its lease runs out).
    func stop(deadline: ContinuousClock.Instant)
}
