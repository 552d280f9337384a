import Foundation
import GuidebookTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Authentication as an operator meets it, with the real executable: the first admin token (made
/// and shown once, or set by `GUIDEBOOK_ADMIN_TOKEN` or `--admin-token-file`), `guidebook tokens`
/// on the database file while a server serves it, `--auth-reads`, and logs without secrets.
final class AuthProcessTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-auth-process" }

    private func request(_ port: UInt16, _ method: String, _ target: String, token: String? = nil,
                         body: String? = nil) throws -> HTTPTestResponse {
        let client = try HTTPTestClient(port: port, timeoutSeconds: 10)
        defer { client.close() }
        var headers: [(String, String)] = token.map { [("Authorization", "Bearer \($0)")] } ?? []
        if body != nil { headers.append(("Content-Type", "application/json")) }
        return try client.request(method, target, headers: headers, body: body.map { Array($0.utf8) })
    }

    /// Runs `guidebook ARGUMENTS` to its end: its status, standard output and standard error.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["GUIDEBOOK_ADMIN_TOKEN"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    private func stop(_ server: ServerProcess) {
        server.signal(SIGTERM)
        XCTAssertEqual(server.waitForExit(seconds: 20), 0, server.log)
    }

    func testTheFirstStartPrintsAGeneratedAdminTokenOnceAndItKeepsWorking() throws {
        let first = try ServerProcess(arguments: ["--db", databasePath], environment: ["GUIDEBOOK_ADMIN_TOKEN": ""])
        let created = first.logLines.filter { ($0["msg"] as? String)?.hasPrefix("admin token created") ?? false }
        XCTAssertEqual(created.count, 1, first.log)
        let token = try XCTUnwrap(created.first?["token"] as? String, first.log)
        XCTAssertEqual(created.first?["name"] as? String, "admin")
        XCTAssertEqual(try request(first.port, "GET", "/v1/tokens", token: token).status, 200)
        try assertProblem(try request(first.port, "POST", "/v1/jobs/job_0000000000000000/cancel"), status: 401)
        stop(first)
        XCTAssertEqual(first.log.components(separatedBy: token).count - 1, 1, "the token is in the log once, where it was made")

        let second = try ServerProcess(arguments: ["--db", databasePath], environment: ["GUIDEBOOK_ADMIN_TOKEN": ""])
        XCTAssertFalse(second.log.contains("admin token created"), "a later start makes no other token: \(second.log)")
        XCTAssertFalse(second.log.contains(token), "a later start does not show it again")
        XCTAssertEqual(try request(second.port, "GET", "/v1/tokens", token: token).status, 200)
        stop(second)
    }

    func testTheAdminTokenFromTheEnvironmentOrAFileWorksAndIsNeverLogged() throws {
        let token = "env-admin-token-" + String(repeating: "k", count: 32)
        let server = try ServerProcess(arguments: ["--db", databasePath, "--log-level", "debug"], environment: ["GUIDEBOOK_ADMIN_TOKEN": token])
        XCTAssertFalse(server.log.contains("admin token created"), "a configured admin token means none is generated")
        let created = try request(server.port, "POST", "/v1/tokens", token: token, body: #"{"name": "from-env", "role": "reader"}"#)
        XCTAssertEqual(created.status, 201, created.text)
        let reader = try XCTUnwrap(created.jsonObject()["token"] as? String)
        XCTAssertEqual(try request(server.port, "GET", "/v1/topics", token: reader).status, 200)
        try assertProblem(try request(server.port, "GET", "/v1/tokens", token: token + "x"), status: 401)
        stop(server)
        XCTAssertTrue(server.log.contains("\"msg\":\"request\""), "the access log is there")
        XCTAssertFalse(server.log.contains(token), "the configured admin token is in the log")
        XCTAssertFalse(server.log.contains(reader), "a created token is in the log")

        let file = directory + "/admin-token"
        try (token + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try ServerProcess(arguments: ["--db", databasePath, "--admin-token-file", file], environment: ["GUIDEBOOK_ADMIN_TOKEN": ""])
        XCTAssertEqual(try request(fromFile.port, "GET", "/v1/tokens", token: token).status, 200, "the file's trailing line break is dropped")
        stop(fromFile)

        // Too short, or set twice: the server does not start, and says why in one line.
        let short = try run(["serve", "--db", databasePath, "--port", "0"], environment: ["GUIDEBOOK_ADMIN_TOKEN": "short"])
        XCTAssertEqual(short.status, 2, short.err)
        XCTAssertTrue(short.err.contains("at least 32 characters"), short.err)
        XCTAssertFalse(short.err.contains("short\""), "the refused token is not echoed")
        let both = try run(["serve", "--db", databasePath, "--port", "0", "--admin-token-file", file], environment: ["GUIDEBOOK_ADMIN_TOKEN": token])
        XCTAssertEqual(both.status, 2, both.err)
    }

    func testTheTokensCommandCreatesListsAndRevokesWhileAServerServesTheFile() throws {
        let server = try ServerProcess(arguments: ["--db", databasePath])
        let created = try run(["tokens", "create", "ci", "--role", "editor", "--db", databasePath, "--resources", TestServer.packageRoot])
        XCTAssertEqual(created.status, 0, created.err)
        let secret = created.out.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotNil(secret.range(of: #"^gb_[A-Za-z0-9_-]{43}$"#, options: .regularExpression), "stdout is the secret alone: \(created.out)")
        XCTAssertFalse(created.err.contains(secret), "the secret goes to stdout only")

        // The running server knows it at once: an editor may read and is refused admin routes.
        XCTAssertEqual(try request(server.port, "GET", "/v1/topics", token: secret).status, 200)
        try assertProblem(try request(server.port, "GET", "/v1/tokens", token: secret), status: 403)

        let duplicate = try run(["tokens", "create", "ci", "--role", "reader", "--db", databasePath, "--resources", TestServer.packageRoot])
        XCTAssertEqual(duplicate.status, 1)
        XCTAssertTrue(duplicate.err.contains("exists"), duplicate.err)
        XCTAssertEqual(try run(["tokens", "create", "x", "--role", "owner", "--db", databasePath]).status, 2)

        let list = try run(["tokens", "list", "--db", databasePath, "--resources", TestServer.packageRoot])
        XCTAssertEqual(list.status, 0, list.err)
        let rows = list.out.split(separator: "\n")
        XCTAssertEqual(rows.first?.split(separator: " ", omittingEmptySubsequences: true).first, "NAME")
        let row = try XCTUnwrap(rows.first { $0.hasPrefix("ci ") }, list.out)
        XCTAssertTrue(row.contains("editor"), String(row))
        XCTAssertFalse(list.out.contains(secret), "list never shows a secret")

        let revoked = try run(["tokens", "revoke", "ci", "--db", databasePath, "--resources", TestServer.packageRoot])
        XCTAssertEqual(revoked.status, 0, revoked.err)
        try assertProblem(try request(server.port, "GET", "/v1/tokens", token: secret), status: 401)
        XCTAssertEqual(try run(["tokens", "revoke", "ci", "--db", databasePath]).status, 1, "revoking twice says there is none")
        stop(server)
        XCTAssertFalse(server.log.contains(secret))
    }

    func testAuthReadsMakesReadsNeedATokenAndLeavesProbesOpen() throws {
        let server = try ServerProcess(arguments: ["--db", databasePath, "--auth-reads"])
        let listening = try XCTUnwrap(server.logLines.first { $0["msg"] as? String == "listening" })
        XCTAssertEqual(listening["reads"] as? String, "token")
        let refused = try request(server.port, "GET", "/v1/search?q=sheet")
        try assertProblem(refused, status: 401)
        XCTAssertTrue(refused.header("WWW-Authenticate")?.hasPrefix(#"Bearer realm="guidebook""#) ?? false)
        for open in ["/livez", "/readyz", "/metrics", "/openapi.json"] {
            XCTAssertEqual(try request(server.port, "GET", open).status, 200, open)
        }
        let created = try request(server.port, "POST", "/v1/tokens", token: TestGuidebook.adminToken, body: #"{"name": "r", "role": "reader"}"#)
        let reader = try XCTUnwrap(created.jsonObject()["token"] as? String, created.text)
        XCTAssertEqual(try request(server.port, "GET", "/v1/search?q=sheet", token: reader).status, 200)
        XCTAssertEqual(try request(server.port, "GET", "/v1/topics/sheets", token: reader).status, 200)
        stop(server)

        // GUIDEBOOK_AUTH_READS=false (and no flag) keeps reads public.
        let publicReads = try ServerProcess(arguments: ["--db", databasePath], environment: ["GUIDEBOOK_AUTH_READS": "false"])
        XCTAssertEqual(try request(publicReads.port, "GET", "/v1/search?q=sheet").status, 200)
        stop(publicReads)
    }
}
