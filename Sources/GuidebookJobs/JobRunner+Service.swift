import GuidebookBase

// The runner is one of the server's long-running parts (`ServiceGroup`).
extension JobRunner: Service {
    /// "job runner".
    public var serviceName: String { "job runner" }

    /// `stop(graceSeconds:)` with the time left until `deadline`.
    public func stop(deadline: ContinuousClock.Instant) {
        stop(graceSeconds: deadline.secondsFromNow)
    }
}
