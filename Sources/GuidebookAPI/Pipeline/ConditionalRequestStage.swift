import GuidebookCore
import HTTPServer

/// The last stage before the route: compression, the response cache and conditional requests.
///
/// Every answer of a route is compressed as `ResponseCompression` says, for what the request's
/// `Accept-Encoding` allows. A `GET` or `HEAD` to a route declared `.cacheable` is answered from
/// the response cache while the store's data generation is the one the entry was rendered under;
/// otherwise the route answers and its answer is kept, compressed: the cache holds each coding's
/// bytes, so an answer is compressed once per generation. Every cacheable answer gets a strong
/// `ETag` (a hash of the body as sent, so each coding has its own), and `If-None-Match` with it is
/// answered `304 Not Modified`.
public struct ConditionalRequestStage: Stage {
    let store: Store
    /// Nil when the response cache is off (`--response-cache 0`).
    let cache: ResponseCache?

    /// Keeps up to `cacheBytes` of rendered answers (0: none) for as long as `store`'s data is unchanged.
    public init(store: Store, cacheBytes: Int) {
        self.init(store: store, cache: cacheBytes > 0 ? ResponseCache(maxBytes: cacheBytes) : nil)
    }

    /// Keeps rendered answers in `cache` (nil: none), which a `CachedAnswerStage` earlier in the
    /// pipeline answers from.
    init(store: Store, cache: ResponseCache?) {
        self.store = store
        self.cache = cache
    }

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        guard let route = context.route else { return try next(request, &context) }
        let accepted = context.acceptedEncodings
        guard let cache, route.properties.isCacheable, request.method == "GET" || request.method == "HEAD" else {
            return Self.answer(try ResponseCompression.apply(try next(request, &context), accepted: accepted), to: request)
        }
        // The generation is read before the route reads, so an entry is never newer than the
        // generation it is filed under.
        let key = context.cacheKey ?? ResponseCache.key(for: request, accepted: accepted)
        let generation = try context.dataGeneration ?? store.dataGeneration()
        if let entry = cache.entry(key), entry.generation == generation {
            return Self.answer(entry.response, to: request, etag: entry.etag)
        }
        let fresh = try ResponseCompression.apply(try next(request, &context), accepted: accepted)
        guard fresh.isCacheable, case .bytes(let body) = fresh.body else { return Self.answer(fresh, to: request) }
        let etag = ETag.of(body, version: fresh.resourceVersion)
        cache.store(.init(generation: generation, response: fresh, etag: etag), for: key)
        return Self.answer(fresh, to: request, etag: etag)
    }

    /// Adds the ETag (given, or computed from the body) to a cacheable response, and answers
    /// `If-None-Match` with 304.
    static func answer(_ response: APIResponse, to request: HTTPRequest, etag known: String? = nil) -> APIResponse {
        guard response.isCacheable, case .bytes(let body) = response.body else { return response }
        let etag = known ?? ETag.of(body, version: response.resourceVersion)
        if let condition = request.header("if-none-match"), ETag.matches(condition, etag: etag) {
            let kept = response.headers.filter { ["etag", "vary", "content-language"].contains($0.name.lowercased()) }
            return APIResponse(status: 304, headers: kept + [("ETag", etag)], body: .bytes([]), isCacheable: false)
        }
        var tagged = response
        tagged.headers.append(("ETag", etag))
        return tagged
    }
}
