import Crypto

/// Token secrets: how they are made, how they are recognised and what is stored of them.
///
/// A secret is `gb_` followed by 256 random bits in URL-safe base64 (43 characters): too many
/// bits to guess, so one round of SHA-256 is enough to store it (no slow password hash is needed),
/// and the prefix makes a leaked secret easy to recognise (secret scanners, logs, code review).
public enum TokenSecret {
    /// What every generated secret starts with.
    public static let prefix = "gb_"
    /// The shortest admin token `GUIDEBOOK_ADMIN_TOKEN` or `--admin-token-file` may set.
    public static let minimumConfiguredLength = 32
    /// The longest token a request may carry (longer is a malformed header, not a lookup).
    public static let maximumLength = 512

    /// A new random secret.
    public static func generate() -> String {
        prefix + ByteEncoding.base64URL(SecureRandom.bytes(32))
    }

    /// What is stored of a secret, and what a presented token is compared by: its SHA-256.
    public static func digest<Text: StringProtocol>(_ secret: Text) -> [UInt8] {
        Digest.sha256(Array(secret.utf8))
    }

    /// True when `text` can travel as a bearer token (RFC 6750's `b64token`: letters, digits,
    /// `-._~+/`, then `=` padding only) and is no longer than `maximumLength`.
    public static func isBearerSyntax<Text: StringProtocol>(_ text: Text) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maximumLength else { return false }
        var padding = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "="):
                padding = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                if padding { return false }
            default:
                return false
            }
        }
        return text.utf8.first != UInt8(ascii: "=")
    }

    /// Why `secret` cannot be the configured admin token, or nil when it can: at least
    /// `minimumConfiguredLength` characters a client can send as a bearer token.
    public static func problemWithConfiguredToken(_ secret: String) -> String? {
        if secret.utf8.count < minimumConfiguredLength {
            return "the admin token must be at least \(minimumConfiguredLength) characters long (make one with: openssl rand -base64 32)"
        }
        if !isBearerSyntax(secret) {
            return "the admin token may hold only letters, digits and - . _ ~ + / (then = padding), at most \(maximumLength) characters"
        }
        return nil
    }
}
