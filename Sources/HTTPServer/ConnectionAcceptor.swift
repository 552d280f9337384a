import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The server's listening socket and the thread that accepts on it, handing each new connection to
/// the caller (which gives them to the workers in turn).
///
/// libmicrohttpd's own thread pool lets every worker accept on one socket: when a client opens its
/// keep-alive connections at once (wrk, or a client's connection pool), the first worker to wake can
/// take them all and keep them for their whole life while the other cores idle (measured with
/// wrk's 16 connections: docs/request-path.md, section 7). One acceptor placing each connection
/// itself keeps the workers even.
final class ConnectionAcceptor: @unchecked Sendable {
    /// The port bound (the one asked for, or the one the system chose for port 0).
    let port: UInt16
    private let socket: Int32
    // Written by `stop()` to wake the accepting thread out of `poll`.
    private let wake: (read: Int32, write: Int32)
    private let done = NSCondition()
    private var finished = false
    private var thread: Thread?

    /// Binds and listens on `address` (throwing `cannotStart` with the system's reason, such as
    /// "Address already in use"), then accepts on a thread of its own until `stop()`: each
    /// connection goes to `hand`, which owns its socket from then on. While `hasRoom` says no (the
    /// connection limit reached), nothing is accepted: new connections wait in the listen backlog,
    /// as they did when the workers accepted themselves, instead of being accepted only to be
    /// closed. `log` hears of accept failures other than a client's own.
    init(address: SocketAddress, log: @escaping @Sendable (String) -> Void, hasRoom: @escaping @Sendable () -> Bool,
         hand: @escaping @Sendable (Int32, UnsafePointer<sockaddr>, socklen_t) -> Void) throws {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw HTTPServerError.cannotStart(Self.errorText()) }
        var yes: Int32 = 1
        // As libmicrohttpd does: a restart binds again at once over connections in TIME_WAIT; an
        // IPv6 address listens on IPv6 alone.
        var options = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if options == 0, address.isIPv6 { options = setsockopt(socket, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        let length = socklen_t(address.isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        guard options == 0,
              bind(socket, address.pointer.assumingMemoryBound(to: sockaddr.self), length) == 0,
              listen(socket, SOMAXCONN) == 0 else {
            let reason = Self.errorText()
            close(socket)
            throw HTTPServerError.cannotStart(reason)
        }
        var bound = sockaddr_storage()
        var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &boundLength) }
        }
        var pipeEnds: [Int32] = [0, 0]
        guard named == 0, pipe(&pipeEnds) == 0 else {
            let reason = Self.errorText()
            close(socket)
            throw HTTPServerError.cannotStart(reason)
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.socket = socket
        self.wake = (pipeEnds[0], pipeEnds[1])
        // The port sits at the same place in an IPv4 and an IPv6 address.
        self.port = withUnsafePointer(to: &bound) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        let thread = Thread { [self] in acceptUntilStopped(log: log, hasRoom: hasRoom, hand: hand) }
        thread.name = "http-acceptor"
        thread.start()
        self.thread = thread
    }

    deinit {
        stop()
    }

    /// Stops accepting, waits for the accepting thread to end and closes the listening socket (the
    /// port is free again when it returns); connections already handed on stay with their
    /// workers. Calling it again does nothing.
    func stop() {
        guard thread != nil else { return }
        thread = nil
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        done.lock()
        while !finished { done.wait() }
        done.unlock()
        close(socket)
        close(wake.read)
        close(wake.write)
    }

    private func acceptUntilStopped(log: @Sendable (String) -> Void, hasRoom: () -> Bool,
                                    hand: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Void) {
        defer {
            done.lock()
            finished = true
            done.signal()
            done.unlock()
        }
        var watched = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&watched, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                log("accept: poll failed (\(Self.errorText())); no more connections are accepted")
                return
            }
            if watched[1].revents != 0 { return }
            guard watched[0].revents != 0 else { continue }
            guard hasRoom() else {
                // Full: look again in 10 ms (or stop, if asked) rather than spin on the ready socket.
                var wakeOnly = [watched[1]]
                if poll(&wakeOnly, 1, 10) > 0, wakeOnly[0].revents != 0 { return }
                continue
            }
            var peer = sockaddr_storage()
            var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept(socket, $0, &peerLength)
                }
            }
            guard client >= 0 else {
                switch errno {
                case EINTR, EAGAIN, ECONNABORTED, EPROTO:
                    continue  // the client gave up before it was accepted
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: the connection waits in the backlog; try again shortly.
                    log("accept: \(Self.errorText()); waiting 100 ms")
                    usleep(100_000)
                    continue
                default:
                    log("accept failed (\(Self.errorText())); no more connections are accepted")
                    return
                }
            }
            // Not inherited by a child process; never blocking a worker's loop.
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            withUnsafePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { hand(client, $0, peerLength) }
            }
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
