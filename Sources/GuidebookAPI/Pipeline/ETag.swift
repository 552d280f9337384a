import GuidebookCore
import GuidebookText

/// Strong entity tags and the `If-None-Match` comparison. The hash of the body is `BodyHash`'s.
enum ETag {
    /// The ETag of a body: a hash of its bytes, quoted.
    static func of(_ body: [UInt8]) -> String { quoted(BodyHash.hex(body)) }

    /// The ETag of one representation of a versioned resource (a topic, section or guideline):
    /// its version, then a hash of the body, so each representation has its own strong tag and
    /// `If-Match` can compare the version part (`version(of:)`) whatever representation it came from.
    static func of(_ body: [UInt8], version: String) -> String {
        quoted(version, BodyHash.hex(body))
    }

    /// `"first-second"` (or `"first"`), built in one string.
    private static func quoted(_ first: String, _ second: String? = nil) -> String {
        var tag = ""
        tag.reserveCapacity(first.utf8.count + (second?.utf8.count ?? 0) + 3)
        tag.append("\"")
        tag.append(first)
        if let second {
            tag.append("-")
            tag.append(second)
        }
        tag.append("\"")
        return tag
    }

    /// The resource version an opaque tag (without quotes) carries: what comes before its "-".
    /// `of(body, version:)` for a versioned resource, `of(body)` otherwise.
    static func of(_ body: [UInt8], version: String?) -> String {
        version.map { of(body, version: $0) } ?? of(body)
    }

    static func version(of tag: String) -> String {
        String(tag.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }

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
