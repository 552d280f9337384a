import Foundation
import GuidebookCore
import HTTPClient

/// Checks a webhook URL when it is registered: http or https, a host, a port from 1 to 65535 when
/// one is given, no credentials, and (unless
/// private networks are allowed) a host that resolves only to public addresses. The sender checks
/// the address again on every connection, so a later DNS change cannot get around this.
public enum WebhookTarget {
    /// Why `url` cannot be a webhook target, or nil when it can.
    public static func problem(with url: String, allowsPrivate: Bool) -> String? {
        let policy = OutboundAddressPolicy(allowsPrivate: allowsPrivate)
        guard url.utf8.count <= 2048 else { return "the URL is longer than 2048 bytes" }
        // libcurl takes the URL as a C string: a NUL would cut it, and no control character or
        // space belongs in a URL (RFC 3986), so neither is one that Foundation might repair.
        guard url.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7f }) else { return "the URL holds a space or a control character" }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            return "'\(url.prefix(100))' is not an absolute URL"
        }
        guard scheme == "http" || scheme == "https" else { return "the scheme must be http or https, not '\(scheme.prefix(20))'" }
        guard components.user == nil && components.password == nil else { return "the URL must not carry credentials" }
        guard components.fragment == nil else { return "the URL must not have a fragment" }
        guard var host = components.host, !host.isEmpty else { return "the URL has no host" }
        // Foundation parses any digits as a port; one outside TCP's range could never be
        // connected to, so every delivery would fail.
        if let port = components.port, !(1...65535).contains(port) { return "the port must be from 1 to 65535, not \(port)" }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if policy.allowsPrivate { return nil }
        let addresses: [IPAddress]
        do {
            addresses = try HostResolver.addresses(of: host)
        } catch {
            return "\(error)"
        }
        for address in addresses {
            if let refusal = policy.refusal(for: address) {
                return "\(host) resolves to \(refusal); set GUIDEBOOK_WEBHOOK_ALLOW_PRIVATE=true to allow private networks"
            }
        }
        return nil
    }
}
