import Foundation
import GuidebookAPI
import GuidebookBase
import GuidebookCore
import GuidebookTestSupport
import XCTest

/// Tokens through the API (create, list, show, revoke), what a refusal looks like, what is counted
/// in `/metrics` and written to the log (never a secret), and the slow-down of a client that keeps
/// sending wrong tokens, in-process and over a real socket.
final class AuthenticationTests: XCTestCase {
    private let json = ("Content-Type", "application/json")

    private func create(_ app: some GuidebookUnderTest, _ body: String, headers: [(String, String)] = [TestGuidebook.adminHeader]) throws -> HTTPTestResponse {
        try app.request("POST", "/v1/tokens", headers: [json] + headers, body: Array(body.utf8))
    }

    private func bearer(_ token: String) -> (String, String) { ("Authorization", "Bearer \(token)") }

    /// A logger writing to a file in `directory`, and a way to read what it wrote.
    private func fileLogger(in directory: String) throws -> (logger: Logger, read: () -> String) {
        let path = directory + "/server.log"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        addTeardownBlock { try? handle.close() }
        return (Logger(level: .trace, fd: handle.fileDescriptor), { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" })
    }

    // MARK: The tokens API

    func testCreateShowsTheSecretOnceListNeverAndRevokeEndsIt() throws {
        let app = try makeTestApp(loadSeed: false)
        let created = try create(app, #"{"name": "ci-editor", "role": "editor"}"#)
        XCTAssertEqual(created.status, 201, created.text)
        XCTAssertEqual(created.header("Location"), "/v1/tokens/ci-editor")
        XCTAssertEqual(created.header("Cache-Control"), "no-store")
        let body = try created.jsonObject()
        let secret = try XCTUnwrap(body["token"] as? String)
        XCTAssertNotNil(secret.range(of: #"^gb_[A-Za-z0-9_-]{43}$"#, options: .regularExpression), secret)
        XCTAssertEqual(body["role"] as? String, "editor")
        XCTAssertTrue(body["last_used_at"] is NSNull, "a new token was never used")

        // What is stored is the digest, never the secret.
        let stored = try XCTUnwrap(try app.store.token(named: "ci-editor"))
        XCTAssertEqual(stored.digest, TokenSecret.digest(secret))
        let file = try Data(contentsOf: URL(fileURLWithPath: app.guidebook.databasePath))
        XCTAssertNil(file.range(of: Data(secret.utf8)), "the database file holds the secret")

        // The token is known (last used is then set; an editor cannot administer tokens), and is
        // listed without its secret.
        try assertProblem(try app.get("/v1/tokens", headers: [bearer(secret)]), status: 403)
        let list = try app.get("/v1/tokens", headers: [TestGuidebook.adminHeader])
        XCTAssertEqual(list.status, 200)
        XCTAssertFalse(list.text.contains(secret), "the list shows a secret")
        let item = try XCTUnwrap(items(try json(list)).first { $0["name"] as? String == "ci-editor" })
        XCTAssertNil(item["token"], "a listed token has no secret")
        XCTAssertEqual(item["role"] as? String, "editor")
        XCTAssertNotNil(item["created_at"] as? String)
        XCTAssertNotNil(item["last_used_at"] as? String, "the use above is shown")
        let shown = try app.get("/v1/tokens/ci-editor", headers: [TestGuidebook.adminHeader])
        XCTAssertEqual(shown.status, 200)
        XCTAssertFalse(shown.text.contains(secret))

        // Revoked: the next request with it is a 401, and it is gone from the list.
        XCTAssertEqual(try app.request("DELETE", "/v1/tokens/ci-editor", headers: [TestGuidebook.adminHeader]).status, 204)
        try assertProblem(try app.get("/v1/tokens", headers: [bearer(secret)]), status: 401)
        try assertProblem(try app.request("DELETE", "/v1/tokens/ci-editor", headers: [TestGuidebook.adminHeader]), status: 404)
        XCTAssertFalse(try app.get("/v1/tokens", headers: [TestGuidebook.adminHeader]).text.contains("ci-editor"))
    }

    func testMeSaysWhoseTokenItIsAndNeedsOneEvenWhenReadsArePublic() throws {
        let app = try makeTestApp(loadSeed: false)
        // Reads are public here (a read without a token is answered), yet /v1/me asks for a token.
        XCTAssertEqual(try app.get("/v1/categories").status, 200)
        let missing = try assertProblem(try app.get("/v1/me"), status: 401)
        XCTAssertEqual(missing["required_role"] as? String, "reader")
        try assertProblem(try app.get("/v1/me", headers: [bearer(AuthMatrixTests.wrongToken)]), status: 401)

        let secret = try XCTUnwrap(try create(app, #"{"name": "page-reader", "role": "reader"}"#).jsonObject()["token"] as? String)
        let me = try app.get("/v1/me", headers: [bearer(secret)])
        XCTAssertEqual(me.status, 200, me.text)
        XCTAssertEqual(me.header("Cache-Control"), "no-store")
        XCTAssertNil(me.header("ETag"), "who a token is depends on the token, not on the data")
        let body = try me.jsonObject()
        XCTAssertEqual(body["name"] as? String, "page-reader")
        XCTAssertEqual(body["role"] as? String, "reader")
        XCTAssertEqual(Set(body.keys), ["name", "role"], "never the secret or its digest")
        XCTAssertFalse(me.text.contains(secret))

        let admin = try app.get("/v1/me", headers: [TestGuidebook.adminHeader]).jsonObject()
        XCTAssertEqual(admin["name"] as? String, TokenAuthenticator.bootstrapName)
        XCTAssertEqual(admin["role"] as? String, "admin")

        // Revoked: no longer anyone's.
        XCTAssertEqual(try app.request("DELETE", "/v1/tokens/page-reader", headers: [TestGuidebook.adminHeader]).status, 204)
        try assertProblem(try app.get("/v1/me", headers: [bearer(secret)]), status: 401)
    }

    func testAnAdminTokenMadeThroughTheAPICanMakeMoreAndTheNameIsUnique() throws {
        let app = try makeTestApp(loadSeed: false)
        let admin = try XCTUnwrap(try create(app, #"{"name": "ops", "role": "admin"}"#).jsonObject()["token"] as? String)
        XCTAssertEqual(try create(app, #"{"name": "ops-reader", "role": "reader"}"#, headers: [bearer(admin)]).status, 201)
        try assertProblem(try create(app, #"{"name": "ops", "role": "reader"}"#), status: 409)
        XCTAssertEqual(try app.store.token(named: "ops")?.role, "admin", "a refused duplicate changes nothing")
    }

    func testInvalidCreationsAre422WithEveryInvalidFieldAndCreateNothing() throws {
        let app = try makeTestApp(loadSeed: false)
        let cases: [(body: String, fields: [String])] = [
            (#"{}"#, ["name", "role"]),
            (#"{"name": "", "role": "owner"}"#, ["name", "role"]),
            (#"{"name": "has space", "role": "reader"}"#, ["name"]),
            (#"{"name": "bootstrap-admin", "role": "admin"}"#, ["name"]),
            (#"{"name": 7, "role": ["admin"]}"#, ["name", "role"]),
            (#"{"name": "\#(String(repeating: "a", count: 65))", "role": "reader"}"#, ["name"]),
            (#"{"name": "ok", "role": "reader", "secret": "mine"}"#, ["secret"]),
        ]
        for (body, fields) in cases {
            let response = try create(app, body)
            let problem = try assertProblem(response, status: 422)
            XCTAssertEqual(problem["type"] as? String, "/problems/validation-failed", body)
            let invalid = try XCTUnwrap(problem["invalid_params"] as? [[String: Any]], body)
            XCTAssertEqual(invalid.compactMap { $0["name"] as? String }, fields, body)
            XCTAssertTrue(invalid.allSatisfy { !($0["reason"] as? String ?? "").isEmpty }, body)
        }
        try assertProblem(try create(app, "not json"), status: 400)
        try assertProblem(try create(app, "[1]"), status: 400)
        try assertProblem(try app.request("POST", "/v1/tokens", headers: [("Content-Type", "text/plain"), TestGuidebook.adminHeader],
                                          body: Array(#"{"name": "x", "role": "reader"}"#.utf8)), status: 415)
        XCTAssertEqual(try app.store.tokens().count, 0, "no refused creation stored a token")
    }

    // MARK: Refusals, metrics, logs

    func testRefusalsAreCountedByReasonAndLoggedWithoutTheToken() throws {
        let directory = try makeTemporaryDirectory("guidebook-auth-log")
        let (logger, readLog) = try fileLogger(in: directory)
        let server = try TestServer(authentication: AuthenticationConfiguration(
            adminTokenDigest: TestGuidebook.defaultAuthentication.adminTokenDigest, throttle: .init(freeFailures: 100)), logger: logger)
        defer { server.stop() }
        let reader = try AuthMatrixTests.createToken(server, name: "logged-reader", role: "reader")
        let wrong = "gb_" + String(repeating: "w", count: 43)
        try assertProblem(try server.request("POST", "/v1/jobs/job_0000000000000000/cancel"), status: 401)
        try assertProblem(try server.request("POST", "/v1/jobs/job_0000000000000000/cancel", headers: [("Authorization", "Token abc")]), status: 401)
        let unknown = try server.request("POST", "/v1/jobs/job_0000000000000000/cancel", headers: [bearer(wrong)])
        try assertProblem(unknown, status: 401)
        XCTAssertEqual(unknown.header("WWW-Authenticate"), #"Bearer realm="guidebook", error="invalid_token""#)
        let forbidden = try server.request("DELETE", "/v1/jobs/job_0000000000000000", headers: [bearer(reader)])
        try assertProblem(forbidden, status: 403)
        XCTAssertEqual(forbidden.header("WWW-Authenticate"), #"Bearer realm="guidebook", error="insufficient_scope""#)
        XCTAssertEqual(try server.get("/v1/topics", headers: [bearer(reader)]).status, 200)

        let metrics = try server.get("/metrics").text
        for reason in ["missing", "malformed", "unknown", "forbidden"] {
            XCTAssertTrue(metrics.contains("guidebook_auth_failures_total{reason=\"\(reason)\"} 1\n"), "\(reason) counted once:\n\(metrics)")
        }

        usleep(100_000)
        let log = readLog()
        XCTAssertTrue(log.contains("\"msg\":\"request\""), "the access log was captured: \(log.prefix(500))")
        for secret in [reader, wrong, TestGuidebook.adminToken] {
            XCTAssertFalse(log.contains(secret), "the log holds a token")
        }
        XCTAssertFalse(log.contains("abc\""), "the log holds a malformed credential")
        let failures = log.split(separator: "\n").filter { $0.contains("\"msg\":\"authentication failed\"") }
        XCTAssertEqual(failures.count, 4, log)
        XCTAssertTrue(failures.contains { $0.contains("\"reason\":\"forbidden\"") && $0.contains("\"token_name\":\"logged-reader\"") },
                      "a 403 names the token by its name")
    }

    func testAProblemDoesNotEchoTheToken() throws {
        let app = try makeTestApp(loadSeed: false)
        let wrong = "gb_" + String(repeating: "e", count: 43)
        let response = try app.request("DELETE", "/v1/tokens/x", headers: [bearer(wrong)])
        try assertProblem(response, status: 401)
        XCTAssertFalse(response.text.contains(wrong))
        XCTAssertFalse(response.headers.contains { $0.value.contains(wrong) })
    }

    // MARK: Slowing down wrong tokens

    func testWrongTokensBeyondTheLimitAreDelayedAndCounted() throws {
        let app = try TestApp(loadSeed: false, authentication: AuthenticationConfiguration(
            adminTokenDigest: TestGuidebook.defaultAuthentication.adminTokenDigest,
            throttle: .init(freeFailures: 3, firstDelay: .milliseconds(100), maxDelay: .milliseconds(400))))
        defer { app.stop() }
        for attempt in 0..<6 {
            try assertProblem(try app.request("GET", "/v1/tokens", headers: [bearer("gb_wrong\(attempt)")]), status: 401)
        }
        // In-process answers are not made to wait, but the delays they were given are counted.
        let metrics = try app.get("/metrics").text
        XCTAssertTrue(metrics.contains("guidebook_auth_delayed_total 3\n"), metrics)
        // 100 + 200 + 400 ms.
        XCTAssertTrue(metrics.contains("guidebook_auth_delay_seconds_total 0.7"), metrics)
        // A missing token is no guess: it is not slowed down.
        try assertProblem(try app.request("GET", "/v1/tokens"), status: 401)
        XCTAssertTrue(try app.get("/metrics").text.contains("guidebook_auth_delayed_total 3\n"))
    }

    func testOverASocketAClientOverTheLimitWaitsAndTheRightTokenStillPasses() throws {
        let server = try TestServer(loadSeed: false, threads: 1, authentication: AuthenticationConfiguration(
            adminTokenDigest: TestGuidebook.defaultAuthentication.adminTokenDigest,
            throttle: .init(freeFailures: 2, firstDelay: .milliseconds(400), maxDelay: .seconds(2))))
        defer { server.stop() }
        func timed(_ headers: [(String, String)]) throws -> (status: Int, seconds: Double) {
            let started = Date()
            let status = try server.request("GET", "/v1/tokens", headers: headers, timeoutSeconds: 10).status
            return (status, Date().timeIntervalSince(started))
        }
        for attempt in 0..<2 {
            let (status, seconds) = try timed([bearer("gb_wrong\(attempt)")])
            XCTAssertEqual(status, 401)
            XCTAssertLessThan(seconds, 0.3, "within the limit a refusal is answered at once")
        }
        // The wait holds no worker thread: with one thread, the waiting client's neighbour is served meanwhile.
        let waiting = try server.client(timeoutSeconds: 10)
        defer { waiting.close() }
        let started = Date()
        try waiting.sendRaw(waiting.head("GET", "/v1/tokens", headers: [bearer("gb_wrong-third")], bodyCount: nil))
        usleep(50_000)
        let neighbour = Date()
        XCTAssertEqual(try server.get("/livez").status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(neighbour), 0.3, "another request is not held up by the waiting one")
        XCTAssertEqual(try waiting.readResponse().status, 401)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.39, "over the limit, the refusal waits")
        let (status, seconds) = try timed([TestGuidebook.adminHeader])
        XCTAssertEqual(status, 200, "the right token is never slowed down")
        XCTAssertLessThan(seconds, 0.3)
        XCTAssertTrue(try server.get("/metrics").text.contains("guidebook_auth_delayed_total 1\n"))
    }
}
