/// The origin (`scheme://host[:port]`) the absolute URLs of link previews and oEmbed answers start
/// with: `--public-url` when the operator set it (behind a proxy, with TLS), else `http://` and
/// the request's `Host` when it is a plain host name or address, else `http://localhost`.
enum PublicOrigin {
    static func of(_ request: APIRequest, configured: String?) -> String {
        if let configured { return configured }
        guard let host = request.http.header("host"), !host.isEmpty, host.count <= 255,
              host.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0) })
        else { return "http://localhost" }
        return "http://" + host
    }
}
