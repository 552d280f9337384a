import GuidebookAPI
import GuidebookBase
import GuidebookCore
import GuidebookJobs

/// Guidebook without a socket: a `TestGuidebook` whose application is called in-process, as
/// Hummingbird's router test mode does. Requests go through the whole pipeline (the body policy
/// from the route, the stages, the handler) exactly as the server runs it, only without a
/// connection; most API tests use it. `stop()` stops the job runner and deletes the directory.
public final class TestApp: GuidebookUnderTest {
    /// The database, the job runner and the application.
    public let guidebook: TestGuidebook
    private let client: InProcessClient

    /// An application on a new database, with the seed unless `loadSeed` is false, the given body
    /// and import limits and job queue bound, authentication (`TestGuidebook.defaultAuthentication`:
    /// public reads and `TestGuidebook.adminToken`), logger, and `configure`'s changes to the rest
    /// of the API configuration.
    public init(loadSeed: Bool = true, bodyLimit: Int = 64 * 1024, importLimit: Int = 512 * 1024 * 1024, maxQueuedJobs: Int = 16,
                authentication: AuthenticationConfiguration = TestGuidebook.defaultAuthentication,
                logger: Logger = Logger(level: .critical), publication: TranslationPublication = .translated,
                configure: (inout APIConfiguration) -> Void = { _ in }) throws {
        guidebook = try TestGuidebook(loadSeed: loadSeed, bodyLimit: bodyLimit, importLimit: importLimit, maxQueuedJobs: maxQueuedJobs,
                                      authentication: authentication, logger: logger, publication: publication, configure: configure)
        client = InProcessClient(handler: guidebook.application)
    }

    public var directory: String { guidebook.directory }
    public var store: Store { guidebook.store }
    public var jobs: JobRunner { guidebook.jobs }

    /// A client of the application (every client of an in-process application is the same one;
    /// it never throws, and is declared `throws` so that tests call `TestServer` and it alike).
    public func client(timeoutSeconds: Int = 5) throws -> InProcessClient { client }

    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                        timeoutSeconds: Int) throws -> HTTPTestResponse {
        try client.request(method, target, headers: headers, body: body, timeoutSeconds: timeoutSeconds)
    }

    /// Stops the job runner and deletes the temporary directory. Safe to call twice.
    public func stop() {
        guidebook.stop()
    }
}
