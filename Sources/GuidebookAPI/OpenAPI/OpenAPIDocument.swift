import Archive

/// The API contract: the OpenAPI 3.1 document in `openapi.json` beside this file, describing every
/// route the router serves, served at `GET /openapi.json` as written less the whitespace between
/// its tokens (`CompactJSON`).
///
/// Edit `openapi.json` when a route, a parameter, a status or a representation changes. It is
/// embedded in the binary at build time (`resources: [.embedInCode(...)]` in `Package.swift`), so
/// the server needs no file beside it. `OpenAPIContractTests` parses it and fails when its `paths`
/// and the router's routes disagree, or when a problem type or media type the code produces is
/// missing from it; `scripts/schemathesis.sh` checks the running server against it.
public enum OpenAPIDocument {
    /// The document's bytes (UTF-8 JSON), as served: compact.
    public static let bytes: [UInt8] = CompactJSON.compacting(PackageResources.openapi_json)
    /// The same bytes gzipped at zlib's highest level, once per process (nil if zlib refused).
    /// The document never changes while the server runs, so the effort, small for one document,
    /// is paid once, where the answers' own level (`ResponseCompression.gzipLevel`) is paid per
    /// rendering; it keeps the document about 1.4% smaller on the wire.
    public static let gzipped: [UInt8]? = try? Gzip.compress(bytes, level: 9)
}
