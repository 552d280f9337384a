import GuidebookCore
import GuidebookText

/// Strong entity tags and the `If-None-Match` comparison.
enum ETag {
    /// The ETag of a body: a hash of its bytes, quoted.
    static func of(_ body: [UInt8]) -> String { "\"" + ContentHash.hex(body) + "\"" }

    /// True when `If-None-Match: header` matches `etag` (weak comparison, as RFC 9110 asks for
    /// this header; `*` matches any).
    static func matches(_ header: String, etag: String) -> Bool {
        let bare = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        for candidate in header.split(separator: ",") {
            let tag = String(candidate.trimmingSpaces())
            if tag == "*" { return true }
            let candidateBare = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
            if candidateBare == bare { return true }
        }
        return false
    }
}
