import Foundation
import GuidebookBase
import GuidebookCore
import HTTPClient

/// Delivers the webhook outbox: one per `guidebook serve` process (never in CLI commands, never on
/// a read-only database). A dispatcher thread finds due deliveries and hands each to a thread of its
/// own, one delivery in flight per endpoint: a slow or hanging receiver holds up only its own queue.
/// Attempts are recorded in the store; failures are retried by the `RetrySchedule`, and the last
/// failure disables the endpoint with the reason.
///
/// Nothing here runs on a request's thread: a request only writes the outbox rows (in its own
/// transaction); the sender, an observer of the store's commits, wakes when one queued an event.
public final class WebhookSender: @unchecked Sendable {
    private let store: Store
    private let configuration: WebhookSenderConfiguration
    private let onAttempt: @Sendable (WebhookAttemptReport) -> Void
    private let logger: Logger
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var isRunning = false
    private var isStopping = false
    private var woken = false
    private var busyEndpoints: Set<String> = []
    private var dispatcherDone = true

    /// Every attempt is logged to `logger` and told to `onAttempt`.
    public init(store: Store, configuration: WebhookSenderConfiguration, logger: Logger = Logger(level: .critical),
                onAttempt: @escaping @Sendable (WebhookAttemptReport) -> Void = { _ in }) {
        self.store = store
        self.configuration = configuration
        self.logger = logger
        self.onAttempt = onAttempt
    }

    /// Starts the dispatcher thread. Returns false (and starts nothing) when the database is read-only.
    @discardableResult
    public func start() -> Bool {
        guard !store.isReadOnly else { return false }
        condition.lock()
        defer { condition.unlock() }
        guard !isRunning else { return true }
        isRunning = true
        isStopping = false
        dispatcherDone = false
        let thread = Thread { [self] in dispatch() }
        thread.name = "webhook-sender"
        thread.start()
        store.addObserver(self)
        return true
    }

    /// Looks at the outbox now rather than at the next poll.
    public func wake() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    /// Stops taking deliveries and waits up to `graceSeconds` for those in flight. A delivery still
    /// in flight then is left claimed: it falls due again after its lease, in the next process.
    public func stop(graceSeconds: Double) {
        store.removeObserver(self)
        let deadline = Date().addingTimeInterval(graceSeconds)
        condition.lock()
        isStopping = true
        condition.broadcast()
        while !(dispatcherDone && busyEndpoints.isEmpty) && condition.wait(until: deadline) {}
        isRunning = false
        condition.unlock()
    }

    // MARK: The dispatcher

