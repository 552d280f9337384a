import CMicroHTTPD
import Foundation

/// The state the C callbacks reach through MHD's context pointer: the handler, the count of
/// requests being handled, and the streams parked while they wait for data.
final class ServerCore: @unchecked Sendable {
    let handler: any HTTPHandler
    /// Where libmicrohttpd's own error messages go.
    let errorLog: @Sendable (String) -> Void
    /// Seconds a body may take before the minimum rate applies (the connection timeout).
    let connectionTimeoutSeconds: Int
    /// Bytes per second an upload must average once it has taken longer than the timeout.
    static let minimumUploadRate = 1024
    /// How long and how much of a refused request's body is read before the connection is closed.
    let linger: HTTPServerConfiguration.Linger
    /// The longest target and the largest head answered (longer: 414, larger: 431).
    let targetLimit: Int
    let headLimit: Int
    /// The bytes libmicrohttpd keeps per connection, the request head included.
    static let connectionMemoryBytes = 16 * 1024
    /// Connections still sending a request head, and how long they may take.
    let headDeadlines: HeadDeadlines
    private let lock = NSLock()
    private var parked: [ObjectIdentifier: StreamContext] = [:]
    /// Parked streams that resume themselves (`HTTPBodyStream.parked(resume:)`): the poller leaves them alone.
    private var wakingThemselves: Set<ObjectIdentifier> = []
    /// Connections suspended while their answer waits out its delay, by a number of their own.
    private var delayed: [UInt64: OpaquePointer] = [:]
    private var nextDelayed: UInt64 = 0
    private var inFlight = 0
    private var openStreams = 0
    private var stopping = false

    init(handler: any HTTPHandler, configuration: HTTPServerConfiguration, errorLog: @escaping @Sendable (String) -> Void) {
        self.handler = handler
        self.errorLog = errorLog
        self.connectionTimeoutSeconds = configuration.connectionTimeoutSeconds
        self.linger = configuration.linger
        self.targetLimit = configuration.targetLimit
        self.headLimit = configuration.headLimit
        self.headDeadlines = HeadDeadlines(seconds: configuration.headerTimeoutSeconds)
    }

    var isStopping: Bool { lock.withLock { stopping } }
    var requestsInFlight: Int { lock.withLock { inFlight } }
    var parkedStreams: Int { lock.withLock { parked.count } }
    /// Streaming responses not yet finished (parked or sending).
    var activeStreams: Int { lock.withLock { openStreams } }
    /// Answers waiting out their delay.
    var delayedAnswers: Int { lock.withLock { delayed.count } }

    func streamOpened() { lock.withLock { openStreams += 1 } }
    func streamClosed() { lock.withLock { openStreams -= 1 } }

    func beginRequest() { lock.withLock { inFlight += 1 } }
    func endRequest() { lock.withLock { inFlight -= 1 } }

    func markStopping() { lock.withLock { stopping = true } }

    /// Suspends a stream's connection so it holds no worker thread while it waits.
    /// Suspending and resuming happen under one lock, so a resume never precedes its suspend.
    /// The stream is told how to resume itself after it is parked, so that a resume it asks for
    /// at once finds it parked.
    func park(_ context: StreamContext) {
        let key = ObjectIdentifier(context)
        lock.withLock {
            MHD_suspend_connection(context.connection)
            parked[key] = context
        }
        let resume: @Sendable () -> Void = { [weak self, weak context] in
            guard let self, let context else { return }
            self.resume(context)
        }
        if context.stream.parked(resume: resume) {
            lock.withLock { if parked[key] != nil { wakingThemselves.insert(key) } }
        }
    }

    /// Resumes one parked stream (nothing when it is no longer parked).
    func resume(_ context: StreamContext) {
        let key = ObjectIdentifier(context)
        lock.withLock {
            guard parked.removeValue(forKey: key) != nil else { return }
            wakingThemselves.remove(key)
            MHD_resume_connection(context.connection)
        }
    }

    /// Resumes the parked streams (`all`: also those that resume themselves, as when the server
    /// stops); each is asked for data again and parks again if it has none.
    func resumeParked(all: Bool = true) {
        lock.withLock {
            for (key, context) in parked where all || !wakingThemselves.contains(key) {
                MHD_resume_connection(context.connection)
                parked[key] = nil
            }
            if all { wakingThemselves.removeAll() }
        }
    }

    /// Suspends a connection whose answer waits for `duration` (no worker thread waits with it) and
    /// resumes it when the time is up, or earlier when the server stops (`resumeDelayed`).
    func suspend(_ connection: OpaquePointer, for duration: Duration) {
        let number = lock.withLock {
            nextDelayed += 1
            MHD_suspend_connection(connection)
            delayed[nextDelayed] = connection
            return nextDelayed
        }
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in self?.resumeDelayed(number) }
    }

    /// Resumes the delayed connection `number` (nil: every one); one already resumed is left alone.
    func resumeDelayed(_ number: UInt64? = nil) {
        lock.withLock {
            if let number {
                if let connection = delayed.removeValue(forKey: number) { MHD_resume_connection(connection) }
            } else {
                for connection in delayed.values { MHD_resume_connection(connection) }
                delayed.removeAll()
            }
        }
    }

    /// Turns an application response into an MHD response, with the server's own headers
    /// (`ServerHeaders`), and queues it; `closing` ends the connection after it.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer, closing: Bool = false) -> MHD_Result {
        let response = ServerHeaders.adding(to: response, closing: closing)
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            mhdResponse = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            let context = StreamContext(stream: stream, connection: connection, core: self)
            let pointer = Unmanaged.passRetained(context).toOpaque()
            mhdResponse = MHD_create_response_from_callback(UInt64.max, 16 * 1024, streamReader, pointer, streamFinished)
            if mhdResponse == nil {
                Unmanaged<StreamContext>.fromOpaque(pointer).release()
                stream.close()
            } else {
                streamOpened()
            }
        }
        guard let mhdResponse else { return .NO }
        defer { MHD_destroy_response(mhdResponse) }
        for header in response.headers {
            // MHD refuses header values with line breaks; such a header is dropped, never sent broken.
            // (`withCString` lends a native string's own bytes; passing the strings directly would
            // copy each into a new array first.)
            _ = header.name.withCString { name in header.value.withCString { value in MHD_add_response_header(mhdResponse, name, value) } }
        }
        return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    }
}
