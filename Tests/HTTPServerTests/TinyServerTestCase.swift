import Foundation
import HTTPServer
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The base of the tests that run the libmicrohttpd wrapper with a `TinyHandler` on a loopback
/// port: a fresh spool folder per test, and the server stopped once its connections are gone.
class TinyServerTestCase: XCTestCase {
    var directory: String!
    var handler: TinyHandler!
    var server: HTTPServer?

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("http-server-tests-\(UUID().uuidString)").path
        handler = TinyHandler(spoolDirectory: directory + "/spool")
    }

    override func tearDown() {
        stopServer()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts a server on a free port: 2 threads, a 10 s timeout and streams polled every 20 ms,
    /// unless `configure` says otherwise.
    func start(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2, connectionTimeoutSeconds: 10, streamPollMilliseconds: 20)
        configure(&configuration)
        let server = try HTTPServer(configuration: configuration, handler: handler)
        self.server = server
        return server
    }

    /// Stops the server once its connections are gone (see `TestServer.stop` for why it waits).
    func stopServer(graceSeconds: Double = 1) {
        guard let server else { return }
        let deadline = Date().addingTimeInterval(2)
        while server.connectionCount > 0 && Date() < deadline { usleep(2_000) }
        usleep(30_000)
        server.stop(graceSeconds: graceSeconds)
        self.server = nil
    }
}
