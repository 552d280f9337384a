import Foundation
import HTTPClient

/// What the BookStack and Outline pushers share: a base URL checked up front, one `HTTPClient`
/// (every connection's address checked against the operator's `OutboundAddressPolicy`), JSON
/// answers, and waiting out a 429 as its `Retry-After` says.
struct WikiAPIClient {
    /// `https://wiki.example.com` without a trailing slash.
    let baseURL: String
    let client: HTTPClient
    let timeoutSeconds: Double
    /// Retries of one request answered 429.
    var rateLimitRetries = 5
    /// The longest wait a 429 is given (seconds).
    var longestWait = 120.0
    /// Called with each wait (seconds) before a retry, for the log.
    var onWait: (Double) -> Void = { _ in }
    /// Sleeps; tests may shorten nothing: waits are real, so a test sees them.
    var sleep: (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }

    init(baseURL: String, policy: OutboundAddressPolicy, timeoutSeconds: Double = 60) throws {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme), parsed.host != nil else {
            throw PublishError.invalidOption("--url must be the wiki's http(s) address, such as https://wiki.example.com")
        }
        guard parsed.user == nil, parsed.password == nil else {
            throw PublishError.invalidOption("--url holds credentials; give the token with its own option")
        }
        self.baseURL = url
        self.client = try HTTPClient(policy: policy)
        self.timeoutSeconds = timeoutSeconds
    }

    /// Sends a request to `path` (below the base URL); a 429 is waited out (`Retry-After`, else a
    /// second, at most `longestWait`) and sent again, up to `rateLimitRetries` times. Any other
    /// status is returned.
    func send(_ method: String, _ path: String, headers: [(name: String, value: String)], body: [UInt8] = []) throws -> HTTPClientAnswer {
        var attempt = 0
        while true {
            let answer: HTTPClientAnswer
            do {
                answer = try client.send(method: method, url: baseURL + path, headers: headers, body: body, timeoutSeconds: timeoutSeconds)
            } catch let error as HTTPClientError {
                throw PublishError.unreachable("\(method) \(baseURL)\(path): \(error)")
            }
            guard answer.status == 429, attempt < rateLimitRetries else { return answer }
            attempt += 1
            let wait = min(longestWait, max(0, answer.header("retry-after").flatMap(Double.init) ?? 1))
            onWait(wait)
            sleep(wait)
        }
    }

    /// The JSON object of an answer's body.
    static func object(_ answer: HTTPClientAnswer, what: String) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] else {
            throw PublishError.api("\(what): the answer (\(answer.status)) is not a JSON object")
        }
        return object
    }

    /// A short, safe description of an error answer (its status and the API's message, if any).
    static func failure(_ answer: HTTPClientAnswer, what: String) -> PublishError {
        var message = ""
        if let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] {
            if let error = object["error"] as? [String: Any], let text = error["message"] as? String { message = text }
            else if let text = object["message"] as? String { message = text }
            else if let text = object["error"] as? String { message = text }
        }
        return .api("\(what) answered \(answer.status)" + (message.isEmpty ? "" : ": " + String(message.prefix(300))))
    }

    /// `text` percent-encoded for a query value.
    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
