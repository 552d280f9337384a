import Foundation
import GuidebookCore
import GuidebookJobs
import GuidebookText
import HTTPServer

/// The Guidebook API behind the HTTP server: routes requests, negotiates content, turns errors
/// into problem+json, answers conditional requests and writes the access log.
public final class Application: HTTPHandler {
    private let router: Router<RouteHandler>
    private let store: Store
    private let cache: ResponseCache?
    private let configuration: APIConfiguration
    private let logger: Logger
    /// Counters served by `/metrics`.
    public let metrics: Metrics

    /// Builds the API over `store`.
    public init(store: Store, jobs: JobRunner, configuration: APIConfiguration, logger: Logger, metrics: Metrics = Metrics(), extraControllers: [any Controller] = []) {
        self.configuration = configuration
        self.logger = logger
        self.metrics = metrics
        self.store = store
        self.cache = configuration.responseCacheBytes > 0 ? ResponseCache(maxBytes: configuration.responseCacheBytes) : nil
        var router = Router<RouteHandler>()
        let controllers: [any Controller] = [
            ServiceController(store: store, requiresSeed: configuration.requiresSeed),
            KnowledgeController(store: store),
            SearchController(store: store),
            JobController(runner: jobs),
            MetricsController(metrics: metrics, store: store, runner: jobs),
            OpenAPIController(),
            WebController(store: store, apiIndex: ServiceController.index),
        ] + extraControllers
        for controller in controllers { controller.register(into: &router) }
        self.router = router
    }

    /// The routes, for the API contract test.
    public var routes: [(method: String, template: String)] { router.allRoutes.map { ($0.method, $0.template) } }

    public func bodyPolicy(method: String, path: String) -> BodyPolicy {
        // A request without a route is refused (404, 405) whatever its body: the body is dropped.
        guard case .found(let route, _) = router.match(method: method, path: path) else { return .refuse }
        if route.method == "POST" && route.template == "/v1/imports" {
            return .spool(limit: configuration.importBodyLimit, directory: configuration.spoolDirectory)
        }
        return .buffer(limit: configuration.bodyLimit)
    }

    public func reject(_ rejection: HTTPRejection, method: String, path: String) -> HTTPResponse {
        let requestID = RequestID.generate()
        let problem: Problem
        switch rejection {
        case .bodyTooLarge(let limit): problem = .bodyTooLarge(limit: limit)
        case .bodyNotStored(let reason):
            logger.error("upload could not be stored", [("request_id", .string(requestID)), ("reason", .string(reason))])
            problem = .unavailable("the upload could not be stored on the server; try again later", retryAfter: 30)
        }
        var response = problemResponse(problem, path: path, requestID: requestID)
        response.headers.append(("X-Request-Id", requestID))
        logAccess(method: method, path: path, route: "-", status: response.status, bytes: response.bodyBytes.count, started: .now, requestID: requestID)
        return response
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        metrics.begin()
        let requestID = RequestID.accept(request.header("x-request-id")) ?? RequestID.generate()
        var routeName = "-"
        var response: HTTPResponse
        do {
            switch router.match(method: request.method, path: request.path) {
            case .notFound:
                throw Problem.notFound("no resource at \(request.path.prefix(200))")
            case .methodNotAllowed(let allowed):
                throw Problem.methodNotAllowed(request.method, allowed: allowed)
            case .found(let route, let parameters):
                routeName = route.template
                try checkAccept(request, route: route.template)
                let apiRequest = APIRequest(http: request, parameters: parameters, id: requestID)
                if let cache, route.isCacheable, request.method == "GET" || request.method == "HEAD" {
                    // The generation is read before the handler reads, so an entry is never newer
                    // than the generation it is filed under.
                    let key = ResponseCache.key(for: request)
                    let generation = try store.dataGeneration()
                    if let entry = cache.entry(key), entry.generation == generation {
                        response = finish(APIResponse(status: entry.status, headers: entry.headers, body: .bytes(entry.body), isCacheable: true),
                                          request: request, etag: entry.etag)
                    } else {
                        let fresh = try route.handler(apiRequest)
                        if fresh.isCacheable, case .bytes(let body) = fresh.body {
                            let etag = Self.etag(of: body)
                            cache.store(.init(generation: generation, status: fresh.status, headers: fresh.headers, body: body, etag: etag), for: key)
                            response = finish(fresh, request: request, etag: etag)
                        } else {
                            response = finish(fresh, request: request)
                        }
                    }
                } else {
                    response = finish(try route.handler(apiRequest), request: request)
                }
            }
        } catch {
            let problem = ProblemMapper.problem(for: error, requestID: requestID)
            if ProblemMapper.isServerFault(problem) {
                logger.error("request failed", [("request_id", .string(requestID)), ("path", .string(request.path)), ("error", .string(String(describing: error)))])
            }
            response = problemResponse(problem, path: request.path, requestID: requestID)
        }
        response.headers.append(("X-Request-Id", requestID))
        metrics.end(method: request.method, route: routeName, status: response.status, seconds: Self.seconds(since: started))
        // Searches are counted here, so that answers from the response cache count too.
        if routeName == "/v1/search", response.status == 200, let total = response.header("X-Total-Count").flatMap(Int.init) {
            metrics.recordSearch(zeroResults: total == 0)
        }
        logAccess(method: request.method, path: request.path, route: routeName, status: response.status,
                  bytes: response.bodyBytes.count, started: started, requestID: requestID)
        return response
    }

