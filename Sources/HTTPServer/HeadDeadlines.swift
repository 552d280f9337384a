import Foundation
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
/// the end of the stream and closes the connection its usual way). An idle keep-alive connection
/// is awaiting a head too, so it lives at most this long.
///
/// The socket is shut down under the same lock under which a closed connection is forgotten, and
/// libmicrohttpd reports the close before it closes the socket, so a socket number reused by a new
/// connection is never shut down by mistake.
final class HeadDeadlines: @unchecked Sendable {
    /// How long a head may take.
    let bound: Duration
    private let lock = NSLock()
    /// Open connections by their address: the socket, and since when a head is awaited (nil: none is).
    private var connections: [UInt: (socket: Int32, since: ContinuousClock.Instant?)] = [:]

    init(seconds: Int) {
        bound = .seconds(max(1, seconds))
    }

    /// A connection opened on `socket`: its first head is awaited from now.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        lock.withLock { connections[key(connection)] = (socket, .now) }
    }

    /// A connection's request head is complete: its clock stops.
    func headArrived(_ connection: OpaquePointer) {
        lock.withLock { connections[key(connection)]?.since = nil }
    }

    /// A connection's answer has been sent: the next head is awaited from now.
    func requestEnded(_ connection: OpaquePointer) {
        lock.withLock { connections[key(connection)]?.since = .now }
    }

    /// A connection closed (libmicrohttpd has not closed its socket yet).
    func closed(_ connection: OpaquePointer) {
        _ = lock.withLock { connections.removeValue(forKey: key(connection)) }
    }

    /// Shuts down the socket of every connection whose head is overdue; returns how many.
    func closeOverdue(now: ContinuousClock.Instant = .now) -> Int {
        lock.withLock {
            var count = 0
            for (key, connection) in connections {
                guard let since = connection.since, now - since > bound else { continue }
                // Once is enough: libmicrohttpd closes the connection when it sees the end of the stream.
                connections[key]?.since = nil
                if connection.socket >= 0 { _ = shutdown(connection.socket, Int32(SHUT_RDWR)) }
                count += 1
            }
            return count
        }
    }

    private func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }
}
