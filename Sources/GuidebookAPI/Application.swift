import GuidebookBase
import GuidebookCore
import GuidebookJobs
import HTTPServer

/// The Guidebook API behind the HTTP server: the controllers' routes behind a pipeline of stages.
///
/// The route is matched, `Accept`/`Accept-Encoding` read and the client authenticated once, when
/// the request's head arrives (`Pipeline.decide`). Then every request passes, in order:
/// `RequestIDStage` (its id) → `AccessLogStage` (metrics and the access log) → `CORSStage`
/// (preflight, allowed origins) → `CachedAnswerStage` (an answer the response cache holds goes
/// back from here) → `ProblemStage` (errors become problem+json) → `ContentNegotiationStage` (406)
/// → on a read replica `ReplicaStage` (503 for writes) → `AuthenticationStage` (401, 403) →
/// `ConditionalRequestStage` (compression, response cache, ETag, 304) → the route.
///
/// Every route declares its access (`.open` or `.role(...)`); the application stops at start on a
/// route that does not, since the authentication stage could only guess what it needs.
public final class Application: HTTPHandler {
    /// Counters served by `/metrics`.
    public let metrics: Metrics
    private let pipeline: Pipeline

    /// Builds the API over `store`.
    public init(store: Store, jobs: JobRunner, configuration: APIConfiguration, logger: Logger, metrics: Metrics = Metrics(), extraControllers: [any Controller] = []) {
        self.metrics = metrics
        let authentication = configuration.authentication
        let authenticator = TokenAuthenticator(store: store, adminTokenDigest: authentication.adminTokenDigest, logger: logger)
        var router = Router<RouteHandler>()
        let controllers: [any Controller] = [
            ServiceController(store: store, requiresSeed: configuration.requiresSeed, replica: configuration.replica),
            GlossaryController(store: store, requireIfMatch: configuration.requireIfMatch),
            KnowledgeController(store: store),
            EditingController(store: store, requireIfMatch: configuration.requireIfMatch),
            ChangesController(store: store),
            TranslationController(store: store, requireIfMatch: configuration.requireIfMatch, coverageRendering: CoverageRendering()),
            CheckController(store: store),
            ReviewController(store: store, requireIfMatch: configuration.requireIfMatch),
            HistoryController(store: store, requireIfMatch: configuration.requireIfMatch),
            SuggestionController(store: store, requireIfMatch: configuration.requireIfMatch),
            CommentController(store: store),
            SearchController(store: store),
            JobController(runner: jobs, isPublic: configuration.publicJobs),
            TranslationImportController(store: store, runner: jobs, isPublic: configuration.publicJobs),
            MemoryController(store: store, runner: jobs, isPublic: configuration.publicJobs),
            WebhookController(store: store, allowsPrivateTargets: configuration.allowsPrivateWebhookTargets),
            MetricsController(metrics: metrics, store: store, runner: jobs),
            OpenAPIController(),
            WebController(store: store, apiIndex: ServiceController.index, revealsExistence: !authentication.readsNeedToken,
                          replica: configuration.replica, publicURL: configuration.publicURL),
            TokenController(store: store, authenticator: authenticator),
            WikiController(store: store, embedAncestors: configuration.embedAncestors, publicURL: configuration.publicURL),
            OEmbedController(store: store, publicURL: configuration.publicURL),
        ] + extraControllers
        for controller in controllers { controller.register(into: &router) }
        for route in router.allRoutes where !route.properties.declaresAccess {
            preconditionFailure("route \(route.method) \(route.template) must declare its access: exactly one of .open and .role(...) in its options")
        }
        let cache = configuration.responseCacheBytes > 0 ? ResponseCache(maxBytes: configuration.responseCacheBytes) : nil
        pipeline = Pipeline(router: router, stages: [
            RequestIDStage(),
            AccessLogStage(logger: logger),
            CORSStage(origins: configuration.corsOrigins),
            CachedAnswerStage(store: store, cache: cache),
            ProblemStage(logger: logger),
            ContentNegotiationStage(),
        ] + (configuration.replica.map { [ReplicaStage(replica: $0)] } ?? []) + [
            AuthenticationStage(authenticator: authenticator, throttle: AuthFailureThrottle(policy: authentication.throttle),
                                configuration: authentication, logger: logger),
            ConditionalRequestStage(store: store, cache: cache),
        ], configuration: configuration, metrics: metrics, foreground: store.foreground)
    }

    /// The routes with what they declared, for the API contract test.
    public var routes: [APIRoute] { pipeline.router.allRoutes }

    public func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { pipeline.bodyPolicy(for: head) }

    public func decide(_ head: HTTPRequestHead, hasBody: Bool) -> HeadDecision { pipeline.decide(head, hasBody: hasBody) }

    public func respond(to request: HTTPRequest) -> HTTPResponse { pipeline.respond(to: request) }

    public func reject(_ rejection: HTTPRejection, head: HTTPRequestHead) -> HTTPResponse { pipeline.reject(rejection, head: head) }
}
