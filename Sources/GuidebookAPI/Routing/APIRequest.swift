import HTTPServer

/// A request as a handler sees it: the HTTP request, its path parameters and its id.
public struct APIRequest: Sendable {
    public let http: HTTPRequest
    /// Values of the `{name}` segments of the route template.
    public let parameters: [String: String]
    /// The request id (from `X-Request-Id` or generated).
    public let id: String

    /// A path parameter the route template guarantees.
    public func parameter(_ name: String) -> String {
        guard let value = parameters[name] else { preconditionFailure("route has no parameter {\(name)}") }
        return value
    }

    /// A query parameter, nil when absent. An empty value counts as given.
    public func query(_ name: String) -> String? { http.queryValue(name) }

    /// A bounded integer query parameter; out of range or not a number is a 400 naming it.
    public func intQuery(_ name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = http.queryValue(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw Problem.badParameter(name, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.prefix(40))'")
        }
        return number
    }

    /// A boolean query parameter (`true`/`false`/`1`/`0`).
    public func boolQuery(_ name: String, default value: Bool) throws -> Bool {
        guard let text = http.queryValue(name) else { return value }
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw Problem.badParameter(name, "\(name) must be true or false, not '\(text.prefix(40))'")
        }
    }
}

/// What a handler answers: a status, headers and a body.
public struct APIResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: HTTPResponse.Body
    /// True when the body may be answered with 304 against `If-None-Match` (GET/HEAD 200 responses).
    public var isCacheable: Bool

    /// A JSON response.
    public static func json(_ writer: JSONWriter, status: Int = 200, headers: [(name: String, value: String)] = []) -> APIResponse {
        APIResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
                    body: .bytes(writer.bytes), isCacheable: status == 200)
    }

    /// A response with a body of another type.
    public static func bytes(_ bytes: [UInt8], contentType: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> APIResponse {
        APIResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(bytes), isCacheable: status == 200)
    }

    /// A streaming response (server-sent events); never cached.
    public static func stream(_ stream: any HTTPBodyStream, contentType: String, headers: [(name: String, value: String)] = []) -> APIResponse {
        APIResponse(status: 200, headers: [("Content-Type", contentType)] + headers, body: .stream(stream), isCacheable: false)
    }
}
