/// The rules a request head must meet before anything reads it, checked once its headers have
/// arrived (RFC 9112 and RFC 9110): a message whose length or target two parties could read in
/// two ways is refused with 400 and the connection closed, since behind a proxy that reads it the
/// other way the rest of the bytes would be a second, smuggled request.
///
/// - a header name is a token (no whitespace before the colon, no control character);
/// - a header value holds no control character but horizontal tab (a NUL would end it early);
/// - at most one `Content-Length`, and never together with `Transfer-Encoding`;
/// - `Transfer-Encoding` is one header naming `chunked` alone (anything else leaves the body's
///   length unknown);
/// - an HTTP/1.1 request has exactly one `Host`.
public enum FramingRules {
    /// Why the head breaks a rule (a sentence for the refusal), or nil when it breaks none.
    public static func violation(version: String, headers: [(name: String, value: String)]) -> String? {
        if let fault = fieldViolation(headers) { return fault }
        var lengths = 0, codings = 0, hosts = 0
        var coding = ""
        for (name, value) in headers {
            if HeaderName.equal(name, "content-length") {
                lengths += 1
            } else if HeaderName.equal(name, "transfer-encoding") {
                codings += 1
                coding = value
            } else if HeaderName.equal(name, "host") {
                hosts += 1
            }
        }
        if lengths > 1 { return "the request has \(lengths) Content-Length headers" }
        if lengths > 0 && codings > 0 { return "the request has both Content-Length and Transfer-Encoding" }
        if codings > 1 { return "the request has \(codings) Transfer-Encoding headers" }
        if codings == 1, coding.trimmingWhitespace().lowercased() != "chunked" {
            return "Transfer-Encoding '\(printable(coding.prefix(100)))' is not the chunked coding alone"
        }
        if version == "HTTP/1.1" && hosts == 0 { return "an HTTP/1.1 request must have a Host header" }
        if hosts > 1 { return "the request has \(hosts) Host headers" }
        return nil
    }

    /// The body length a `Content-Length` value announces: nil when it is not a run of ASCII
    /// digits, `Int.max` when it is one beyond `Int`. libmicrohttpd reads the value as an unsigned
    /// 64-bit number, so a length from 2^63 to 2^64-1 reaches the server; read as `Int` it was no
    /// length at all, the limit was never checked and the request got no answer.
    public static func announcedLength(_ value: String) -> Int? {
        let digits = value.utf8
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(value) ?? Int.max
    }

    /// The rules on each header alone (its name a token, no control character in its value), for
    /// a caller without a wire (`InProcessServer`), whose lengths and codings are its own.
    public static func fieldViolation(_ headers: [(name: String, value: String)]) -> String? {
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                return "the header name '\(printable(name))' is not a token (whitespace before the colon, or a control character)"
            }
            if let bad = value.utf8.first(where: { RequestTarget.isControl($0) && $0 != 0x09 }) {
                return "the header \(name) holds the control character 0x\(String(bad, radix: 16, uppercase: true))"
            }
        }
        return nil
    }

    /// tchar (RFC 9110, 5.6.2).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"),
             UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `text` with whitespace and control characters shown as `\xHH`.
    private static func printable(_ text: some StringProtocol) -> String {
        String(text.unicodeScalars.map { $0.value <= 0x20 || $0.value == 0x7F ? "\\x" + String($0.value, radix: 16, uppercase: true) : String($0) }.joined())
    }
}

private extension String {
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
