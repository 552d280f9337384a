/// A request target as the client sent it (`/v1/a%20b?q=x+y`), decoded into the path and the
/// query parameters with every byte counted: `%XX` in the path and in each name and value, `+` as
/// a space in the query only, an invalid `%` sequence kept as it is, a parameter without `=` with
/// an empty value, empty `&&` pieces skipped.
///
/// libmicrohttpd decodes in place into C strings, so a decoded `%00` used to end the path or a
/// value there (`/v1/topics/t%00/sections/s` reached `/v1/topics/t`). The server decodes the raw
/// target itself instead and refuses, before any route is looked up, a target that holds a space
/// or a control character, raw or percent-encoded: no handler can see a value cut short.
///
/// The forms of RFC 9112, 3.2: origin-form (`/path?query`) as above; absolute-form
/// (`http://host/path?query`, which a server must accept) read as its path and query, its
/// authority standing in for `Host`; asterisk-form (`*`) kept as the path `*`. Any other target
/// (`v1/topics`, `ftp://host/x`) is refused rather than routed as if a `/` were there.
public struct RequestTarget: Sendable {
    /// The path, percent-decoded, without the query string.
    public let path: String
    /// The query parameters in the order they appeared, percent-decoded.
    public let query: [(name: String, value: String)]
    /// The authority of an absolute-form target (`host:port`, as sent); nil for origin-form.
    public var authority: String?

    /// Why a target is refused (400).
    public enum Fault: Error, Equatable, Sendable {
        /// A raw space or control byte in the target (the request line is ambiguous).
        case rawByte(UInt8)
        /// The decoded path holds a control character (NUL, another C0 control or DEL).
        case controlInPath
        /// A query parameter's decoded name or value holds a control character; `name` is shown
        /// with its control characters percent-encoded.
        case controlInQuery(name: String)
        /// Neither origin-form (starting with `/`), nor an `http` or `https` absolute URI, nor `*`.
        case unknownForm
        /// An absolute-form target with an empty authority, or with user information (or a fragment) in it.
        case badAuthority
    }

    /// Decodes `raw`, the target's bytes as sent.
    public static func parse(_ raw: [UInt8]) -> Result<RequestTarget, Fault> {
        if let bad = raw.first(where: { $0 <= 0x20 || $0 == 0x7F }) { return .failure(.rawByte(bad)) }
        if raw == [UInt8(ascii: "*")] { return .success(RequestTarget(path: "*", query: [])) }
        guard raw.first == UInt8(ascii: "/") else { return parseAbsolute(raw) }
        return parseOrigin(raw)
    }

    /// An absolute-form target: the scheme, then the authority up to the first `/` or `?`, then
    /// the path and query read as origin-form (an empty path is `/`). RFC 9110, 4.2.4: user
    /// information in an `http` URI is an error (it mostly serves to make a URI look like another host's).
    private static func parseAbsolute(_ raw: [UInt8]) -> Result<RequestTarget, Fault> {
        let lowered = raw.prefix(8).map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        let schemeLength: Int
        if lowered.starts(with: Array("http://".utf8)) {
            schemeLength = 7
        } else if lowered.starts(with: Array("https://".utf8)) {
            schemeLength = 8
        } else {
            return .failure(.unknownForm)
        }
        let rest = raw[schemeLength...]
        let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        let authority = rest[..<end]
        if authority.isEmpty || authority.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "#") }) { return .failure(.badAuthority) }
        let pathAndQuery = rest[end...]
        let origin = pathAndQuery.first == UInt8(ascii: "/") ? Array(pathAndQuery) : [UInt8(ascii: "/")] + pathAndQuery
        return parseOrigin(origin).map { target in
            var target = target
            target.authority = text(authority)
            return target
        }
    }

    /// An origin-form target (it starts with `/` and holds no raw control byte).
    private static func parseOrigin(_ raw: [UInt8]) -> Result<RequestTarget, Fault> {
        let question = raw.firstIndex(of: UInt8(ascii: "?")) ?? raw.endIndex
        // The raw target holds no control byte (checked above), so a part without `%` (and, in the
        // query, without `+`) decodes to itself: most targets are read without a copy per part.
        let rawPath = raw[..<question]
        let path: String
        if rawPath.contains(UInt8(ascii: "%")) {
            let decoded = unescape(rawPath, plusIsSpace: false)
            if decoded.contains(where: isControl) { return .failure(.controlInPath) }
            path = text(decoded)
        } else {
            path = text(rawPath)
        }
        var query: [(name: String, value: String)] = []
        if question < raw.endIndex {
            for piece in raw[(question + 1)...].split(separator: UInt8(ascii: "&")) {
                let equals = piece.firstIndex(of: UInt8(ascii: "=")) ?? piece.endIndex
                let rawValue = equals < piece.endIndex ? piece[(equals + 1)...] : []
                if !piece.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
                    query.append((text(piece[..<equals]), text(rawValue)))
                    continue
                }
                let name = unescape(piece[..<equals], plusIsSpace: true)
                let value = unescape(rawValue, plusIsSpace: true)
                if name.contains(where: isControl) || value.contains(where: isControl) {
                    return .failure(.controlInQuery(name: printable(name)))
                }
                query.append((text(name), text(value)))
            }
        }
        return .success(RequestTarget(path: path, query: query))
    }

    /// The path of `raw`, percent-decoded whatever it holds: what a refused request's log line and
    /// problem `instance` show (both escape control characters), never what a route is matched on.
    public static func refusedPath(_ raw: [UInt8]) -> String {
        text(unescape(raw.prefix { $0 != UInt8(ascii: "?") }[...], plusIsSpace: false))
    }

    /// `headers` as the application sees them: for an absolute-form target, every `Host` value is
    /// its authority (RFC 9112, 3.2.2: the server ignores the `Host` sent and uses the target's),
    /// and a request without `Host` (HTTP/1.0) gets one; otherwise `headers` as they are.
    func headers(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        guard let authority else { return headers }
        var seen = false
        var result = headers.map { header -> (name: String, value: String) in
            guard HeaderName.equal(header.name, "host") else { return header }
            seen = true
            return (header.name, authority)
        }
        if !seen { result.append(("host", authority)) }
        return result
    }

    /// True for NUL, the other C0 controls and DEL.
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    private static func printable(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            if byte <= 0x20 || byte >= 0x7F {
                text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }

    private static func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func unescape(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
                continue
            }
            out.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

extension RequestTarget.Fault {
    /// The server's refusal of a target with this fault.
    var rejection: HTTPRejection {
        switch self {
        case .rawByte(let byte):
            return .malformed("the request target holds a raw space or control character (0x\(String(byte, radix: 16, uppercase: true))); "
                              + "send it percent-encoded, and no control character at all")
        case .controlInPath:
            return .malformed("the path holds a control character (NUL, another C0 control or DEL) once percent-decoded")
        case .controlInQuery(let name):
            return .badQueryParameter(name: name)
        case .unknownForm:
            return .malformed("the request target must start with \"/\" (or be an absolute http or https URI, or *)")
        case .badAuthority:
            return .malformed("the absolute request target has an empty host or user information before its host")
        }
    }
}
