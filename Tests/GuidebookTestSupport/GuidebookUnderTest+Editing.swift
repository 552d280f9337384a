import Foundation

extension GuidebookUnderTest {
    /// A write with a JSON body (`application/json`, or `application/merge-patch+json` for a
    /// `PATCH`, unless `contentType` says otherwise) and `If-Match` when given, made with
    /// `authorization` (by default the test admin token).
    public func send(_ method: String, _ target: String, _ json: String, contentType: String? = nil, ifMatch: String? = nil,
                     authorization: (String, String) = TestGuidebook.adminHeader) throws -> HTTPTestResponse {
        var headers = [authorization, ("Content-Type", contentType ?? (method == "PATCH" ? "application/merge-patch+json" : "application/json"))]
        if let ifMatch { headers.append(("If-Match", ifMatch)) }
        return try request(method, target, headers: headers, body: Array(json.utf8))
    }

    /// A `DELETE` with the test admin token, with `If-Match` when given.
    public func delete(_ target: String, ifMatch: String? = nil) throws -> HTTPTestResponse {
        try request("DELETE", target, headers: [TestGuidebook.adminHeader] + (ifMatch.map { [("If-Match", $0)] } ?? []))
    }
}
