import Foundation
import GuidebookCore
import HTTPClient

/// Pushes one locale's topics to an Outline collection: each topic once through
/// `POST /api/documents.import` (multipart: `file`, `collectionId`, `publish`), later through
/// `POST /api/documents.update` when its Markdown changed; then an index document linking them.
/// Outline rate-limits imports (25 a minute): a 429 is waited out as `Retry-After` says, and when
/// `RateLimit-Remaining` reaches 0 the pusher waits for `RateLimit-Reset` before the next request.
///
/// A state file (`--state`) maps each topic to its document and the hash of what was pushed, so a
/// later push sends only what changed. Outline has no transaction across documents: a run that
/// fails part way has pushed the documents before the failure (recorded in the state), and the
/// next run goes on from there.
public struct OutlinePusher {
    /// One document to push.
    public struct Document: Sendable {
        public var key: String
        public var title: String
        /// The Markdown without its title (Outline keeps the title apart).
        public var text: String

        public init(key: String, title: String, text: String) {
            (self.key, self.title, self.text) = (key, title, text)
        }
    }

    /// What the state file holds.
    public struct State: Codable, Equatable, Sendable {
        public struct Entry: Codable, Equatable, Sendable {
            public var id: String
            public var url: String
            public var hash: String
        }
        public var collection: String
        public var documents: [String: Entry] = [:]
    }

    /// What a push did.
    public struct Outcome: Sendable, Equatable {
        public var imported = 0
        public var updated = 0
        public var unchanged = 0
        /// Seconds waited for the rate limit.
        public var waited = 0.0
    }

    private var api: WikiAPIClient
    private let token: String
    private let collection: String
    private let statePath: String

    public init(url: String, token: String, collection: String, statePath: String, policy: OutboundAddressPolicy, timeoutSeconds: Double = 60) throws {
        guard !token.isEmpty, !token.contains(where: { $0.isNewline }) else { throw PublishError.invalidOption("--token is an Outline API key") }
        guard !collection.isEmpty, collection.count <= 100, collection.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw PublishError.invalidOption("--collection is the collection's id")
        }
        api = try WikiAPIClient(baseURL: url, policy: policy, timeoutSeconds: timeoutSeconds)
        self.token = token
        self.collection = collection
        self.statePath = statePath
    }

    /// Pushes `documents` (each created or updated), then `index` built from their URLs.
    public func push(_ documents: [Document], index: (_ urls: [String: String]) -> Document, log: @escaping (String) -> Void = { _ in }) throws -> Outcome {
        var state = readState()
        var outcome = Outcome()
        var api = self.api
        let waits = WaitTotal()
        api.onWait = { seconds in waits.seconds += seconds; log("Outline's rate limit: waiting \(String(format: "%.1f", seconds)) s") }
        var urls: [String: String] = [:]
        func pushOne(_ document: Document) throws {
            let hash = ContentHash.hex(Array((document.title + "\n" + document.text).utf8))
            if let entry = state.documents[document.key] {
                urls[document.key] = entry.url
                if entry.hash == hash { outcome.unchanged += 1; return }
                var json: [String: Any] = ["id": entry.id, "title": document.title, "text": document.text, "publish": true]
                json["collectionId"] = nil
                let answer = try post(api, "documents.update", json: json)
                let data = try Self.data(answer, what: "documents.update")
                state.documents[document.key] = State.Entry(id: entry.id, url: data["url"] as? String ?? entry.url, hash: hash)
                outcome.updated += 1
            } else {
                var form = MultipartBody()
                form.field("collectionId", collection)
                form.field("publish", "true")
                form.file("file", filename: document.key + ".md", contentType: "text/markdown",
                          contents: Array(("# " + document.title + "\n\n" + document.text).utf8))
                let answer = try send(api, "documents.import", contentType: form.contentType, body: form.finished())
                let data = try Self.data(answer, what: "documents.import")
                guard let id = data["id"] as? String else { throw PublishError.api("documents.import answered no document id") }
                state.documents[document.key] = State.Entry(id: id, url: data["url"] as? String ?? "", hash: hash)
                outcome.imported += 1
            }
            urls[document.key] = state.documents[document.key]?.url
            try writeState(state)
        }
        for document in documents { try pushOne(document) }
        try pushOne(index(urls))
        outcome.waited = waits.seconds
        return outcome
    }

    private func post(_ api: WikiAPIClient, _ method: String, json: [String: Any]) throws -> HTTPClientAnswer {
        let body = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        return try send(api, method, contentType: "application/json", body: [UInt8](body))
    }

    /// One API call, keeping under the rate limit the last answer announced.
    private func send(_ api: WikiAPIClient, _ method: String, contentType: String, body: [UInt8]) throws -> HTTPClientAnswer {
        let answer = try api.send("POST", "/api/" + method, headers: [("Authorization", "Bearer " + token), ("Content-Type", contentType),
                                                                        ("Accept", "application/json")], body: body)
        if answer.header("ratelimit-remaining") == "0", let reset = answer.header("ratelimit-reset").flatMap(Self.secondsUntil), reset > 0 {
            let wait = min(api.longestWait, reset)
            api.onWait(wait)
            api.sleep(wait)
        }
        return answer
    }

    /// `RateLimit-Reset`: seconds, or a date (Outline writes JavaScript's `Date` string).
    static func secondsUntil(_ text: String) -> Double? {
        if let seconds = Double(text) { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for format in ["EEE MMM dd yyyy HH:mm:ss 'GMT'Z", "EEE, dd MMM yyyy HH:mm:ss zzz"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: String(text.prefix(33))) { return date.timeIntervalSinceNow }
        }
        return nil
    }

    /// The `data` object of a successful answer.
    private static func data(_ answer: HTTPClientAnswer, what: String) throws -> [String: Any] {
        guard answer.status == 200 else { throw WikiAPIClient.failure(answer, what: what) }
        guard let data = try WikiAPIClient.object(answer, what: what)["data"] as? [String: Any] else {
            throw PublishError.api("\(what) answered no data")
        }
        return data
    }

    private func readState() -> State {
        guard let bytes = FileManager.default.contents(atPath: statePath),
              let state = try? JSONDecoder().decode(State.self, from: bytes), state.collection == collection else {
            return State(collection: collection)
        }
        return state
    }

    private func writeState(_ state: State) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let temporary = statePath + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: try encoder.encode(state)),
              rename(temporary, statePath) == 0 else {
            throw PublishError.invalidOption("cannot write the state file \(statePath)")
        }
    }
}

/// The seconds a push waited for the rate limit, added up by the client's wait callback.
private final class WaitTotal {
    var seconds = 0.0
}