    static func etag(of body: [UInt8]) -> String { "\"" + ContentHash.hex(body) + "\"" }

    /// Adds the ETag (given, or computed from the body) and answers `If-None-Match` with 304 for
    /// cacheable responses.
    private func finish(_ response: APIResponse, request: HTTPRequest, etag known: String? = nil) -> HTTPResponse {
        var headers = response.headers
        guard response.isCacheable, case .bytes(let body) = response.body else {
            return HTTPResponse(status: response.status, headers: headers, body: response.body)
        }
        let etag = known ?? Self.etag(of: body)
        headers.append(("ETag", etag))
        if let condition = request.header("if-none-match"), ETagMatcher.matches(condition, etag: etag) {
            let kept = headers.filter { ["etag", "vary", "content-language"].contains($0.name.lowercased()) }
            return HTTPResponse(status: 304, headers: kept, body: [])
        }
        return HTTPResponse(status: response.status, headers: headers, body: response.body)
    }

    /// The media types the API's routes produce; the page's routes add theirs.
    private static let apiMediaTypes: Set<String> = ["application/json", "application/*", "*/*", "application/problem+json", "text/event-stream",
                                                      "application/x-ndjson", "text/plain", "text/*", "application/linkset+json",
                                                      "application/vnd.oai.openapi+json"]

    /// 406 when the client accepts none of the types this route produces.
    private func checkAccept(_ request: HTTPRequest, route template: String) throws {
        guard let accept = request.header("accept"), !accept.isEmpty else { return }
        let acceptable = Self.apiMediaTypes.union(WebController.producedMediaTypes(route: template))
        let accepted = WeightedValue.parse(accept).contains { acceptable.contains($0.value) && $0.quality > 0 }
        guard accepted else { throw Problem.notAcceptable(accept) }
    }

    private func problemResponse(_ problem: Problem, path: String, requestID: String) -> HTTPResponse {
        HTTPResponse(status: problem.status,
                     headers: [("Content-Type", "application/problem+json; charset=utf-8")] + problem.headers,
                     body: problem.body(instance: PercentEncoding.encode(String(path.prefix(500)), keeping: "/")))
    }

    private func logAccess(method: String, path: String, route: String, status: Int, bytes: Int, started: ContinuousClock.Instant, requestID: String) {
        guard logger.isEnabled(.info) else { return }
        let milliseconds = Self.seconds(since: started) * 1000
        logger.info("request", [
            ("method", .string(method)), ("path", .string(String(path.prefix(300)))), ("route", .string(route)),
            ("status", .int(status)), ("bytes", .int(bytes)), ("duration_ms", .double(milliseconds)),
            ("request_id", .string(requestID)),
        ])
    }
}

extension Application {
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// `If-None-Match` comparison (weak comparison, as RFC 9110 asks for this header).
enum ETagMatcher {
    static func matches(_ header: String, etag: String) -> Bool {
        let bare = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        for candidate in header.split(separator: ",") {
            let tag = String(candidate.trimmingSpaces())
            if tag == "*" { return true }
            let candidateBare = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
            if candidateBare == bare { return true }
        }
        return false
    }
}

/// Request ids: honoured when a client or proxy sends a sane one, generated otherwise.
enum RequestID {
    static func accept(_ header: String?) -> String? {
        guard let header, !header.isEmpty, header.utf8.count <= 128,
              header.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else { return nil }
        return header
    }

    /// A random prefix per process and a counter: unique, cheap (no system call per request).
    static func generate() -> String {
        let value = counter.next()
        let hex = String(value, radix: 16)
        return prefix + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
    }

    private static let prefix: String = {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt32
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }()

    private static let counter = RequestCounter()
}

/// A thread-safe counter for request ids.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 0

    func next() -> UInt64 {
        lock.withLock {
            value &+= 1
            return value
        }
    }
}
