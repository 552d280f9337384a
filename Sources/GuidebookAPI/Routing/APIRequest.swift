import HTTPServer

/// A request as a handler sees it: the HTTP request and what the pipeline knows about it (the
/// route, its path parameters, the request id).
public struct APIRequest: Sendable {
    public let http: HTTPRequest
    /// What the stages before the handler found out about the request.
    public let context: RequestContext

    /// Values of the `{name}` segments of the route template.
    public var parameters: [String: String] { context.parameters }
    /// The request id (from `X-Request-Id` or generated).
    public var id: String { context.requestID }

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
