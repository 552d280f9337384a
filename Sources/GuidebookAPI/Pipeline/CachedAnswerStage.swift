import GuidebookCore
import HTTPServer

/// The stage after `CORSStage`: a request the response cache already holds the answer to is
/// answered here, skipping every stage that cannot change that answer (problems, negotiation,
/// authentication and the route: what they decide was decided when the head arrived, and the
/// entry was filed under the request's `Accept`, `Accept-Language` and codings). Only the stages
/// before it still run: the request id, the access log and metrics, and CORS headers when an
/// allowed origin asks.
///
/// Anything else (no entry, an old one, a route that is not `.cacheable`, a request a stage
/// refused) goes on down the pipeline, to the `ConditionalRequestStage` that fills the cache. The
/// data generation read here travels in the context, so that stage does not read it again.
public struct CachedAnswerStage: Stage {
    let store: Store
    let cache: ResponseCache?

    /// Answers from `cache` (nil: the cache is off, and this stage only passes requests on).
    init(store: Store, cache: ResponseCache?) {
        self.store = store
        self.cache = cache
    }

    public func respond(to request: HTTPRequest, context: inout RequestContext, next: Next) throws -> APIResponse {
        guard let cache, let route = context.route, route.properties.isCacheable, context.screenedOut == nil,
              request.method == "GET" || request.method == "HEAD" else { return try next(request, &context) }
        // A generation that cannot be read is left to the stages below, which answer its problem.
        guard let generation = try? store.dataGeneration() else { return try next(request, &context) }
        context.dataGeneration = generation
        let key = ResponseCache.key(for: request, accepted: context.acceptedEncodings)
        if let entry = cache.entry(key), entry.generation == generation {
            return ConditionalRequestStage.answer(entry.response, to: request, etag: entry.etag)
        }
        context.cacheKey = key
        return try next(request, &context)
    }
}
