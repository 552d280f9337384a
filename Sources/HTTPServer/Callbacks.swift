import CMicroHTTPD
import Foundation

// C callbacks for libmicrohttpd. They are top-level functions (not closures in main.swift) so that
// they are not inferred to be main-actor-isolated; they find their Swift objects through the
// context pointers MHD hands back.

func accessHandler(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let conCls, let uploadDataSize, let existing = conCls.pointee else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()

    guard let state = Unmanaged<AnyObject>.fromOpaque(existing).takeUnretainedValue() as? RequestState else {
        // First call: only the head is known (the URI log callback left the raw target). Decide
        // whether the head may be read at all and where the body goes; answer later (answering on
        // the first call makes MHD 0.9.75 close keep-alive connections).
        core.headDeadlines.headArrived(connection)
        let line = Unmanaged<RequestLine>.fromOpaque(existing).takeRetainedValue()
        conCls.pointee = nil
        guard let method else { return .NO }
        let (head, query, rejection) = readHead(connection, line, method: method, url: url, version: version, core: core)
        let declared = head.header("Content-Length").flatMap(FramingRules.announcedLength)
        let hasBody = (declared ?? 0) > 0 || head.header("Transfer-Encoding") != nil
        // The handler decides once, from the head: its note comes back with the request.
        let decision = rejection != nil ? HeadDecision(body: .refuse) : core.handler.decide(head, hasBody: hasBody)
        let state = RequestState(head: head, query: query, policy: decision.body, note: decision.note)
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
        if let rejection {
            // Refused before the body is framed (or for a head that cannot be trusted): answered
            // now, and the connection closed, so that no byte after the head is read as a request.
            state.reject(rejection)
            state.closesConnection = true
            return send(answer(state, core), state, connection, core)
        }
        if let declared, declared > state.limit, !state.isRefused {
            state.reject(.bodyTooLarge(limit: state.limit))
        }
        // A refused request is answered after its body has been read and dropped, not now: MHD
        // 0.9.75 answers a response queued on this call at once, reads nothing more and closes, so a
        // client still sending its body gets a reset or a broken pipe instead of the answer (19 of 20
        // times with Python's urllib for a 2 MB body), and MHD cannot queue a response on a later
        // call while body data is arriving. Two cases are answered now all the same: a client that
        // waits for `100 Continue` has sent no body and need not send one, and a body that would
        // be cut off anyway (declared beyond the linger bytes, or lingering turned off) need not be
        // read. MHD adds `Connection: close` to such an answer.
        if state.isRefused, !core.linger.reads(bodyOf: declared) || head.header("Expect")?.lowercased() == "100-continue" {
            return send(answer(state, core), state, connection, core)
        }
        return .YES
    }

    if let delayed = state.delayed {
        // Called again after the connection was resumed: the delay is over (or the server is stopping).
        state.delayed = nil
        return core.queue(delayed, on: connection, closing: state.closesConnection)
    }
    if uploadDataSize.pointee > 0 {
        if state.isTooSlow(graceSeconds: core.connectionTimeoutSeconds, minimumBytesPerSecond: ServerCore.minimumUploadRate) {
            // Returning NO makes MHD close the connection: a trickling upload cannot hold it open.
            return .NO
        }
        if let uploadData {
            state.receive(UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee))
        }
        uploadDataSize.pointee = 0
        if state.hasOutstayed(core.linger) {
            // MHD cannot queue an answer while the body arrives; the only way out is to close.
            core.errorLog("closing the connection of a refused \(state.method) request: \(state.discarded) bytes of its body dropped, past the linger bounds (\(core.linger.bytes) bytes, \(core.linger.seconds) s)")
            return .NO
        }
        return .YES
    }
    return send(answer(state, core), state, connection, core)
}

/// Queues `response`, or, when it asks for a delay, keeps it and suspends the connection until the
/// delay is over: MHD then calls the access handler again, which queues it.
private func send(_ response: HTTPResponse, _ state: RequestState, _ connection: OpaquePointer, _ core: ServerCore) -> MHD_Result {
    guard response.delay > .zero, !core.isStopping else { return core.queue(response, on: connection, closing: state.closesConnection) }
    state.delayed = response
    core.suspend(connection, for: response.delay)
    return .YES
}

/// The answer to a request whose body has been read (or will not be).
private func answer(_ state: RequestState, _ core: ServerCore) -> HTTPResponse {
    core.beginRequest()
    defer { core.endRequest() }
    return state.answer(from: core.handler)
}

/// The head as the application sees it: the method, the path and query decoded from the raw
/// target, every header; and the server's refusal when the head may not be read as it is (a NUL
/// that cut it short, a target or head over the limits, a control character, ambiguous framing).
private func readHead(_ connection: OpaquePointer, _ line: RequestLine, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>?,
                      version: UnsafePointer<CChar>?, core: ServerCore)
    -> (head: HTTPRequestHead, query: [(name: String, value: String)], rejection: HTTPRejection?) {
    let collector = collectHeaders(connection)
    let methodText = String(cString: method)
    let versionText = version.map { String(cString: $0) } ?? ""
    let peer = guidebook_mhd_client_address(connection).flatMap { PeerAddress($0) }
    var path = RequestTarget.refusedPath(line.rawTarget)
    var query: [(name: String, value: String)] = []
    var headers = collector.headers
    var rejection: HTTPRejection?
    let headSize = guidebook_mhd_request_head_size(connection)
    if !isIntact(collector, line, method: method, url: url, version: version, headSize: headSize) {
        rejection = .malformed("the request head holds a NUL byte (or a header folded onto a second line); it cannot be read as sent")
    } else if line.rawTarget.count > core.targetLimit {
        rejection = .targetTooLong(limit: core.targetLimit)
    } else if headSize > core.headLimit {
        rejection = .headTooLarge(limit: core.headLimit)
    } else {
        switch RequestTarget.parse(line.rawTarget) {
        case .success(let target):
            (path, query) = (target.path, target.query)
            if let fault = FramingRules.violation(version: versionText, headers: collector.headers) { rejection = .malformed(fault) }
            headers = target.headers(collector.headers)
        case .failure(let fault):
            rejection = fault.rejection
        }
    }
    return (HTTPRequestHead(method: methodText, path: path, lowercasedHeaders: headers, peer: peer), query, rejection)
}

