import Foundation

/// Text forms of bytes: lower-case hex, standard base64, and URL-safe base64 without padding
/// (base64 itself is Foundation's).
public enum ByteEncoding {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Lower-case hexadecimal.
    public static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Standard base64 with padding (RFC 4648 §4), as webhook signatures use.
    public static func base64<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        Data(bytes).base64EncodedString()
    }

    /// Decodes standard base64; nil when the text is not base64.
    public static func decodeBase64(_ text: String) -> [UInt8]? {
        Data(base64Encoded: text).map { [UInt8]($0) }
    }

    /// URL-safe base64 without padding (RFC 4648 §5), for secrets that travel in headers and URLs.
    public static func base64URL<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var text = base64(bytes)
        while text.hasSuffix("=") { text.removeLast() }
        return String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }
}
