import GuidebookCore
import GuidebookJobs
import HTTPServer

/// The Guidebook API behind the HTTP server: the controllers' routes behind a pipeline of stages.
///
/// Every request passes, in order: `RequestIDStage` (its id) → `AccessLogStage` (metrics and the
/// access log) → `ProblemStage` (errors become problem+json) → `ContentNegotiationStage` (406) →
/// (authentication comes here) → `ConditionalRequestStage` (response cache, ETag, 304) → the route.
public final class Application: HTTPHandler {
    /// Counters served by `/metrics`.
    public let metrics: Metrics
    private let pipeline: Pipeline

    /// Builds the API over `store`.
    public init(store: Store, jobs: JobRunner, configuration: APIConfiguration, logger: Logger, metrics: Metrics = Metrics(), extraControllers: [any Controller] = []) {
        self.metrics = metrics
        var router = Router<RouteHandler>()
        let controllers: [any Controller] = [
            ServiceController(store: store, requiresSeed: configuration.requiresSeed),
            KnowledgeController(store: store),
            SearchController(store: store),
            JobController(runner: jobs),
            MetricsController(metrics: metrics, store: store, runner: jobs),
            OpenAPIController(),
            WebController(store: store, apiIndex: ServiceController.index),
            WikiController(store: store, embedAncestors: configuration.embedAncestors),
        ] + extraControllers
        for controller in controllers { controller.register(into: &router) }
        pipeline = Pipeline(router: router, stages: [
            RequestIDStage(),
            AccessLogStage(logger: logger),
            CORSStage(origins: configuration.corsOrigins, router: router),
            ProblemStage(logger: logger),
            ContentNegotiationStage(),
            // Authentication comes here (next issue): a stage that implements only `screen`, reading
            // the token from the head and the role from `route.properties.role`.
            ConditionalRequestStage(store: store, cacheBytes: configuration.responseCacheBytes),
        ], configuration: configuration, metrics: metrics)
    }

    /// The routes with what they declared, for the API contract test.
    public var routes: [APIRoute] { pipeline.router.allRoutes }

    public func bodyPolicy(for head: HTTPRequestHead) -> BodyPolicy { pipeline.bodyPolicy(for: head) }

    public func respond(to request: HTTPRequest) -> HTTPResponse { pipeline.respond(to: request) }

    public func reject(_ rejection: HTTPRejection, head: HTTPRequestHead) -> HTTPResponse { pipeline.reject(rejection, head: head) }
}
