import GuidebookBase
import GuidebookCore

/// Writes list responses the same way everywhere: `items`, `next` (a cursor or null) and a
/// `Link: <...>; rel="next"` header that keeps the request's other query parameters.
enum Pagination {
    static let defaultLimit = 20
    static let maxLimit = 100

    /// The `limit` parameter, bounded.
    static func limit(_ request: APIRequest) throws -> Int {
        try request.intQuery("limit", default: defaultLimit, range: 1...maxLimit)
    }

    /// The decoded `cursor` parameter for `list`, or nil for the first page.
    static func after(_ request: APIRequest, list: String, count: Int) throws -> [Int64]? {
        guard let cursor = request.query("cursor") else { return nil }
        return try Cursor.decode(cursor, list: list, count: count)
    }

    /// A JSON list response. `writeItem` writes each item.
    static func response<T>(_ page: Page<T>, list: String, request: APIRequest, localizer: Localizer,
                            writeItem: (T, inout JSONWriter) -> Void) -> APIResponse {
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.key("items")
        json.beginArray()
        for item in page.items { writeItem(item, &json) }
        json.endArray()
        let next = page.nextAfter.map { Cursor.encode($0, list: list) }
        json.field("next", next)
        json.endObject()
        var headers = [("Content-Language", localizer.contentLanguage), ("Vary", "Accept-Language")]
        if let next { headers.append(("Link", "<\(nextLink(request, cursor: next))>; rel=\"next\"")) }
        return .json(json, headers: headers)
    }

    /// The request's path and query with `cursor` set: the next page's link.
    static func nextLink(_ request: APIRequest, cursor: String) -> String {
        var parts = request.http.query.filter { $0.name != "cursor" }.map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
        parts.append("cursor=\(cursor)")
        return request.http.path + "?" + parts.joined(separator: "&")
    }
}

/// Percent-encoding for what the server writes back into URIs: query components of links, and
/// the decoded request path in a problem's `instance`.
enum PercentEncoding {
    /// Encodes every byte but unreserved characters and those in `keeping`.
    static func encode(_ text: String, keeping: String = ",") -> String {
        let kept = Set(keeping.utf8)
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where kept.contains(byte):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
