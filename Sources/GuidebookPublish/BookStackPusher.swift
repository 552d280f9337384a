import Foundation
import HTTPClient

/// Imports a BookStack Portable ZIP through BookStack's API (`POST /api/import` uploads it,
/// `POST /api/import/{id}` runs it, with `Authorization: Token <id>:<secret>`), then moves the
/// books of the same name an earlier push made to the recycle bin (`DELETE /api/books/{id}`).
///
/// The new book is complete before the old one goes: a failed upload or import leaves the wiki
/// as it was (the pending upload is deleted).
public struct BookStackPusher {
    /// What a push did.
    public struct Outcome: Sendable, Equatable {
        /// The book the import made.
        public var bookID: Int
        /// Earlier books of the same name, now in the recycle bin.
        public var replaced: [Int]
    }

    private let api: WikiAPIClient
    private let authorization: String

    public init(url: String, tokenID: String, tokenSecret: String, policy: OutboundAddressPolicy, timeoutSeconds: Double = 120) throws {
        guard !tokenID.isEmpty, !tokenSecret.isEmpty, !(tokenID + tokenSecret).contains(where: { $0.isNewline || $0 == ":" }) else {
            throw PublishError.invalidOption("--token-id and --token-secret are BookStack's API token (Settings > Users > API tokens)")
        }
        api = try WikiAPIClient(baseURL: url, policy: policy, timeoutSeconds: timeoutSeconds)
        authorization = "Token \(tokenID):\(tokenSecret)"
    }

    /// Uploads and runs `zip` (its book is named `bookName`), then retires the earlier books of that name.
    public func push(zip: [UInt8], fileName: String, bookName: String) throws -> Outcome {
        let headers = [("Authorization", authorization), ("Accept", "application/json")]
        let listed = try api.send("GET", "/api/books?count=500&filter%5Bname%5D=" + WikiAPIClient.queryValue(bookName), headers: headers)
        guard listed.status == 200 else { throw WikiAPIClient.failure(listed, what: "GET /api/books") }
        let earlier = ((try WikiAPIClient.object(listed, what: "GET /api/books")["data"] as? [[String: Any]]) ?? [])
            .filter { $0["name"] as? String == bookName }.compactMap { $0["id"] as? Int }

        var form = MultipartBody()
        form.file("file", filename: fileName, contentType: "application/zip", contents: zip)
        let uploaded = try api.send("POST", "/api/import", headers: headers + [("Content-Type", form.contentType)], body: form.finished())
        guard uploaded.status == 200 || uploaded.status == 201 else { throw WikiAPIClient.failure(uploaded, what: "POST /api/import") }
        guard let importID = try WikiAPIClient.object(uploaded, what: "POST /api/import")["id"] as? Int else {
            throw PublishError.api("POST /api/import answered no import id")
        }
        let run = try api.send("POST", "/api/import/\(importID)", headers: headers + [("Content-Type", "application/json")], body: Array("{}".utf8))
        guard run.status == 200 || run.status == 201, let bookID = try WikiAPIClient.object(run, what: "POST /api/import/\(importID)")["id"] as? Int else {
            _ = try? api.send("DELETE", "/api/import/\(importID)", headers: headers)
            throw WikiAPIClient.failure(run, what: "POST /api/import/\(importID)")
        }
        var replaced: [Int] = []
        for old in earlier where old != bookID {
            let deleted = try api.send("DELETE", "/api/books/\(old)", headers: headers)
            guard deleted.status == 204 || deleted.status == 200 else { throw WikiAPIClient.failure(deleted, what: "DELETE /api/books/\(old)") }
            replaced.append(old)
        }
        return Outcome(bookID: bookID, replaced: replaced)
    }
}
