import Archive
import HTTPServer

/// Which answers are compressed, and how (`Content-Encoding`).
///
/// - Answers worth it: a body of bytes (never a stream: server-sent events go out as they are
///   written) of at least `minimumBytes`, typed JSON (`application/json`, any `+json`), NDJSON,
///   Markdown or HTML, and not encoded already (the page's files come gzipped from the build).
///   They go out in the acceptable coding of highest weight (`AcceptedEncodings.forCompressible`:
///   Brotli before gzip before identity at equal weight) and always carry `Vary: Accept-Encoding`,
///   whichever coding they went out in, so that a shared cache keeps the variants apart.
/// - Other bodies go out as they are, unless the client refused identity (`identity;q=0`,
///   `*;q=0`) and accepts gzip or Brotli: then they are compressed all the same.
/// - A compressed body has its own strong ETag, a hash of the bytes sent (RFC 9110 §8.8.3): an
///   `ETag` the handler set is recomputed from them, keeping its resource version.
enum ResponseCompression {
    /// Bodies smaller than this are not worth a coding (the gzip frame alone is 18 bytes).
    static let minimumBytes = 1024
    /// Brotli's quality for answers: 5 compresses a 200 KB JSON document in a few milliseconds to
    /// within a few percent of what 11 reaches in a second.
    static let brotliQuality: Int32 = 5
    /// zlib's level for answers (its default).
    static let gzipLevel: Int32 = 6

    /// `response` as it goes out to a client that accepts `accepted`.
    static func apply(_ response: APIResponse, accepted: AcceptedEncodings) throws -> APIResponse {
        guard case .bytes(let body) = response.body, !body.isEmpty, response.header("content-encoding") == nil else { return response }
        let worthIt = body.count >= minimumBytes && isCompressible(response.header("content-type"))
        var result = response
        if worthIt { addVary(to: &result) }
        guard let coding = worthIt ? accepted.forCompressible : accepted.forOther, coding != .identity else { return result }
        let compressed = try compress(body, as: coding)
        // A body that does not shrink goes out as it is, when the client takes it so.
        if compressed.count >= body.count && accepted.weight(.identity) > 0 { return result }
        result.body = .bytes(compressed)
        result.headers.append(("Content-Encoding", coding.rawValue))
        if !worthIt { addVary(to: &result) }
        if let index = result.headers.firstIndex(where: { HeaderName.equal($0.name, "etag") }) {
            let tag = result.headers[index].value
            let version = tag.contains("-") ? ETag.version(of: String(tag.dropFirst().dropLast())) : nil
            result.headers[index].value = ETag.of(compressed, version: version)
        }
        return result
    }

    /// `bytes` in `coding`.
    static func compress(_ bytes: [UInt8], as coding: ContentCoding) throws -> [UInt8] {
        switch coding {
        case .identity: return bytes
        case .gzip: return try Gzip.compress(bytes, level: gzipLevel, chunkSize: min(64 * 1024, max(4096, bytes.count / 2)))
        case .br: return try Brotli.compress(bytes, quality: brotliQuality)
        }
    }

    /// True for the text types worth compressing: JSON, NDJSON, Markdown and HTML.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        return asciiLowercased(type.suffix(5)).elementsEqual("+json".utf8)
            || compressibleTypes.contains { asciiLowercased(type).elementsEqual($0.utf8) }
    }

    /// The media types compressed by name (any `+json` type is too), made once rather than per answer.
    private static let compressibleTypes = ["application/json", "application/x-ndjson", "text/markdown", "text/html"]

    /// Adds `Vary: Accept-Encoding` as a field line of its own (others may already name
    /// `Accept` or `Accept-Language`), unless one names it already.
    private static func addVary(to response: inout APIResponse) {
        let named = response.headers.contains { header in
            HeaderName.equal(header.name, "vary") && header.value.utf8.indices.contains { start in
                asciiLowercased(header.value.utf8[start...].prefix(15)).elementsEqual("accept-encoding".utf8)
            }
        }
        if !named { response.headers.append(("Vary", "Accept-Encoding")) }
    }

    /// The bytes of a header value with ASCII letters lowercased, as they are read: every answer
    /// asks these questions, and `lowercased()` with a substring search made strings each time.
    private static func asciiLowercased<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> LazyMapSequence<Bytes, UInt8> {
        bytes.lazy.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
    }
}
