import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GuidebookImport

/// `guidebook import --server URL FILE...`: uploads each file to `POST /v1/imports`, follows the
/// job until it finishes, and cancels it on Ctrl-C. Imports need an admin token (`token`).
struct RemoteImport {
    let server: String
    let options: ImportCommand.Options
    let token: String?

    func run() throws -> Int32 {
        let base = try RemoteJob.base(of: server)
        let cancel = CancelFlag()
        cancel.installInterruptHandler()
        for file in options.files {
            let (format, name) = try options.format(of: file)
            var query = "format=\(format.rawValue)&mode=\(options.mode.rawValue)&name=\(name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "upload")"
            if options.dryRun { query += "&dry_run=true" }
            let accepted = try HTTP.send("POST", URL(string: "\(base)/v1/imports?\(query)")!, file: file, contentType: format.mediaType, token: token)
            guard accepted.status == 202, let job = accepted.json, let id = job["id"] as? String else {
                Console.err("\(name): the server refused the import (\(accepted.status)): \(accepted.problemDetail)")
                if accepted.status == 401 || accepted.status == 403 {
                    Console.err("imports need an admin token: put it in GUIDEBOOK_TOKEN or in a file named by --token-file")
                }
                return 1
            }
            switch try RemoteJob(base: base, token: token).follow(id: id, name: name, cancel: cancel) {
            case .succeeded: continue
            case .failed: return 1
            case .canceled: return 130
            }
        }
        return 0
    }
}

/// A job on a server, followed from the command line until it ends: its progress drawn on stderr,
/// canceled there on Ctrl-C.
struct RemoteJob {
    let base: String
    let token: String?

    enum Ending { case succeeded, failed, canceled }

    /// `--server`'s URL without a trailing slash; refused when it is no URL.
    static func base(of server: String) throws -> String {
        let base = server.hasSuffix("/") ? String(server.dropLast()) : server
        guard URL(string: base)?.scheme != nil else { throw UsageError("--server needs a URL like http://127.0.0.1:8080") }
        return base
    }

    /// Follows job `id` (whose file is `name`) until it ends and says how; `lines` prints what a
    /// finished job's JSON holds beyond its message (a translation import's conflicts).
    func follow(id: String, name: String, cancel: CancelFlag, lines: ([String: Any]) -> [String] = { _ in [] }) throws -> Ending {
        let display = ProgressDisplay()
        var canceled = false
        while true {
            if cancel.isSet && !canceled {
                canceled = true
                _ = try? HTTP.send("POST", URL(string: "\(base)/v1/jobs/\(id)/cancel")!, token: token)
                Console.err("\ncanceling job \(id)…")
            }
            let current = try HTTP.send("GET", URL(string: "\(base)/v1/jobs/\(id)")!, token: token)
            guard current.status == 200, let state = current.json else {
                Console.err("\(name): cannot read job \(id) (\(current.status))")
                return .failed
            }
            let status = state["status"] as? String ?? "?"
            let progress = state["progress"] as? [String: Any] ?? [:]
            display.update(phase: state["phase"] as? String ?? status, message: state["message"] as? String ?? status,
                           completed: progress["completed"] as? Int ?? 0, total: progress["total"] as? Int,
                           unit: progress["unit"] as? String ?? "")
            switch status {
            case "succeeded":
                display.finish("\(name): \(state["message"] as? String ?? "done") (job \(id))")
                lines(state).forEach { Console.err($0) }
                return .succeeded
            case "failed":
                let error = state["error"] as? [String: Any]
                display.finish("\(name): failed: \((error?["field"] as? String).map { $0 + ": " } ?? "")\(error?["message"] as? String ?? "unknown error")\((error?["line"] as? Int).map { " (line \($0))" } ?? ""); nothing was applied")
                for problem in (error?["problems"] as? [[String: Any]] ?? []).prefix(50) {
                    Console.err("  line \(problem["line"] as? Int ?? 0), column \(problem["column"] as? Int ?? 0): \(problem["field"] as? String ?? ""): \(problem["message"] as? String ?? "")")
                }
                return .failed
            case "canceled":
                display.finish("\(name): canceled; nothing was applied")
                return .canceled
            default:
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }
}

/// A minimal synchronous HTTP client for the CLI.
enum HTTP {
    struct Reply {
        var status: Int
        var body: Data
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
        var problemDetail: String { json?["detail"] as? String ?? String(decoding: body.prefix(300), as: UTF8.self) }
    }

    private final class Box: @unchecked Sendable {
        var reply: Reply?
        var error: (any Error)?
    }

    static func send(_ method: String, _ url: URL, file: String? = nil, contentType: String? = nil, token: String? = nil) throws -> Reply {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 600
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let handler: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            if let error { box.error = error } else {
                box.reply = Reply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data ?? Data())
            }
            done.signal()
        }
        let task = file.map { URLSession.shared.uploadTask(with: request, fromFile: URL(fileURLWithPath: $0), completionHandler: handler) }
            ?? URLSession.shared.dataTask(with: request, completionHandler: handler)
        task.resume()
        done.wait()
        if let error = box.error { throw UsageError("cannot reach \(url.host ?? "the server"): \(error.localizedDescription)") }
        return box.reply ?? Reply(status: 0, body: Data())
    }
}
