import Foundation
import GuidebookAPI
import GuidebookCore
import GuidebookJobs
import HTTPServer

/// The real Guidebook server, in-process, on a fresh SQLite file in its own temporary directory.
///
/// Each instance owns: a temporary directory, a `Store` migrated with the package's `Migrations/`,
/// the seed loaded from `Seed/`, a job runner on its own jobs database, the `Application` and an
/// `HTTPServer` bound to 127.0.0.1 on a free port. `stop()` stops the server and the job runner
/// and deletes the directory.
public final class TestServer {
    /// The package root, found from this file's location (`Tests/GuidebookTestSupport/`).
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The package's migrations, as the server applies them.
    public static var migrationsDirectory: String { packageRoot + "/Migrations" }
    /// The package's seed bundles.
    public static var seedDirectory: String { packageRoot + "/Seed" }

    /// The temporary directory holding the database and the spool folder.
    public let directory: String
    /// The database file.
    public let databasePath: String
    /// The store the server reads (tests may write to it through `KnowledgeWriter`).
    public let store: Store
    /// The import job runner behind `/v1/imports` and `/v1/jobs`.
    public let jobs: JobRunner
    /// The port the server listens on.
    public let port: UInt16
    private var server: HTTPServer?

    /// Starts a server on a new database, with the seed unless `loadSeed` is false; the other
    /// arguments set the server's threads, body and import limits, job queue bound, connection
    /// timeout and linger bounds.
    public init(loadSeed: Bool = true, threads: Int = 2, bodyLimit: Int = 64 * 1024, importLimit: Int = 512 * 1024 * 1024,
                maxQueuedJobs: Int = 16, timeoutSeconds: Int = 10, linger: HTTPServerConfiguration.Linger = .init()) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("guidebook-api-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let databasePath = directory + "/guidebook.sqlite"
        var runner: JobRunner?
        do {
            let store = try Store(path: databasePath, migrations: try Migration.load(from: Self.migrationsDirectory), maxReaders: threads + 2)
            if loadSeed {
                try SeedLoader(directory: Self.seedDirectory).loadIfEmpty(into: store)
            }
            let jobStore = try JobStore(path: JobStore.path(besides: databasePath),
                                        migrations: try Migration.load(from: Self.migrationsDirectory + "/jobs"))
            let jobs = JobRunner(jobs: jobStore, knowledge: store, maxQueued: maxQueuedJobs)
            runner = jobs
            try jobs.start()
            let application = Application(
                store: store,
                jobs: jobs,
                configuration: APIConfiguration(bodyLimit: bodyLimit, importBodyLimit: importLimit, spoolDirectory: directory + "/spool"),
                logger: Logger(level: .critical)
            )
            let server = try HTTPServer(
                configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: threads,
                                                       connectionLimit: 64, connectionTimeoutSeconds: timeoutSeconds, linger: linger),
                handler: application
            )
            self.directory = directory
            self.databasePath = databasePath
            self.store = store
            self.jobs = jobs
            self.server = server
            self.port = server.port
        } catch {
            runner?.stop(graceSeconds: 1)
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    deinit {
        stop()
    }

    /// A new client connected to this server.
    public func client(timeoutSeconds: Int = 5) throws -> HTTPTestClient {
        try HTTPTestClient(port: port, timeoutSeconds: timeoutSeconds)
    }

    /// One request on a fresh connection, which is closed afterwards.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> HTTPTestResponse {
        let client = try client()
        defer { client.close() }
        return try client.request(method, target, headers: headers, body: body)
    }

    /// A GET on a fresh connection.
    public func get(_ target: String, headers: [(String, String)] = []) throws -> HTTPTestResponse {
        try request("GET", target, headers: headers)
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
        jobs.stop(graceSeconds: 2)
        try? FileManager.default.removeItem(atPath: directory)
    }
}
