internal import CGnuTLS

/// Random bytes for secrets (tokens, webhook secrets, identifiers), from GnuTLS's key-level generator.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        guard count > 0 else { return output }
        let status = output.withUnsafeMutableBytes { gnutls_rnd(GNUTLS_RND_KEY, $0.baseAddress, count) }
        // A generator that fails cannot be replaced by a weaker one for secrets: stop.
        precondition(status == 0, "gnutls_rnd failed: \(status)")
        return output
    }
}
