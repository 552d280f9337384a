import Foundation
import HTTPServer

/// Rendered responses of knowledge-base reads, reused while the database has not changed.
///
/// Every entry carries the store's data generation from before it was rendered; any commit (by
/// this process or another) changes the generation, so a stale entry is never served. The cache is
/// bounded in bytes and entries; when full it starts over.
final class ResponseCache: @unchecked Sendable {
    struct Entry {
        let generation: Int64
        /// A cacheable response with a body of bytes, compressed when its coding says so.
        let response: APIResponse
        /// The body's ETag, computed once.
        let etag: String

        /// The body's size.
        var byteCount: Int { response.bodyBytes.count }
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var bytes = 0
    let maxBytes: Int
    let maxEntries: Int

    init(maxBytes: Int, maxEntries: Int = 50_000) {
        self.maxBytes = maxBytes
        self.maxEntries = maxEntries
    }

    /// The key of a request: path, query as sent, the headers that can change the locale and
    /// the representation (JSON, Markdown or HTML), and the codings its `Accept-Encoding` picks
    /// (not the header as sent: the many spellings of "gzip and br" share their entries).
    static func key(for request: HTTPRequest, accepted: AcceptedEncodings) -> String {
        let language = request.header("accept-language") ?? "", accept = request.header("accept") ?? ""
        var key = ""
        key.reserveCapacity(request.path.utf8.count + language.utf8.count + accept.utf8.count + 32)
        key.append(request.path)
        for item in request.query {
            key.append("\u{1}")
            key.append(item.name)
            key.append("=")
            key.append(item.value)
        }
        key.append("\u{2}")
        key.append(language)
        key.append("\u{3}")
        key.append(accept)
        key.append("\u{4}")
        key.append(accepted.forCompressible?.rawValue ?? "-")
        key.append(",")
        key.append(accepted.forOther?.rawValue ?? "-")
        return key
    }

    func entry(_ key: String) -> Entry? {
        lock.withLock { entries[key] }
    }

    func store(_ entry: Entry, for key: String) {
        let size = entry.byteCount
        guard maxBytes > 0, size <= maxBytes / 16 else { return }
        lock.withLock {
            if bytes + size > maxBytes || entries.count >= maxEntries {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if let old = entries.updateValue(entry, forKey: key) { bytes -= old.byteCount }
            bytes += size
        }
    }

    /// Entries and bytes held (for metrics).
    var size: (entries: Int, bytes: Int) { lock.withLock { (entries.count, bytes) } }
}
