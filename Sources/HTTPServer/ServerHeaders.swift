/// The headers the server adds to every response it sends, whoever made it (the API, the web
/// page, the server's own refusals):
///
/// - `X-Content-Type-Options: nosniff`, so a browser takes a response for the type it is labelled
///   with (a guideline whose text happens to be JavaScript is never a script);
/// - `Connection: close` on the answer to a head refused before its body could be framed: nothing
///   after it on the connection can be trusted to be the next request.
enum ServerHeaders {
    static func adding(to response: HTTPResponse, closing: Bool) -> HTTPResponse {
        var response = response
        if response.header("X-Content-Type-Options") == nil {
            response.headers.append(("X-Content-Type-Options", "nosniff"))
        }
        if closing {
            response.headers.removeAll { HeaderName.equal($0.name, "connection") }
            response.headers.append(("Connection", "close"))
        }
        return response
    }
}
