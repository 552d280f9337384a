import Foundation
internal import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// The answer to an outgoing request: its status (the body is read and dropped).
public struct HTTPClientResponse: Sendable, Equatable {
    public var status: Int
}

/// A whole answer: status, headers (names in lower case, in order) and body.
public struct HTTPClientAnswer: Sendable, Equatable {
    public var status: Int
    public var headers: [HTTPClientHeader]
    public var body: [UInt8]

    /// The first header named `name` (any case).
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }
}

/// One header of an answer.
public struct HTTPClientHeader: Sendable, Equatable {
    public var name: String
    public var value: String
}

/// One libcurl easy handle for outgoing requests (webhook deliveries, the wiki pushers). Owns the handle and frees it;
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
        HTTPClientResponse(status: try send(method: "POST", url: url, headers: headers, body: body, timeoutSeconds: timeoutSeconds, maxBodyBytes: 0).status)
    }

    /// Sends `method` to `url` with `headers` and `body` (a body for POST and PUT; none for GET),
    /// and answers the status, the headers and up to `maxBodyBytes` of the body (more is
    /// `HTTPClientError.transfer`; 0 reads and drops it). The same checks as `post`: no redirects,
    /// http and https only, every connection's address checked against the policy.
    public func send(method: String, url: String, headers: [(name: String, value: String)], body: [UInt8] = [], timeoutSeconds: Double,
                     maxBodyBytes: Int = 8 * 1024 * 1024) throws -> HTTPClientAnswer {
        curl_easy_reset(handle)
        gate.refusal = nil
        errorBuffer[0] = 0
        let sink = AnswerSink(maxBodyBytes: maxBodyBytes)
        var list: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(list) }
        // "Expect:" turns off `Expect: 100-continue`, which would cost a round trip per request.
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
        if method == "GET" {
            try set(gb_curl_setopt_long(handle, CURLOPT_HTTPGET, 1), "HTTPGET")
        } else {
            try set(gb_curl_setopt_long(handle, CURLOPT_POST, 1), "POST")
            try set(gb_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count), "POSTFIELDSIZE")
            try body.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS copies the body, so the handle never points into Swift memory after this call.
                let pointer = bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) } ?? UnsafeMutableRawPointer(errorBuffer)
                try set(gb_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, pointer), "COPYPOSTFIELDS")
            }
            if method != "POST" { try set(gb_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method), "CUSTOMREQUEST") }
        }
        try set(gb_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, list), "HTTPHEADER")
        try set(gb_curl_setopt_string(handle, CURLOPT_USERAGENT, "Guidebook/1"), "USERAGENT")
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        try set(gb_curl_setopt_write(handle, collectBody), "WRITEFUNCTION")
        try set(gb_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, sinkPointer), "WRITEDATA")
        try set(gb_curl_setopt_header(handle, collectHeader), "HEADERFUNCTION")
        try set(gb_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, sinkPointer), "HEADERDATA")
        try set(gb_curl_setopt_opensocket(handle, openCheckedSocket), "OPENSOCKETFUNCTION")
        try set(gb_curl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, Unmanaged.passUnretained(gate).toOpaque()), "OPENSOCKETDATA")

        let code = withExtendedLifetime(sink) { curl_easy_perform(handle) }
        guard code == CURLE_OK else {
            if let refusal = gate.refusal { throw HTTPClientError.refusedAddress(refusal) }
            if sink.overflowed { throw HTTPClientError.transfer(code: Int(code.rawValue), message: "the answer's body is longer than \(maxBodyBytes) bytes") }
            let detail = String(cString: errorBuffer)
            throw HTTPClientError.transfer(code: Int(code.rawValue), message: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
        var status = 0
        try set(gb_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status), "RESPONSE_CODE")
        return HTTPClientAnswer(status: status, headers: sink.headers, body: sink.body)
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

/// Where one exchange's headers and body go (a body of `maxBodyBytes` 0 is read and dropped).
private final class AnswerSink {
    let maxBodyBytes: Int
    var body: [UInt8] = []
    var headers: [HTTPClientHeader] = []
    var overflowed = false

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }
}

/// CURLOPT_WRITEFUNCTION: keeps the body up to its bound; past it, fails the transfer.
private func collectBody(_ pointer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    let length = size * count
    guard let user, let pointer else { return length }
    let sink = Unmanaged<AnswerSink>.fromOpaque(user).takeUnretainedValue()
    guard sink.maxBodyBytes > 0 else { return length }
    guard sink.body.count + length <= sink.maxBodyBytes else {
        sink.overflowed = true
        return 0
    }
    pointer.withMemoryRebound(to: UInt8.self, capacity: length) { sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
    return length
}

/// CURLOPT_HEADERFUNCTION: one header line at a time (a new status line starts the list again).
private func collectHeader(_ pointer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?) -> Int {
    let length = size * count
    guard let user, let pointer else { return length }
    let sink = Unmanaged<AnswerSink>.fromOpaque(user).takeUnretainedValue()
    let line = pointer.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
    if line.hasPrefix("HTTP/") {
        sink.headers.removeAll()
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        sink.headers.append(HTTPClientHeader(name: name, value: value))
    }
    return length
}
