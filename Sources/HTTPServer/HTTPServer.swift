import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP server on libmicrohttpd: worker threads, each an MHD daemon multiplexing its
/// connections with epoll, and one acceptor that hands the new connections to the workers in turn
/// (`ConnectionAcceptor` says why MHD's own pool does not). Owns the daemons and the
/// acceptor and stops them in `stop()` or `deinit`.
public final class HTTPServer: @unchecked Sendable {
    private var daemons: [OpaquePointer] = []
    private var acceptor: ConnectionAcceptor?
    private let core: ServerCore
    private let configuration: HTTPServerConfiguration
    private var tlsStrings: [UnsafeMutablePointer<CChar>] = []
    private var poller: Thread?
    private let pollerStop = NSCondition()
    private var pollerStopped = false

    /// The port the server listens on (useful after binding port 0).
    public private(set) var port: UInt16 = 0

    /// Starts listening at once. Throws when the address cannot be bound or MHD refuses the options.
    /// `errorLog` receives libmicrohttpd's own error messages (a client that reset its connection, ...).
    public init(configuration: HTTPServerConfiguration, handler: any HTTPHandler,
                errorLog: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.configuration = configuration
        self.core = ServerCore(handler: handler, configuration: configuration, errorLog: errorLog)
        try start()
    }

    deinit {
        stop(graceSeconds: 0)
        for pointer in tlsStrings { free(pointer) }
    }

    private func start() throws {
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        defer { address.deallocate() }
        // Each worker is a daemon without a listening socket of its own, fed by the acceptor.
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
            | MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let workers = max(1, configuration.threads)
        // The limit is the acceptor's to keep, over all workers (`Workers.hasRoom`); each daemon
        // may hold all of it, so none refuses a connection the acceptor handed it.
        let limit = UInt32(max(1, configuration.connectionLimit))
        var options: [CVarArg] = [
            // First, so that MHD's messages about the other options reach the log too.
            MHD_OPTION.EXTERNAL_LOGGER.rawValue, unsafeBitCast(daemonLog as MHD_LogCallback, to: OpaquePointer.self),
            OpaquePointer(Unmanaged.passUnretained(core).toOpaque()),
            MHD_OPTION.CONNECTION_LIMIT.rawValue, limit,
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(max(1, configuration.connectionTimeoutSeconds)),
            // MHD clears a connection's memory pool for every request; 16 KiB (not the default 32)
            // still holds any sane request head and halves that work.
            MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue, ServerCore.connectionMemoryBytes,
            // Each of these takes (callback, context).
            MHD_OPTION.NOTIFY_COMPLETED.rawValue,
            unsafeBitCast(requestCompleted as MHD_RequestCompletedCallback, to: OpaquePointer.self), OpaquePointer(Unmanaged.passUnretained(core).toOpaque()),
            // The raw request target, before MHD decodes it in place (see `HeadLayout`).
            MHD_OPTION.URI_LOG_CALLBACK.rawValue,
            unsafeBitCast(requestLineArrived as URILogCallback, to: OpaquePointer.self), OpaquePointer(Unmanaged.passUnretained(core).toOpaque()),
            // Connections opening and closing, for the bound on the head's time (`HeadDeadlines`).
            MHD_OPTION.NOTIFY_CONNECTION.rawValue,
            unsafeBitCast(connectionNotified as MHD_NotifyConnectionCallback, to: OpaquePointer.self), OpaquePointer(Unmanaged.passUnretained(core).toOpaque()),
        ]
        if let tls = configuration.tls {
            flags |= MHD_USE_TLS.rawValue
            let key = strdup(tls.keyPEM)!
            let cert = strdup(tls.certificatePEM)!
            tlsStrings = [key, cert]
            options += [MHD_OPTION.HTTPS_MEM_KEY.rawValue, OpaquePointer(key), MHD_OPTION.HTTPS_MEM_CERT.rawValue, OpaquePointer(cert)]
        }
        options.append(MHD_OPTION.END.rawValue)

        let context = Unmanaged.passUnretained(core).toOpaque()
        for _ in 0..<workers {
            let started = withVaList(options) { list in
                MHD_start_daemon_va(flags, 0, nil, nil, accessHandler, context, list)
            }
            guard let started else {
                stopDaemons()
                throw HTTPServerError.cannotStart("cannot start the HTTP workers (bad TLS material, or out of threads or memory)")
            }
            daemons.append(started)
        }
        do {
            let workers = Workers(daemons: daemons, limit: limit)
            acceptor = try ConnectionAcceptor(address: address, log: core.errorLog, hasRoom: { workers.hasRoom }) { socket, peer, length in
                // MHD closes the socket if the worker cannot take it (at its limit, out of memory).
                _ = MHD_add_connection(workers.take(), socket, peer, length)
            }
        } catch {
            stopDaemons()
            throw HTTPServerError.cannotStart("cannot listen on \(configuration.host):\(configuration.port) (\(error))")
        }
        port = acceptor?.port ?? 0
        startPoller()
    }

