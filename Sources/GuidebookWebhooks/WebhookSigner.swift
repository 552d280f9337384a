import Crypto

/// Signs deliveries as Standard Webhooks defines: the key is the base64-decoded part of the
/// `whsec_` secret; the signature is `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`.
public struct WebhookSigner: Sendable {
    /// The prefix of every secret.
    public static let secretPrefix = "whsec_"
    private let key: [UInt8]

    /// A signer for `secret`; nil when it is not `whsec_` followed by base64.
    public init?(secret: String) {
        guard secret.hasPrefix(Self.secretPrefix), let key = ByteEncoding.decodeBase64(String(secret.dropFirst(Self.secretPrefix.count))),
              !key.isEmpty else { return nil }
        self.key = key
    }

    /// A new random secret: `whsec_` and 32 random bytes in base64 (the specification asks for 24 to 64).
    public static func makeSecret() -> String {
        secretPrefix + ByteEncoding.base64(SecureRandom.bytes(32))
    }

    /// The `webhook-signature` value for a message `id` sent at `timestamp` (Unix seconds) with `body`.
    public func signature(id: String, timestamp: Int64, body: [UInt8]) -> String {
        let signed = Array("\(id).\(timestamp).".utf8) + body
        return "v1," + ByteEncoding.base64(Digest.hmacSHA256(key: key, message: signed))
    }

    /// The three headers of a delivery.
    public func headers(id: String, timestamp: Int64, body: [UInt8]) -> [(name: String, value: String)] {
        [("webhook-id", id), ("webhook-timestamp", String(timestamp)), ("webhook-signature", signature(id: id, timestamp: timestamp, body: body))]
    }
}
