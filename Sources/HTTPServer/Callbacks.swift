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
    guard let cls, let connection, let conCls, let uploadDataSize else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()

    guard let existing = conCls.pointee else {
        // First call: only the headers are known. Decide where the body goes; answer later
        // (answering on the first call makes MHD 0.9.75 close keep-alive connections).
        let methodText = method.map { String(cString: $0) } ?? "GET"
        let pathText = url.map { String(cString: $0) } ?? "/"
        let declared = lookupHeader(connection, "Content-Length").flatMap(Int.init)
        let hasBody = (declared ?? 0) > 0 || MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil
        // Without a body the policy does not matter, so the handler is not asked (it may cost a
        // route lookup) and the headers are collected only when the request is answered.
        let peer = guidebook_mhd_client_address(connection).flatMap { PeerAddress($0) }
        let head = HTTPRequestHead(method: methodText, path: pathText, headers: hasBody ? collect(connection, .HEADER_KIND) : [], peer: peer)
        let policy = hasBody ? core.handler.bodyPolicy(for: head) : .buffer(limit: 0)
        let state = RequestState(head: head, hasAllHeaders: hasBody, policy: policy)
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
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
        if state.isRefused, !core.linger.reads(bodyOf: declared) || expectsContinue(connection) {
            return send(answer(state, connection, core), state, connection, core)
        }
        return .YES
    }

    let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    if let delayed = state.delayed {
        // Called again after the connection was resumed: the delay is over (or the server is stopping).
        state.delayed = nil
        return core.queue(delayed, on: connection)
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
    return send(answer(state, connection, core), state, connection, core)
}

/// Queues `response`, or, when it asks for a delay, keeps it and suspends the connection until the
/// delay is over: MHD then calls the access handler again, which queues it.
private func send(_ response: HTTPResponse, _ state: RequestState, _ connection: OpaquePointer, _ core: ServerCore) -> MHD_Result {
    guard response.delay > .zero, !core.isStopping else { return core.queue(response, on: connection) }
    state.delayed = response
    core.suspend(connection, for: response.delay)
    return .YES
}

/// The answer to a request whose body has been read (or will not be).
private func answer(_ state: RequestState, _ connection: OpaquePointer, _ core: ServerCore) -> HTTPResponse {
    core.beginRequest()
    defer { core.endRequest() }
    return state.answer(from: core.handler, query: { collect(connection, .GET_ARGUMENT_KIND) },
                        headers: { collect(connection, .HEADER_KIND) })
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

func requestCompleted(
    _ cls: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_RequestTerminationCode
) {
    guard let conCls, let state = conCls.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(state).release()
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

private func collect(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
    let collector = PairCollector()
    let context = Unmanaged.passUnretained(collector).toOpaque()
    _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
        guard let cls, let key else { return .YES }
        let collector = Unmanaged<PairCollector>.fromOpaque(cls).takeUnretainedValue()
        collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
        return .YES
    }, context)
    return collector.pairs
}

/// True when the client waits for `100 Continue` before it sends the body.
private func expectsContinue(_ connection: OpaquePointer) -> Bool {
    lookupHeader(connection, "Expect")?.lowercased() == "100-continue"
}

private func lookupHeader(_ connection: OpaquePointer, _ name: String) -> String? {
    guard let value = MHD_lookup_connection_value(connection, .HEADER_KIND, name) else { return nil }
    return String(cString: value)
}
