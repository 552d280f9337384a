import Foundation
import GuidebookAPI
import GuidebookBase
import GuidebookCore
import GuidebookImport
import GuidebookJobs

/// A Guidebook on a fresh SQLite file in its own temporary directory, without a socket: a `Store`
/// migrated with the package's `Migrations/`, the seed from `Seed/` (unless asked not to), a job
/// runner on its own jobs database, and the `Application` over them. `TestApp` calls the
/// application in-process; `TestServer` puts a real `HTTPServer` in front of it.
public final class TestGuidebook {
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

    /// The admin token every test Guidebook is configured with (as `GUIDEBOOK_ADMIN_TOKEN` would
    /// set it), unless a test passes its own `authentication`.
    public static let adminToken = "gb_test-admin-token-0123456789abcdefghijklmnopqrstuvwxyz"
    /// `Authorization: Bearer` with `adminToken`, for the tests that import, cancel or delete.
    public static var adminHeader: (String, String) { ("Authorization", "Bearer \(adminToken)") }
    /// The authentication every test Guidebook has unless told otherwise: public reads, `adminToken`.
    public static var defaultAuthentication: AuthenticationConfiguration {
        AuthenticationConfiguration(adminTokenDigest: TokenSecret.digest(adminToken))
    }

    /// The temporary directory holding the database and the spool folder.
    public let directory: String
    /// The database file.
    public let databasePath: String
    /// The store the application reads (tests may write to it through `KnowledgeWriter`).
    public let store: Store
    /// The import job runner behind `/v1/imports` and `/v1/jobs`.
    public let jobs: JobRunner
    /// The API.
    public let application: Application
    private var isStopped = false

    /// A Guidebook on a new database, with the seed unless `loadSeed` is false; `readers` bounds
    /// the store's read connections, the limits and the queue bound are the API's; `authentication`
    /// (by default `defaultAuthentication`) and `logger` are the application's; `configure` adjusts
    /// the rest of the API's configuration (CORS origins, embed ancestors); `publication` is the
    /// store's (`--publish`).
    public init(loadSeed: Bool = true, readers: Int = 4, bodyLimit: Int = 64 * 1024, importLimit: Int = 512 * 1024 * 1024,
                maxQueuedJobs: Int = 16, authentication: AuthenticationConfiguration = TestGuidebook.defaultAuthentication,
                logger: Logger = Logger(level: .critical), publication: TranslationPublication = .translated,
                configure: (inout APIConfiguration) -> Void = { _ in }) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("guidebook-api-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let databasePath = directory + "/guidebook.sqlite"
        var runner: JobRunner?
        do {
            let store = try Store(path: databasePath, migrations: try Migration.load(from: Self.migrationsDirectory), maxReaders: readers,
                                  publication: publication)
            if loadSeed {
                try SeedLoader(directory: Self.seedDirectory).loadIfEmpty(into: store)
            }
            let jobStore = try JobStore(path: JobStore.path(besides: databasePath),
                                        migrations: try Migration.load(from: Self.migrationsDirectory + "/jobs"))
            let jobs = JobRunner(jobs: jobStore, works: [ImportWork(store: store), TranslationImportWork(store: store), MemoryImportWork(store: store)], maxQueued: maxQueuedJobs)
            runner = jobs
            try jobs.start()
            var configuration = APIConfiguration()
            configuration.bodyLimit = bodyLimit
            configuration.importBodyLimit = importLimit
            configuration.spoolDirectory = directory + "/spool"
            configuration.authentication = authentication
            configure(&configuration)
            application = Application(
                store: store,
                jobs: jobs,
                configuration: configuration,
                logger: logger
            )
            self.directory = directory
            self.databasePath = databasePath
            self.store = store
            self.jobs = jobs
        } catch {
            runner?.stop(graceSeconds: 1)
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Stops the job runner and deletes the temporary directory. Safe to call twice.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        jobs.stop(graceSeconds: 2)
        try? FileManager.default.removeItem(atPath: directory)
    }
}