    private func dispatch() {
        while true {
            condition.lock()
            if isStopping {
                dispatcherDone = true
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()

            let wait = startDueDeliveries()

            condition.lock()
            if !woken && !isStopping { _ = condition.wait(until: Date().addingTimeInterval(wait)) }
            woken = false
            condition.unlock()
        }
    }

    /// Starts the oldest due delivery of every idle endpoint; returns how long to wait before looking again.
    private func startDueDeliveries() -> Double {
        let poll = configuration.pollSeconds
        do {
            let now = WebhookClock.nowMilliseconds()
            deliveries: for due in try store.dueWebhookDeliveries(now: now, limit: 256) {
                switch reserve(due.webhookID) {
                case .busy: continue deliveries
                case .full: break deliveries
                case .reserved: try startReserved(due, now: now)
                }
            }
            // Anything already due now waits for a busy endpoint (whose thread wakes the dispatcher when it ends).
            guard let next = try store.nextWebhookAttemptAt(), next > WebhookClock.nowMilliseconds() else { return poll }
            return min(poll, Double(next - WebhookClock.nowMilliseconds()) / 1000)
        } catch {
            // A busy database (a long import in another process): look again at the next poll.
            return poll
        }
    }

    /// Claims `due` (its endpoint already reserved) and delivers it on a thread of its own; frees the
    /// endpoint when the claim fails or the delivery ends.
    private func startReserved(_ due: DueWebhookDelivery, now: Int64) throws {
        let lease = now + Int64((configuration.timeoutSeconds + 5) * 1000)
        let claimed: Bool
        do {
            claimed = try store.claimWebhookDelivery(id: due.id, now: now, leaseUntil: lease)
        } catch {
            release(due.webhookID, wake: false)
            throw error
        }
        guard claimed else { return release(due.webhookID, wake: false) }
        let thread = Thread { [self] in
            deliver(due)
            release(due.webhookID, wake: true)
        }
        thread.name = "webhook-delivery"
        thread.start()
    }

    private enum Reservation { case reserved, busy, full }

    /// Marks `endpoint` busy unless it already is or `maxConcurrent` deliveries are in flight.
    /// The set is only ever read or changed under the lock, never copied out of it: a copy shares
    /// its storage, and the copy's reads would race with the delivery threads' in-place removals.
    private func reserve(_ endpoint: String) -> Reservation {
        condition.lock()
        defer { condition.unlock() }
        if busyEndpoints.contains(endpoint) { return .busy }
        if busyEndpoints.count >= configuration.maxConcurrent { return .full }
        busyEndpoints.insert(endpoint)
        return .reserved
    }

    /// Frees `endpoint`; `wake` has the dispatcher look again at once (a delivery ended, so its next one may be due).
    private func release(_ endpoint: String, wake: Bool) {
        condition.lock()
        busyEndpoints.remove(endpoint)
        if wake { woken = true }
        condition.broadcast()
        condition.unlock()
    }

    // MARK: One attempt

    private func deliver(_ due: DueWebhookDelivery) {
        let attemptNumber = due.attempts + 1
        let started = ContinuousClock.now
        let attemptedAt = WebhookClock.nowMilliseconds()
        var status: Int?
        var failure: String?
        // A URL stored before registration refused its kind (a port outside 1–65535) can never be
        // delivered to: the endpoint is disabled at once rather than retried for days. Addresses are
        // not judged here (allowing private ones): the client's policy does that on connecting.
        let unusable = WebhookTarget.problem(with: due.url, allowsPrivate: true)
        if let unusable {
            failure = "the URL cannot be used: \(unusable)"
        } else if let signer = WebhookSigner(secret: due.secret) {
            let body = WebhookEnvelope.body(of: due)
            let headers = [("content-type", "application/json")] + signer.headers(id: due.eventID, timestamp: attemptedAt / 1000, body: body)
            do {
                let client = try HTTPClient(policy: configuration.policy)
                status = try client.post(url: due.url, headers: headers, body: body, timeoutSeconds: configuration.timeoutSeconds).status
                if let status, !(200..<300).contains(status) { failure = "the receiver answered \(status)" }
            } catch {
                failure = "\(error)"
            }
        } else {
            failure = "the endpoint's secret is not a whsec_ secret"
        }
        let elapsed = ContinuousClock.now - started
        let latency = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        let outcome: Store.WebhookAttemptOutcome
        if failure == nil {
            outcome = .delivered
        } else if let unusable {
            outcome = .giveUp(reason: "delivery \(due.id) of event \(due.eventID) was not sent: the URL cannot be used: \(unusable)")
        } else if let delay = configuration.retries.delay(afterFailures: attemptNumber) {
            outcome = .retry(at: WebhookClock.nowMilliseconds() + Int64(delay * 1000))
        } else {
            outcome = .giveUp(reason: "delivery \(due.id) of event \(due.eventID) failed \(attemptNumber) times; the last error: \(failure ?? "")")
        }
        let attempt = WebhookDelivery.Attempt(attemptedAt: attemptedAt, status: status, latencyMilliseconds: latency, error: failure)
        // If this cannot be recorded (the database is busy beyond its timeout), the claim's lease
        // runs out and the delivery is sent again: at least once, never lost.
        try? store.recordWebhookAttempt(deliveryID: due.id, attempt, outcome: outcome)
        let report = WebhookAttemptReport(webhookID: due.webhookID, eventID: due.eventID, deliveryID: due.id, attempt: attemptNumber,
                                          status: status, latencyMilliseconds: latency, error: failure, outcome: outcome)
        log(report)
        onAttempt(report)
    }

    /// One line per attempt: delivered (info), failed and retried (warning), or the endpoint disabled (error).
    private func log(_ report: WebhookAttemptReport) {
        var fields: [(String, LogValue)] = [("webhook_id", .string(report.webhookID)), ("event_id", .string(report.eventID)),
                                            ("delivery_id", .int(Int(report.deliveryID))), ("attempt", .int(report.attempt)),
                                            ("latency_ms", .int(report.latencyMilliseconds))]
        if let status = report.status { fields.append(("status", .int(status))) }
        if let error = report.error { fields.append(("error", .string(error))) }
        switch report.outcome {
        case .delivered: logger.info("webhook delivered", fields)
        case .retry: logger.warning("webhook delivery failed; will retry", fields)
        case .giveUp(let reason): logger.error("webhook disabled", fields + [("reason", .string(reason))])
        }
    }
}
