import GuidebookAPI
import Foundation
import GuidebookBase
import GuidebookCore
import GuidebookJobs
import HTTPServer

/// The real Guidebook server, in-process, on a fresh SQLite file in its own temporary directory:
/// a `TestGuidebook` behind an `HTTPServer` bound to 127.0.0.1 on a free port. For what needs a
/// real socket (keep-alive, limits, refusals, slow clients); `TestApp` serves the rest without one.
/// `stop()` stops the server and the job runner and deletes the directory.
public final class TestServer: GuidebookUnderTest {
    /// The package root.
    public static var packageRoot: String { TestGuidebook.packageRoot }
    /// The package's migrations, as the server applies them.
    public static var migrationsDirectory: String { TestGuidebook.migrationsDirectory }
    /// The package's seed bundles.
    public static var seedDirectory: String { TestGuidebook.seedDirectory }

    /// The database, the job runner and the application behind the server.
    public let guidebook: TestGuidebook
    /// The port the server listens on.
    public let port: UInt16
    private var server: HTTPServer?

    /// Starts a server on a new database, with the seed unless `loadSeed` is false; the other
    /// arguments set the server's threads, body and import limits, job queue bound, connection
    /// timeout and linger bounds, the application's authentication and logger, and how often the
    /// server looks at parked streams that do not resume themselves.
    public init(loadSeed: Bool = true, threads: Int = 2, bodyLimit: Int = 64 * 1024, importLimit: Int = 512 * 1024 * 1024,
                maxQueuedJobs: Int = 16, timeoutSeconds: Int = 10, linger: HTTPServerConfiguration.Linger = .init(),
                authentication: AuthenticationConfiguration = TestGuidebook.defaultAuthentication,
                logger: Logger = Logger(level: .critical), streamPollMilliseconds: Int = 200) throws {
        let guidebook = try TestGuidebook(loadSeed: loadSeed, readers: threads + 2, bodyLimit: bodyLimit, importLimit: importLimit,
                                          maxQueuedJobs: maxQueuedJobs, authentication: authentication, logger: logger)
        do {
            let server = try HTTPServer(
                configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: threads,
                                                       connectionLimit: 64, connectionTimeoutSeconds: timeoutSeconds,
                                                       streamPollMilliseconds: streamPollMilliseconds, linger: linger),
                handler: guidebook.application
            )
            self.guidebook = guidebook
            self.server = server
            self.port = server.port
        } catch {
            guidebook.stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    public var directory: String { guidebook.directory }
    public var store: Store { guidebook.store }
    public var jobs: JobRunner { guidebook.jobs }

    /// A new client connected to this server.
    public func client(timeoutSeconds: Int = 5) throws -> HTTPTestClient {
        try HTTPTestClient(port: port, timeoutSeconds: timeoutSeconds)
    }

    /// One request on a fresh connection, which is closed afterwards.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                        timeoutSeconds: Int) throws -> HTTPTestResponse {
        let client = try client(timeoutSeconds: timeoutSeconds)
        defer { client.close() }
        return try client.request(method, target, headers: headers, body: body)
    }

    /// Stops the server and the job runner and deletes the temporary directory. Safe to call twice.
    public func stop() {
        guard let server else { return }
        // `HTTPServer.stop()` calls MHD_quiesce_daemon on an epoll thread-pool daemon. In libmicrohttpd
        // 0.9.75 that races with a worker thread that is still handling a connection (for example the
        // close of the test's last connection): both remove the listen socket from the worker's epoll
        // set, one gets ENOENT and MHD aborts the whole process ("Failed to remove listen FD from epoll
        // set"). That is a product bug (reported, not fixed here); so the suite is not killed by it, let
        // the workers go idle before stopping.
        let deadline = Date().addingTimeInterval(2)
        while server.connectionCount > 0 && Date() < deadline { usleep(2_000) }
        usleep(30_000)
        server.stop(graceSeconds: 2)
        self.server = nil
        guidebook.stop()
    }
}
