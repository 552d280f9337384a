import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A parsed HTTP/1.1 response.
public struct HTTPTestResponse {
    /// The protocol version of the status line ("HTTP/1.1").
    public let version: String
    /// The status code.
    public let status: Int
    /// The reason phrase.
    public let reason: String
    /// Headers in the order received, names as sent.
    public let headers: [(name: String, value: String)]
    /// The body, after any chunked transfer coding is undone.
    public let body: [UInt8]

    /// A response with these parts (as a client would have read them).
    public init(version: String = "HTTP/1.1", status: Int, reason: String = "", headers: [(name: String, value: String)], body: [UInt8]) {
        self.version = version
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The first value of a header (case-insensitive name).
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name.lowercased() == lower }?.value
    }

    /// Every value of a header (case-insensitive name).
    public func headerValues(_ name: String) -> [String] {
        let lower = name.lowercased()
        return headers.filter { $0.name.lowercased() == lower }.map(\.value)
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// True when the server announced it will close the connection.
    public var closesConnection: Bool {
        headerValues("Connection").contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }

    /// The body parsed as a JSON object.
    public func jsonObject() throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(body), options: [])
        guard let object = value as? [String: Any] else {
            throw HTTPTestClientError.malformed("body is not a JSON object: \(text.prefix(200))")
        }
        return object
    }
}

/// Why the test client could not send a request or read its response.
public enum HTTPTestClientError: Error, CustomStringConvertible {
    case socket(String, Int32)
    case timeout
    case closedByPeer(receivedSoFar: Int)
    case malformed(String)

    public var description: String {
        switch self {
        case .socket(let call, let code): return "\(call) failed: \(String(cString: strerror(code))) (\(code))"
        case .timeout: return "timed out waiting for the server"
        case .closedByPeer(let count): return "the server closed the connection (after \(count) buffered bytes)"
        case .malformed(let message): return "malformed response: \(message)"
        }
    }
}

/// A minimal HTTP/1.1 client over one real TCP connection (Glibc sockets, not URLSession).
///
/// Several requests can be sent on the same keep-alive connection; raw bytes can be sent for
/// malformed-input tests. Reads time out (SO_RCVTIMEO) so a hung server fails a test instead of
/// hanging it.
public final class HTTPTestClient {
    /// The server port this client is connected to.
    public let port: UInt16
    private var fd: Int32
    /// Bytes received but not yet consumed by a parsed response.
    private var buffer: [UInt8] = []

