import Foundation
import GuidebookCore
import GuidebookJobs
import XCTest

/// What the API tests ask of a Guidebook, in-process (`TestApp`) or behind a socket (`TestServer`):
/// its store, its job runner, its directory, and requests answered as a client reads them.
public protocol GuidebookUnderTest: AnyObject {
    /// The temporary directory holding the database and the spool folder.
    var directory: String { get }
    /// The store the application reads.
    var store: Store { get }
    /// The import job runner.
    var jobs: JobRunner { get }
    /// One request; a client gives up after `timeoutSeconds`.
    func request(_ method: String, _ target: String, headers: [(String, String)], body: [UInt8]?, timeoutSeconds: Int) throws -> HTTPTestResponse
    /// Stops everything and deletes the temporary directory. Safe to call twice.
    func stop()
}

extension GuidebookUnderTest {
    /// One request, given up after 5 seconds.
    public func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) throws -> HTTPTestResponse {
        try request(method, target, headers: headers, body: body, timeoutSeconds: 5)
    }

    /// A GET.
    public func get(_ target: String, headers: [(String, String)] = []) throws -> HTTPTestResponse {
        try request("GET", target, headers: headers)
    }

    // MARK: Import jobs, as a client runs them: `POST /v1/imports`, then `GET /v1/jobs/{id}` until the job has finished

    /// Sends `body` to `POST /v1/imports?{query}` with the admin token and returns the answer.
    public func submitImport(_ body: [UInt8], query: String, contentType: String = "application/x-ndjson") throws -> HTTPTestResponse {
        try request("POST", "/v1/imports?\(query)", headers: [("Content-Type", contentType), TestGuidebook.adminHeader], body: body, timeoutSeconds: 30)
    }

    /// Starts an import job, checks that it was accepted as the API promises (202 with
    /// `Location` and `Retry-After`) and returns its id.
    public func submitJob(_ body: [UInt8], query: String, contentType: String = "application/x-ndjson",
                          file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let response = try submitImport(body, query: query, contentType: contentType)
        XCTAssertEqual(response.status, 202, response.text, file: file, line: line)
        let id = try XCTUnwrap(response.jsonObject()["id"] as? String, file: file, line: line)
        XCTAssertEqual(response.header("Location"), "/v1/jobs/\(id)", file: file, line: line)
        XCTAssertNotNil(response.header("Retry-After"), file: file, line: line)
        return id
    }

    /// The job `id` as `GET /v1/jobs/{id}` answers it to the admin (reading a job needs a token
    /// unless `--public-jobs`).
    public func job(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let response = try get("/v1/jobs/\(id)", headers: [TestGuidebook.adminHeader])
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        return try response.jsonObject()
    }

    /// Polls the job `id` until `done` (by default: until it has finished) or `seconds` have
    /// passed, and returns every state seen, the last one last. The default bound is generous on
    /// purpose: it ends with the job, and a debug build's import on a busy CI machine has run
    /// eight times slower than on a quiet one.
    public func followJob(_ id: String, seconds: Double = 300,
                          until done: ([String: Any]) -> Bool = { JobState.isFinished($0) }) throws -> [[String: Any]] {
        var states = [try job(id)]
        let deadline = Date().addingTimeInterval(seconds)
        while !done(states[states.count - 1]) && Date() < deadline {
            usleep(5_000)
            states.append(try job(id))
        }
        return states
    }
}

/// Reading job states in tests.
public enum JobState {
    /// Whether a job (as JSON) has reached a final status.
    public static func isFinished(_ job: [String: Any]) -> Bool {
        ["succeeded", "failed", "canceled"].contains(job["status"] as? String ?? "")
    }
}
