import Foundation
internal import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// The answer to an outgoing request: its status (the body is read and dropped).
public struct HTTPClientResponse: Sendable, Equatable {
    public var status: Int
}

/// One libcurl easy handle for outgoing POSTs (webhook deliveries). Owns the handle and frees it;
/// checks every libcurl return code. Used by one thread at a time.
///
/// Redirects are never followed, only http and https are spoken, proxies from the environment are
/// ignored, and every connection's actual address is checked against the `OutboundAddressPolicy`
/// when the socket is opened (after DNS), so a name that resolves to a private address, now or
/// after a rebinding, is refused.
public final class HTTPClient {
    private let handle: UnsafeMutableRawPointer
    private let gate: SocketGate
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// libcurl's global state, set up once before the first handle (`curl_global_init` is not thread-safe).
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    public init(policy: OutboundAddressPolicy) throws {
        guard Self.globalInit == CURLE_OK else { throw HTTPClientError.setup("curl_global_init failed: \(Self.globalInit.rawValue)") }
        guard let handle = curl_easy_init() else { throw HTTPClientError.setup("curl_easy_init returned no handle") }
        self.handle = handle
        self.gate = SocketGate(policy: policy)
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// POSTs `body` to `url` with `headers`, waiting at most `timeoutSeconds` for the whole exchange.
    /// A refused address is `HTTPClientError.refusedAddress`; no answer is `.transfer`.
    public func post(url: String, headers: [(name: String, value: String)], body: [UInt8], timeoutSeconds: Double) throws -> HTTPClientResponse {
        curl_easy_reset(handle)
        gate.refusal = nil
        errorBuffer[0] = 0
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        // "Expect:" turns off `Expect: 100-continue`, which would cost a round trip per delivery.
        for header in headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            guard let appended = curl_slist_append(list, header) else { throw HTTPClientError.setup("curl_slist_append failed") }
            list = appended
        }
        let milliseconds = max(1, Int(timeoutSeconds * 1000))
        try set(gb_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        try set(gb_curl_setopt_string(handle, CURLOPT_URL, url), "URL")
        try set(gb_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"), "PROTOCOLS_STR")
        try set(gb_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0), "FOLLOWLOCATION")
        try set(gb_curl_setopt_string(handle, CURLOPT_PROXY, ""), "PROXY")
        try set(gb_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        try set(gb_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, milliseconds), "TIMEOUT_MS")
        try set(gb_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds), "CONNECTTIMEOUT_MS")
        try set(gb_curl_setopt_long(handle, CURLOPT_POST, 1), "POST")
        try set(gb_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count), "POSTFIELDSIZE")
        try body.withUnsafeBytes { bytes in
            // COPYPOSTFIELDS copies the body, so the handle never points into Swift memory after this call.
            let pointer = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) } ?? UnsafeMutableRawPointer(errorBuffer)
            try set(gb_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, pointer), "COPYPOSTFIELDS")
        }
        try set(gb_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, list), "HTTPHEADER")
        try set(gb_curl_setopt_string(handle, CURLOPT_USERAGENT, "Guidebook-Webhooks/1"), "USERAGENT")
        try set(gb_curl_setopt_write(handle, discardBody), "WRITEFUNCTION")
        try set(gb_curl_setopt_opensocket(handle, openCheckedSocket), "OPENSOCKETFUNCTION")
        try set(gb_curl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(gate).toOpaque()), "OPENSOCKETDATA")

        let code = curl_easy_perform(handle)
        guard code == CURLE_OK else {
            if let refusal = gate.refusal { throw HTTPClientError.refusedAddress(refusal) }
            let detail = String(cString: errorBuffer)
            throw HTTPClientError.transfer(code: Int(code.rawValue), message: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
        var status = 0
        try set(gb_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status), "RESPONSE_CODE")
        return HTTPClientResponse(status: status)
    }

    private func set(_ code: CURLcode, _ what: String) throws {
        guard code == CURLE_OK else { throw HTTPClientError.setup("\(what): \(String(cString: curl_easy_strerror(code)))") }
    }
}

/// What the socket callback needs: the policy, and where it leaves the reason of a refusal.
private final class SocketGate {
    let policy: OutboundAddressPolicy
    var refusal: String?

    init(policy: OutboundAddressPolicy) {
        self.policy = policy
    }
}

/// CURLOPT_OPENSOCKETFUNCTION: opens the socket for the address libcurl is about to connect to,
/// unless the policy refuses that address (then libcurl fails the transfer with COULDNT_CONNECT).
private func openCheckedSocket(_ data: UnsafeMutableRawPointer?, _ purpose: curlsocktype,
                               _ address: UnsafeMutablePointer<curl_sockaddr>?) -> curl_socket_t {
    guard let data, let address else { return -1 }
    let gate = Unmanaged<SocketGate>.fromOpaque(data).takeUnretainedValue()
    // The sockaddr lies inside libcurl's structure (and may be longer than `struct sockaddr` for IPv6):
    // read it in place.
    let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
    let socketAddress = UnsafeRawPointer(address).advanced(by: offset).assumingMemoryBound(to: sockaddr.self)
    guard let ip = IPAddress(socketAddress: socketAddress) else {
        gate.refusal = "address family \(socketAddress.pointee.sa_family) is not IPv4 or IPv6"
        return -1
    }
    if let refusal = gate.policy.refusal(for: ip) {
        gate.refusal = refusal
        return -1
    }
    return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
}

/// CURLOPT_WRITEFUNCTION: the receiver's body is not needed; take it all.
private func discardBody(_ pointer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    size * count
}
