import GuidebookBase
import HTTPServer

/// What a handler (or a stage) answers: a status, headers, a body, and what the pipeline needs to
/// know about it.
public struct APIResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: HTTPResponse.Body
    /// True when the body may be answered with 304 against `If-None-Match` (GET/HEAD 200 responses).
    public var isCacheable: Bool
    /// What this answer counts in the metrics, recorded each time it is served (from the response
    /// cache too), but not when a 304 is answered in its place.
    public var metricEvents: [Metrics.Event] = []
    /// How long the server waits before it sends the answer (`HTTPResponse.delay`).
    public var delay: Duration = .zero
    /// The version of the resource this answer represents (`ResourceVersion`): its ETag starts
    /// with it, so that `If-Match` on a write can be compared with it (nil: the ETag is a hash of the body).
    public var resourceVersion: String?

    public init(status: Int, headers: [(name: String, value: String)], body: HTTPResponse.Body, isCacheable: Bool) {
        self.status = status
        self.headers = headers
        self.body = body
        self.isCacheable = isCacheable
    }

    /// A JSON response.
    public static func json(_ writer: JSONWriter, status: Int = 200, headers: [(name: String, value: String)] = []) -> APIResponse {
        .bytes(writer.bytes, contentType: MediaType.json.contentType, status: status, headers: headers)
    }

    /// A response with a body of another type.
    public static func bytes(_ bytes: [UInt8], contentType: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> APIResponse {
        APIResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(bytes), isCacheable: status == 200)
    }

    /// A streaming response (server-sent events); never cached.
    public static func stream(_ stream: any HTTPBodyStream, contentType: String, headers: [(name: String, value: String)] = []) -> APIResponse {
        APIResponse(status: 200, headers: [("Content-Type", contentType)] + headers, body: .stream(stream), isCacheable: false)
    }

    /// The same response, tagged as a representation of a resource at `version`.
    public func versioned(_ version: String) -> APIResponse {
        var response = self
        response.resourceVersion = version
        return response
    }

    /// The same response, counting `event` in the metrics whenever it is served.
    public func recording(_ event: Metrics.Event) -> APIResponse {
        var response = self
        response.metricEvents.append(event)
        return response
    }

    /// The response as the server sends it.
    var http: HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers, body: body)
        response.delay = delay
        return response
    }

    /// The body's bytes, or an empty array for a stream.
    public var bodyBytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }

    /// The first value of a header (case-insensitive name).
    public func header(_ name: String) -> String? {
        for header in headers where HeaderName.equal(header.name, name) { return header.value }
        return nil
    }
}