    private func stopDaemons() {
        for daemon in daemons { MHD_stop_daemon(daemon) }
        daemons = []
    }

    /// Wakes the parked streams that do not resume themselves at a fixed interval so they can look
    /// for new data, and closes the connections whose request head is overdue.
    private func startPoller() {
        let interval = Double(max(10, configuration.streamPollMilliseconds)) / 1000
        let thread = Thread { [core, pollerStop] in
            while true {
                pollerStop.lock()
                _ = pollerStop.wait(until: Date().addingTimeInterval(interval))
                pollerStop.unlock()
                core.resumeParked(all: false)
                let overdue = core.headDeadlines.closeOverdue()
                if overdue > 0 {
                    core.errorLog("closed \(overdue) connection(s) that sent no complete request head within \(core.headDeadlines.bound)")
                }
                if self.isPollerStopped() { return }
            }
        }
        thread.name = "http-stream-poller"
        thread.start()
        poller = thread
    }

    /// The flag `stop()` sets, read under its lock (the poller reads it between waits, while `stop()` may be writing it).
    private func isPollerStopped() -> Bool {
        pollerStop.lock()
        defer { pollerStop.unlock() }
        return pollerStopped
    }

    /// Connections currently open.
    public var connectionCount: Int {
        openConnections(daemons)
    }

    /// Requests whose handler is running right now.
    public var requestsInFlight: Int { core.requestsInFlight }

    /// Stops gracefully: in-flight handlers finish and waiting streams end (they see the stop flag),
    /// then the acceptor and the workers stop. Waits at most `graceSeconds` for in-flight work.
    /// The acceptor goes on accepting during the wait, as the workers did when they listened
    /// themselves (`MHD_quiesce_daemon`, which would have stopped that, could abort the process
    /// with libmicrohttpd 0.9.75's epoll thread pool).
    public func stop(graceSeconds: Double = 10) {
        guard !daemons.isEmpty else { return }
        core.markStopping()
        let deadline = Date().addingTimeInterval(graceSeconds)
        // Parked streams are resumed so they can see the stop flag and end; delayed answers go out now.
        while Date() < deadline && (core.requestsInFlight > 0 || core.activeStreams > 0 || core.delayedAnswers > 0) {
            core.resumeParked()
            core.resumeDelayed()
            usleep(10_000)
        }
        core.resumeParked()
        core.resumeDelayed()
        // Ended streams' last bytes may still sit in MHD's write buffers.
        usleep(200_000)
        pollerStop.lock()
        pollerStopped = true
        pollerStop.signal()
        pollerStop.unlock()
        acceptor?.stop()
        acceptor = nil
        stopDaemons()
    }
}

/// The connections the `daemons` hold open, as libmicrohttpd counts them.
private func openConnections(_ daemons: [OpaquePointer]) -> Int {
    daemons.reduce(0) { $0 + Int(guidebook_mhd_current_connections($1)) }
}

/// The workers as the acceptor's thread sees them: the daemons, which outlive it (`stop()` stops
/// the acceptor before them) and are safe to hand connections to from any thread.
private final class Workers: @unchecked Sendable {
    let daemons: [OpaquePointer]
    /// The connections open at once over all workers (`--max-connections`).
    let limit: UInt32
    // The next worker's index; only the acceptor's thread reads and writes it.
    private var next = 0

    init(daemons: [OpaquePointer], limit: UInt32) {
        self.daemons = daemons
        self.limit = limit
    }

    /// True while the workers hold fewer connections than the limit. MHD counts a connection once
    /// its worker has picked it up, so a burst can pass the limit by the few just handed over;
    /// no worker refuses them (each may hold the whole limit).
    var hasRoom: Bool {
        openConnections(daemons) < Int(limit)
    }

    /// The worker for a new connection: each in turn. (Not the one with the fewest connections:
    /// MHD's counts lag as said above, so a worker slow to pick up its new ones would look the
    /// least busy and be given every connection.)
    func take() -> OpaquePointer {
        defer { next = (next + 1) % daemons.count }
        return daemons[next]
    }
}

/// Why the server could not run.
public enum HTTPServerError: Error, CustomStringConvertible {
    case cannotStart(String)
    case badAddress(String)

    public var description: String {
        switch self {
        case .cannotStart(let message): return message
        case .badAddress(let host): return "not an IP address: \(host)"
        }
    }
}