/// True when no NUL byte cut the head short in MHD's buffer (see `HeadLayout`).
private func isIntact(_ collector: HeaderCollector, _ line: RequestLine, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>?,
                      version: UnsafePointer<CChar>?, headSize: Int) -> Bool {
    // The head lies in the connection's memory pool; a size beyond it means the layout is not the expected one.
    guard let url, let version, headSize > 0, headSize <= ServerCore.connectionMemoryBytes else { return false }
    let base = Int(bitPattern: method)
    func offset(_ pointer: UnsafePointer<CChar>) -> Int { Int(bitPattern: pointer) - base }
    let headers = collector.places.map { place in
        HeadLayout.Header(name: offset(place.name), nameLength: place.nameLength,
                          value: place.value.map(offset) ?? -1, valueLength: place.valueLength)
    }
    let layout = HeadLayout(bytes: UnsafeRawBufferPointer(start: method, count: headSize))
    return layout.isIntact(methodLength: strlen(method), target: offset(url), targetLength: line.rawTarget.count,
                           version: offset(version), headers: headers)
}

/// libmicrohttpd's own error messages (printf-style), handed to the server's error log.
func daemonLog(_ cls: UnsafeMutableRawPointer?, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?) {
    guard let cls, let format, let arguments else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    var buffer = [CChar](repeating: 0, count: 512)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    core.errorLog(message.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// The URI log callback: the request line has arrived, and MHD has not yet decoded its target in
/// place. Keeps the raw target for the access handler, in the per-request pointer (a NUL byte in
/// the target ends this C string early; `HeadLayout` finds that out).
func requestLineArrived(_ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?) -> UnsafeMutableRawPointer? {
    let raw = uri.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
    return Unmanaged.passRetained(RequestLine(rawTarget: raw)).toOpaque()
}

/// `MHD_OPTION_URI_LOG_CALLBACK`'s function type (the header names none).
typealias URILogCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer?

/// A connection opened or closed.
func connectionNotified(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
                        _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ code: MHD_ConnectionNotificationCode) {
    guard let cls, let connection, let socketContext else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        core.headDeadlines.opened(connection, socket: guidebook_mhd_connection_socket(connection), context: socketContext)
    case .CONNECTION_NOTIFY_CLOSED: core.headDeadlines.closed(connection, context: socketContext)
    @unknown default: break
    }
}

func requestCompleted(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_RequestTerminationCode
) {
    if let cls, let connection {
        Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().headDeadlines.requestEnded(connection)
    }
    guard let conCls, let state = conCls.pointee else { return }
    // A `RequestLine` (a request that ended before its headers were complete) or a `RequestState`.
    Unmanaged<AnyObject>.fromOpaque(state).release()
    conCls.pointee = nil
}

func streamReader(_ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ max: Int) -> Int {
    guard let cls, let buffer else { return Int(MHD_CONTENT_READER_END_WITH_ERROR) }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
    if context.pendingOffset >= context.pending.count {
        if context.core.isStopping {
            // Say goodbye once, as a complete message of the stream's own format, then end.
            guard !context.sentFarewell, let farewell = context.stream.farewell() else { return Int(MHD_CONTENT_READER_END_OF_STREAM) }
            context.sentFarewell = true
            context.pending = farewell
            context.pendingOffset = 0
        } else {
        switch context.stream.next() {
        case .data(let bytes):
            context.pending = bytes
            context.pendingOffset = 0
            if bytes.isEmpty { return 0 }
        case .wait:
            context.core.park(context)
            return 0
        case .end:
            return Int(MHD_CONTENT_READER_END_OF_STREAM)
        }
        }
    }
    let count = min(max, context.pending.count - context.pendingOffset)
    context.pending.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + context.pendingOffset, byteCount: count)
    }
    context.pendingOffset += count
    return count
}

func streamFinished(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
    context.stream.close()
    context.core.streamClosed()
}

/// Every header of the request (its name in lower case), with where MHD keeps its name and value.
private func collectHeaders(_ connection: OpaquePointer) -> HeaderCollector {
    let collector = HeaderCollector()
    let context = Unmanaged.passUnretained(collector).toOpaque()
    _ = MHD_get_connection_values_n(connection, .HEADER_KIND, { cls, _, key, keySize, value, valueSize in
        guard let cls, let key else { return .YES }
        let collector = Unmanaged<HeaderCollector>.fromOpaque(cls).takeUnretainedValue()
        let name = HeaderName.lowercased(UnsafeRawBufferPointer(start: key, count: keySize))
        let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
        collector.headers.append((name, text))
        collector.places.append((key, keySize, value, valueSize))
        return .YES
    }, context)
    return collector
}
