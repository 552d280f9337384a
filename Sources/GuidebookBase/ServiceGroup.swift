/// The server's long-running parts in one ordered list: the order they stop in, each with the time
/// it is given to stop. They start in the reverse order, so that the first to stop (the HTTP
/// server, which takes requests) starts last, when everything behind it runs, and stops first,
/// before what its requests rely on.
public final class ServiceGroup {
    /// A service and the time it may take to stop.
    public struct Entry {
        public let service: any Service
        public let grace: Duration

        public init(_ service: any Service, grace: Duration) {
            self.service = service
            self.grace = grace
        }
    }

    private let entries: [Entry]
    private let logger: Logger
    private var started: [Entry] = []

    /// The services in the order they stop.
    public init(stoppingInOrder entries: [Entry], logger: Logger) {
        self.entries = entries
        self.logger = logger
    }

    /// Starts every service, the last of the list first. When one fails to start, those already
    /// started are stopped (in the list's order) and its error is thrown.
    public func start() throws {
        for entry in entries.reversed() {
            do {
                try entry.service.start()
                started.insert(entry, at: 0)
            } catch {
                logger.error("service did not start", [("service", .string(entry.service.serviceName)), ("error", .string(String(describing: error)))])
                stop()
                throw error
            }
        }
    }

    /// Stops the started services in the list's order, each within its grace from when its turn comes.
    public func stop() {
        for entry in started {
            let began = ContinuousClock.now
            entry.service.stop(deadline: began + entry.grace)
            let seconds = Double((ContinuousClock.now - began).components.attoseconds) / 1e18 + Double((ContinuousClock.now - began).components.seconds)
            logger.debug("service stopped", [("service", .string(entry.service.serviceName)), ("seconds", .double(seconds))])
        }
        started = []
    }
}

extension ContinuousClock.Instant {
    /// Seconds from now until this instant (0 when it has passed), for APIs that count seconds.
    public var secondsFromNow: Double {
        let left = self - ContinuousClock.now
        return max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }
}
