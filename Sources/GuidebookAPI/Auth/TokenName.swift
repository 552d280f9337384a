/// What may name a token: 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit
/// (names travel as a path segment: `DELETE /v1/tokens/{name}`).
public enum TokenName {
    public static let maxLength = 64

    /// Why `name` cannot name a token, or nil when it can.
    public static func problem(with name: String) -> String? {
        let bytes = Array(name.utf8)
        guard (1...maxLength).contains(bytes.count) else { return "must be 1 to \(maxLength) characters long" }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        let punctuation: Set<UInt8> = [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-")]
        guard isAlphanumeric(bytes[0]), bytes.allSatisfy({ isAlphanumeric($0) || punctuation.contains($0) }) else {
            return "must be letters, digits, '.', '_' and '-', starting with a letter or digit"
        }
        if name == TokenAuthenticator.bootstrapName { return "is reserved for the admin token set by GUIDEBOOK_ADMIN_TOKEN" }
        return nil
    }
}
