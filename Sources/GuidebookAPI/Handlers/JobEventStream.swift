import Foundation
import GuidebookBase
import GuidebookJobs
import HTTPServer

/// A job's progress as server-sent events: an event whenever the job changed since the last one
/// (the runner resumes the parked stream when the job changes; at most `minimumSpacing` apart, so
/// at most a few per second), a comment every 15 seconds to keep proxies from closing an idle
/// stream, and a final event when the job ends. Nothing polls it.
final class JobEventStream: HTTPBodyStream, @unchecked Sendable {
    private let runner: JobRunner
    private let id: String
    private let lock = NSLock()
    private var lastRevision: Int
    private var sentRetry = false
    private var ended = false
    private var lastWrite = Date()
    /// Counts the parkings, so a keep-alive timer of an earlier one does nothing.
    private var parkings = 0
    /// Events of one stream are at least this far apart (seconds).
    static let minimumSpacing = 0.2
    /// An idle stream sends a comment this often (seconds).
    static let keepAliveSeconds = 15.0
    /// Who reads: whether excerpts of the upload are shown (`JobViewer`).
    private let viewer: JobViewer

    init(runner: JobRunner, id: String, lastEventID: Int?, viewer: JobViewer) {
        self.runner = runner
        self.id = id
        self.lastRevision = lastEventID ?? 0
        self.viewer = viewer
    }

    func next() -> HTTPStreamChunk {
        lock.withLock {
            if ended { return .end }
            var text = ""
            if !sentRetry {
                sentRetry = true
                text += "retry: 1000\n\n"
            }
            guard let job = try? runner.job(id: id) else {
                ended = true
                return .data(Array((text + "event: gone\ndata: {}\n\n").utf8))
            }
            if job.revision > lastRevision {
                lastRevision = job.revision
                var json = JSONWriter(capacity: 1024)
                JobRepresentation.write(job, into: &json, viewer: viewer)
                let event = job.status.isFinished ? "done" : "progress"
                text += "id: \(job.revision)\nevent: \(event)\ndata: " + String(decoding: json.bytes, as: UTF8.self) + "\n\n"
            }
            if job.status.isFinished && job.revision <= lastRevision { ended = true }
            if text.isEmpty {
                if Date().timeIntervalSince(lastWrite) >= Self.keepAliveSeconds {
                    lastWrite = Date()
                    return .data(Array(": keep-alive\n\n".utf8))
                }
                return .wait
            }
            lastWrite = Date()
            return .data(Array(text.utf8))
        }
    }

    /// Resumed by the runner at the job's next change (no sooner than `minimumSpacing` after the
    /// last event), and in time for the next keep-alive comment.
    func parked(resume: @escaping @Sendable () -> Void) -> Bool {
        let (revision, lastWrite, parking): (Int, Date, Int) = lock.withLock {
            parkings += 1
            return (lastRevision, self.lastWrite, parkings)
        }
        let keepAlive = max(0, Self.keepAliveSeconds - Date().timeIntervalSince(lastWrite)) + 0.01
        DispatchQueue.global().asyncAfter(deadline: .now() + keepAlive) { [weak self] in
            guard let self, self.lock.withLock({ self.parkings == parking }) else { return }
            resume()
        }
        runner.whenJobChanges(id: id, after: revision) {
            let wait = Self.minimumSpacing - Date().timeIntervalSince(lastWrite)
            if wait <= 0 { resume() } else { DispatchQueue.global().asyncAfter(deadline: .now() + wait, execute: resume) }
        }
        return true
    }

    func close() {}

    /// Tells the client the server is stopping; it reconnects with `Last-Event-ID` after the restart.
    func farewell() -> [UInt8]? {
        Array("event: shutdown\ndata: {\"reason\":\"the server is stopping; reconnect to resume\"}\n\n".utf8)
    }
}
