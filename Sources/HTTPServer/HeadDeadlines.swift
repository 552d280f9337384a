import CMicroHTTPD
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The bound on how long a connection may take to send a request head (`headerTimeoutSeconds`).
///
/// libmicrohttpd's own timeout (`MHD_OPTION_CONNECTION_TIMEOUT`) counts from the last byte that
/// arrived, so a client that sends one header byte a second holds its connection for ever, and a
/// few such clients fill the connection limit. libmicrohttpd 0.9.75 has no bound on the head's
/// time, so the server keeps one: libmicrohttpd reports every connection it opens and closes
/// (`MHD_OPTION_NOTIFY_CONNECTION`); the clock starts when a connection opens and again when a
/// request's answer has been sent, and stops when a head is complete (the first access-handler
/// call). The stream poller sweeps the connections a few times a second and shuts down the socket of
/// each one past its bound (`shutdown`, not `close`: the socket stays libmicrohttpd's, which sees
/// the end of the stream and closes the connection its usual way), unless bytes wait unread on it:
/// then the connection's worker thread is busy with another request, and the server, not the
/// client, is behind. An idle keep-alive connection is awaiting a head too, so it lives at most
/// this long.
///
/// Each connection's clock lives in libmicrohttpd's socket context (`ConnectionClock`), so marking a
/// head or an answer is one atomic store on the request's own path, with no lock and no lookup; the
/// registry of open connections, which the sweep walks, is touched only when a connection opens
/// or closes. The socket is shut down under the same lock under which a closed connection is
/// forgotten, and libmicrohttpd reports the close before it closes the socket, so a socket number
/// reused by a new connection is never shut down by mistake.
final class HeadDeadlines: @unchecked Sendable {
    /// How long a head may take.
    let bound: Duration
    private let boundNanoseconds: Int64
    private let lock = NSLock()
    /// Open connections, for the sweep.
    private var open: [ObjectIdentifier: ConnectionClock] = [:]

    /// One connection's socket and since when a head is awaited on it.
    final class ConnectionClock: Sendable {
        let socket: Int32
        /// Monotonic nanoseconds since a head is awaited (0: none is).
        let since: Atomic<Int64>

        init(socket: Int32, since: Int64) {
            self.socket = socket
            self.since = Atomic(since)
        }
    }

    init(seconds: Int) {
        bound = .seconds(max(1, seconds))
        boundNanoseconds = Int64(max(1, seconds)) * 1_000_000_000
    }

    /// A connection opened on `socket`: its first head is awaited from now. Its clock goes into
    /// libmicrohttpd's socket context (`context`), which holds a reference until `closed`.
    func opened(_ connection: OpaquePointer, socket: Int32, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let clock = ConnectionClock(socket: socket, since: Self.now())
        context.pointee = Unmanaged.passRetained(clock).toOpaque()
        lock.withLock { open[ObjectIdentifier(clock)] = clock }
    }

    /// A connection's request head is complete: its clock stops.
    func headArrived(_ connection: OpaquePointer) {
        Self.clock(of: connection)?.since.store(0, ordering: .relaxed)
    }

    /// A connection's answer has been sent: the next head is awaited from now.
    func requestEnded(_ connection: OpaquePointer) {
        Self.clock(of: connection)?.since.store(Self.now(), ordering: .relaxed)
    }

    /// A connection closed (libmicrohttpd has not closed its socket yet).
    func closed(_ connection: OpaquePointer, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let pointer = context.pointee else { return }
        let clock = Unmanaged<ConnectionClock>.fromOpaque(pointer)
        _ = lock.withLock { open.removeValue(forKey: ObjectIdentifier(clock.takeUnretainedValue())) }
        context.pointee = nil
        clock.release()
    }

    /// Shuts down the socket of every connection whose head is overdue; returns how many.
    func closeOverdue() -> Int {
        let now = Self.now()
        return lock.withLock {
            var count = 0
            for clock in open.values {
                let since = clock.since.load(ordering: .relaxed)
                guard since != 0, now - since > boundNanoseconds else { continue }
                // Bytes waiting unread mean the server is behind, not the client: the worker thread
                // that owns the connection is busy with another request (a write waiting out an
                // import). The head is judged once that thread has read what arrived.
                if clock.socket >= 0 && guidebook_socket_unread_bytes(clock.socket) > 0 { continue }
                // Once is enough: libmicrohttpd closes the connection when it sees the end of the
                // stream. (A head or an answer that came meanwhile keeps its own mark.)
                guard clock.since.compareExchange(expected: since, desired: 0, ordering: .relaxed).exchanged else { continue }
                if clock.socket >= 0 { _ = shutdown(clock.socket, Int32(SHUT_RDWR)) }
                count += 1
            }
            return count
        }
    }

    /// The clock libmicrohttpd keeps for `connection` (nil before it opened, as for a connection
    /// the server did not see open).
    private static func clock(of connection: OpaquePointer) -> ConnectionClock? {
        guard let pointer = guidebook_mhd_socket_context(connection) else { return nil }
        return Unmanaged<ConnectionClock>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// CLOCK_MONOTONIC in nanoseconds (never 0 on a running system).
    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
