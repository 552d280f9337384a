import GuidebookBase
import GuidebookCore
import HTTPServer

/// The HTTP server as one of the server's services: it listens from `start()` (so it is the last
/// to start, once everything its requests use runs) until `stop(deadline:)`, which lets in-flight
/// requests and streams finish by the deadline.
final class HTTPService: Service, @unchecked Sendable {
    let serviceName = "http server"
    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPHandler
    private let logger: Logger
    private var server: HTTPServer?

    init(configuration: HTTPServerConfiguration, handler: any HTTPHandler, logger: Logger) {
        (self.configuration, self.handler, self.logger) = (configuration, handler, logger)
    }

    /// The port it listens on (the one asked for, or the free one found for port 0); 0 before `start`.
    var port: UInt16 { server?.port ?? 0 }

    func start() throws {
        let logger = logger
        server = try HTTPServer(configuration: configuration, handler: handler,
                                errorLog: { message in logger.warning("http server", [("detail", .string(message))]) })
    }

    func stop(deadline: ContinuousClock.Instant) {
        server?.stop(graceSeconds: deadline.secondsFromNow)
        server = nil
    }
}
