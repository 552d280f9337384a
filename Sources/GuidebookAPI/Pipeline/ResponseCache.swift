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
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    let maxBytes: Int
    let maxEntries: Int

    init(maxBytes: Int, maxEntries: Int = 50_000) {
        self.maxBytes = maxBytes
        self.maxEntries = maxEntries
    }

    /// What an answer is filed under: the path, the query as sent, the headers that can change the
    /// locale and the representation (JSON, Markdown or HTML), and the codings the request's
    /// `Accept-Encoding` picks (not the header as sent: the many spellings of "gzip and br" share
    /// their entries). The request's own strings, not a key built from them: no string is made
    /// per request.
    struct Key: Hashable, Sendable {
        let path: String
        /// The query's names and values, each followed by a byte no URL decodes to: empty without one.
        let query: String
        let acceptLanguage: String?
        let accept: String?
        /// Link previews and oEmbed links are absolute, built from `Host` when no public URL is
        /// set: one client's `Host` must not become every later client's answer.
        let host: String?
        let compressible: ContentCoding?
        let other: ContentCoding?
    }

    static func key(for request: HTTPRequest, accepted: AcceptedEncodings) -> Key {
        var query = ""
        for item in request.query {
            query.append(item.name)
            query.append("\u{1}")
            query.append(item.value)
            query.append("\u{2}")
        }
        return Key(path: request.path, query: query, acceptLanguage: request.header("accept-language"), accept: request.header("accept"),
                   host: request.header("host"), compressible: accepted.forCompressible, other: accepted.forOther)
    }

    func entry(_ key: Key) -> Entry? {
        lock.withLock { entries[key] }
    }

    func store(_ entry: Entry, for key: Key) {
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
