extension APIConfiguration {
    /// Why a CORS or embed setting was refused at start.
    public struct SettingError: Error, Equatable {
        public let message: String
    }

    /// The allowed origins from a comma- or space-separated list: `*`, or origins of the form
    /// `scheme://host[:port]` (no path, no trailing slash), as browsers send them in `Origin`.
    public static func corsOrigins(from text: String) throws -> [String] {
        let items = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        if items == ["*"] { return ["*"] }
        for item in items {
            guard isOrigin(item) else {
                throw SettingError(message: "'\(item.prefix(80))' is not an origin such as https://wiki.example.com (or * alone)")
            }
        }
        return items
    }

    /// The `frame-ancestors` sources from a space-separated list: `*`, `'self'`, `'none'`, or host
    /// sources (`https://wiki.example.com`, `https://*.example.com`); nothing that could end the
    /// directive or add another (`;`, `,`, quotes elsewhere, control characters).
    public static func embedAncestors(from text: String) throws -> String {
        let items = text.split(separator: " ").map(String.init)
        guard !items.isEmpty else { throw SettingError(message: "frame-ancestors needs at least one source ('none' for no framing)") }
        for item in items where !["*", "'self'", "'none'"].contains(item) {
            let allowed = item.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || ":/.-*".unicodeScalars.contains(scalar)
            }
            guard allowed else {
                throw SettingError(message: "'\(item.prefix(80))' is not a frame-ancestors source such as https://wiki.example.com, 'self' or *")
            }
        }
        return items.joined(separator: " ")
    }

    /// `scheme://host[:port]` in lower case, as `Origin` carries it.
    public static func isOrigin(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound], rest = text[separator.upperBound...]
        guard ["http", "https"].contains(scheme), !rest.isEmpty else { return false }
        return rest.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || ".-:[]".unicodeScalars.contains($0) }
    }
}