    /// Connects to `host:port`; reads and writes give up after `timeoutSeconds`.
    public init(port: UInt16, host: String = "127.0.0.1", timeoutSeconds: Int = 5) throws {
        self.port = port
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw HTTPTestClientError.socket("socket", errno) }
        fd = socketFD

        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        guard setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, size) == 0,
              setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, size) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw HTTPTestClientError.socket("setsockopt", code)
        }
        var noDelay: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            Glibc.close(fd)
            throw HTTPTestClientError.socket("inet_pton", EINVAL)
        }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw HTTPTestClientError.socket("connect", code)
        }
    }

    deinit {
        close()
    }

    /// Closes the connection. Safe to call twice.
    public func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    // MARK: Sending

    /// Sends bytes exactly as given.
    public func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw HTTPTestClientError.timeout }
                throw HTTPTestClientError.socket("send", errno)
            }
            offset += sent
        }
    }

    /// Sends a string's UTF-8 bytes exactly as given.
    public func sendRaw(_ text: String) throws {
        try sendRaw(Array(text.utf8))
    }

    /// The request head (request line and headers) for a request. Adds `Host` unless given,
    /// and `Content-Length` for a body unless given.
    public func head(_ method: String, _ target: String, headers: [(String, String)], bodyCount: Int?) -> String {
        var text = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { text += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let bodyCount, !headers.contains(where: { $0.0.lowercased() == "content-length" }) {
            text += "Content-Length: \(bodyCount)\r\n"
        }
        return text + "\r\n"
    }

    /// Sends a request and reads its response on this connection.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> HTTPTestResponse {
        try sendRaw(head(method, target, headers: headers, bodyCount: body?.count))
        if let body { try sendBody(body) }
        return try readResponse(method: method)
    }

    /// Sends a request with a body of `count` bytes ("x" repeated) and reads the response. Stops
    /// sending early when the server answers (or closes) before taking the whole body, as a server
    /// refusing an oversized body may; the response is then read from what it sent.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], bodyOfSize count: Int) throws -> HTTPTestResponse {
        try sendRaw(head(method, target, headers: headers, bodyCount: count))
        try sendBody([UInt8](repeating: UInt8(ascii: "x"), count: count))
        return try readResponse(method: method)
    }

    /// Sends a body in chunks; stops quietly when the server has already answered or has reset the connection.
    private func sendBody(_ body: [UInt8]) throws {
        let chunk = 16 * 1024
        var offset = 0
        while offset < body.count {
            if hasPendingInput(waitMilliseconds: 0) { return }
            let end = min(body.count, offset + chunk)
            do {
                try sendRaw(Array(body[offset..<end]))
            } catch HTTPTestClientError.socket(_, let code) where code == EPIPE || code == ECONNRESET {
                return
            } catch HTTPTestClientError.timeout {
                // The server stopped reading (it refused the body); its answer is what matters.
                return
            }
            offset = end
        }
    }

    // MARK: Receiving

    /// True when bytes (or an end of stream) are waiting to be read within `waitMilliseconds`.
    public func hasPendingInput(waitMilliseconds: Int32) -> Bool {
        if !buffer.isEmpty { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, waitMilliseconds) > 0
    }

    /// True when the server has closed the connection (end of stream seen within `waitMilliseconds`)
    /// and sent nothing more.
    public func isClosedByServer(waitMilliseconds: Int32 = 500) -> Bool {
        guard buffer.isEmpty, hasPendingInput(waitMilliseconds: waitMilliseconds) else { return false }
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// For streamed responses read as raw text (server-sent events): whatever bytes have arrived,
    /// waiting up to the read timeout for some. Returns nil at the end of the stream or when nothing
    /// arrives in time. A UTF-8 sequence split across reads is kept until it is complete.
    public func readAvailable() throws -> String? {
        while true {
            let complete = completeUTF8Prefix()
            if complete > 0 {
                let text = String(decoding: buffer[0..<complete], as: UTF8.self)
                buffer.removeFirst(complete)
                return text
            }
            do {
                guard try fill() else {
                    // End of stream: hand over any leftover bytes as they are.
                    guard !buffer.isEmpty else { return nil }
                    defer { buffer = [] }
                    return String(decoding: buffer, as: UTF8.self)
                }
            } catch HTTPTestClientError.timeout {
                return nil
            }
        }
    }

    /// How many leading bytes of the buffer end on a UTF-8 character boundary.
    private func completeUTF8Prefix() -> Int {
        var continuation = 0
        while continuation < min(3, buffer.count) && (buffer[buffer.count - 1 - continuation] & 0xC0) == 0x80 { continuation += 1 }
        guard continuation < buffer.count else { return buffer.count }
        let lead = buffer[buffer.count - 1 - continuation]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return length > continuation + 1 ? buffer.count - 1 - continuation : buffer.count
    }

    /// Reads more bytes into the buffer. Returns false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count == 0 { return false }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw HTTPTestClientError.timeout
            case ECONNRESET: return false
            default: throw HTTPTestClientError.socket("recv", errno)
            }
        }
    }

    private func index(of pattern: [UInt8], from start: Int = 0) -> Int? {
        guard buffer.count >= pattern.count + start else { return nil }
        var i = start
        while i + pattern.count <= buffer.count {
            if buffer[i] == pattern[0] && Array(buffer[i..<(i + pattern.count)]) == pattern { return i }
            i += 1
        }
        return nil
    }

    /// Takes `count` bytes from the buffer, reading more as needed.
    private func take(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw HTTPTestClientError.closedByPeer(receivedSoFar: buffer.count) }
        }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Takes one CRLF-terminated line (without the CRLF).
    private func takeLine() throws -> String {
        let crlf: [UInt8] = [13, 10]
        var searchFrom = 0
        while true {
            if let end = index(of: crlf, from: searchFrom) {
                let line = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            searchFrom = max(0, buffer.count - 1)
            guard try fill() else { throw HTTPTestClientError.closedByPeer(receivedSoFar: buffer.count) }
        }
    }

    /// Reads one response. `method` tells whether a body follows (none for HEAD).
    public func readResponse(method: String = "GET") throws -> HTTPTestResponse {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var searchFrom = 0
        var headEnd: Int?
        while headEnd == nil {
            headEnd = index(of: terminator, from: searchFrom)
            if headEnd == nil {
                searchFrom = max(0, buffer.count - 3)
                guard try fill() else { throw HTTPTestClientError.closedByPeer(receivedSoFar: buffer.count) }
            }
        }
        let headText = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)

        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw HTTPTestClientError.malformed("status line '\(statusLine)'")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPTestClientError.malformed("header line '\(line)'") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        func value(_ name: String) -> String? { headers.first { $0.name.lowercased() == name }?.value }

        var body: [UInt8] = []
        let hasNoBody = method.uppercased() == "HEAD" || status == 204 || status == 304 || (100..<200).contains(status)
        if !hasNoBody {
            if let encoding = value("transfer-encoding"), encoding.lowercased().contains("chunked") {
                body = try readChunkedBody()
            } else if let lengthText = value("content-length") {
                guard let length = Int(lengthText), length >= 0 else { throw HTTPTestClientError.malformed("Content-Length '\(lengthText)'") }
                body = try take(length)
            } else {
                // No length: the body runs to the end of the connection.
                while try fill() {}
                body = buffer
                buffer = []
            }
        }
        return HTTPTestResponse(version: String(parts[0]), status: status,
                                reason: parts.count > 2 ? String(parts[2]) : "", headers: headers, body: body)
    }

    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try takeLine()
            let sizeText = sizeLine.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16) else { throw HTTPTestClientError.malformed("chunk size '\(sizeLine)'") }
            if size == 0 {
                // Trailers until an empty line.
                while try !takeLine().isEmpty {}
                return body
            }
            body += try take(size)
            _ = try take(2)
        }
    }
}
