import Foundation
import GuidebookTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The real executable in a child process: graceful stop, recovery after SIGKILL, logs, TLS,
/// command-line errors.
final class ServerProcessTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-process" }

    private func get(_ port: UInt16, _ target: String, headers: [(String, String)] = []) throws -> HTTPTestResponse {
        let client = try HTTPTestClient(port: port, timeoutSeconds: 10)
        defer { client.close() }
        return try client.request("GET", target, headers: headers)
    }

    private func generate(_ count: Int) throws -> String {
        let path = directory + "/kb-\(count).ndjson"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.executable)
        process.arguments = ["generate", String(count), path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return path
    }

    /// How long a restarted server may take to run an interrupted 20,000-guideline import again.
    private static let rerunBound: TimeInterval = 300

    private func submitImport(_ port: UInt16, file: String) throws -> String {
        let body = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let client = try HTTPTestClient(port: port, timeoutSeconds: 30)
        defer { client.close() }
        let response = try client.request("POST", "/v1/imports?format=ndjson", headers: [("Content-Type", "application/x-ndjson"), TestGuidebook.adminHeader], body: body)
        XCTAssertEqual(response.status, 202, response.text)
        return try XCTUnwrap(response.jsonObject()["id"] as? String)
    }

    private func job(_ port: UInt16, _ id: String) throws -> [String: Any] {
        try get(port, "/v1/jobs/\(id)", headers: [TestGuidebook.adminHeader]).jsonObject()
    }

    private func waitForJob(_ port: UInt16, _ id: String, seconds: Double, until done: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        var state = try job(port, id)
        while !done(state) && Date() < deadline {
            usleep(20_000)
            state = try job(port, id)
        }
        return state
    }

    private func topicCount(_ port: UInt16, category: String) throws -> Int {
        var count = 0
        var target: String? = "/v1/topics?category=\(category)&limit=100"
        while let next = target {
            let page = try get(port, next).jsonObject()
            count += (page["items"] as? [Any])?.count ?? 0
            target = (page["next"] as? String).map { "/v1/topics?category=\(category)&limit=100&cursor=\($0)" }
        }
        return count
    }

    func testSIGKILLDuringImportLeavesNoPartialDataAndTheJobRecovers() throws {
        let file = try generate(20_000)
        var server: ServerProcess? = try ServerProcess(arguments: ["--db", databasePath])
        let port = server!.port
        let id = try submitImport(port, file: file)
        let running = try waitForJob(port, id, seconds: 30) { state in
            (state["status"] as? String) == "running" && (((state["progress"] as? [String: Any])?["completed"] as? Int) ?? 0) > 5
        }
        XCTAssertEqual(running["status"] as? String, "running", "the import must be caught mid-way")
        server!.signal(SIGKILL)
        XCTAssertEqual(server!.waitForExit(seconds: 10), SIGKILL)
        server = nil

        // A 20,000-guideline import is 400 topics in 10 categories: 40 per category, all or none.
        let restarted = try ServerProcess(arguments: ["--db", databasePath])
        var sawPartial = false
        // A bound, not a wait: the loop ends with the job. A debug build's rerun spends most of
        // its time checking 20,000 translations before the commit, and a busy CI machine once
        // needed more than a minute for it.
        let deadline = Date().addingTimeInterval(Self.rerunBound)
        var final: [String: Any] = [:]
        repeat {
            let count = try topicCount(restarted.port, category: "gen-category-3")
            if count != 0 && count != 40 { sawPartial = true }
            final = try job(restarted.port, id)
        } while !["succeeded", "failed", "canceled"].contains(final["status"] as? String ?? "") && Date() < deadline
        XCTAssertFalse(sawPartial, "readers must never see part of an import")
        XCTAssertEqual(final["status"] as? String, "succeeded", "the interrupted job runs again from its spooled upload: \(final)")
        XCTAssertEqual(try topicCount(restarted.port, category: "gen-category-3"), 40)
        let result = try XCTUnwrap(final["result"] as? [String: Any])
        XCTAssertEqual((result["guidelines"] as? [String: Any])?["created"] as? Int, 20_000)
    }

    func testSIGTERMEndsStreamsRollsBackTheImportAndExitsZero() throws {
        let file = try generate(20_000)
        var server: ServerProcess? = try ServerProcess(arguments: ["--db", databasePath])
        let port = server!.port
        let id = try submitImport(port, file: file)
        _ = try waitForJob(port, id, seconds: 30) { ($0["status"] as? String) == "running" }

        // An open event stream must be ended by the stop, not cut off.
        let stream = try HTTPTestClient(port: port, timeoutSeconds: 15)
        defer { stream.close() }
        try stream.sendRaw("GET /v1/jobs/\(id)/events HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(TestGuidebook.adminToken)\r\n\r\n")
        var received = ""
        while !received.contains("event: progress"), let chunk = try stream.readAvailable() { received += chunk }
        XCTAssertTrue(received.contains("event: progress"), "the stream sends the job's state at once: \(received)")

        server!.signal(SIGTERM)
        // A bound: the job runner gives its job 10 s to roll back, and a busy machine adds to it.
        XCTAssertEqual(server!.waitForExit(seconds: 60), 0, "a graceful stop exits with status 0; log:\n\(server!.log)")
        // The stream ended with whole events, not in the middle of one, the last saying why.
        while let chunk = try stream.readAvailable() { received += chunk }
        XCTAssertTrue(received.contains("event: shutdown"), received)
        // Chunked framing: the last event's blank line, then the terminating zero-length chunk.
        XCTAssertTrue(received.hasSuffix("\n\n\r\n0\r\n\r\n"), "the stream was ended, not cut: \(received.suffix(200).debugDescription)")
        let messages = server!.logLines.compactMap { $0["msg"] as? String }
        XCTAssertTrue(messages.contains("stopping"))
        XCTAssertTrue(messages.contains("stopped"))
        server = nil

        // The rolled-back import is queued again and completes after the restart.
        let restarted = try ServerProcess(arguments: ["--db", databasePath])
        let final = try waitForJob(restarted.port, id, seconds: Self.rerunBound) { ["succeeded", "failed", "canceled"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(final["status"] as? String, "succeeded", "\(final)")
        XCTAssertEqual(try topicCount(restarted.port, category: "gen-category-0"), 40)
    }

    func testRequestIDIsEchoedAndLoggedWithTheAccessLine() throws {
        let server = try ServerProcess(arguments: ["--db", databasePath])
        let response = try get(server.port, "/v1/topics/sheets", headers: [("X-Request-Id", "trace-abc-123")])
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("X-Request-Id"), "trace-abc-123")
        let generated = try get(server.port, "/v1/topics/nope")
        let generatedID = try XCTUnwrap(generated.header("X-Request-Id"))
        XCTAssertFalse(generatedID.isEmpty)
        usleep(100_000)
        let lines = server.logLines.filter { ($0["msg"] as? String) == "request" }
        let line = try XCTUnwrap(lines.first { ($0["request_id"] as? String) == "trace-abc-123" }, server.log)
        XCTAssertEqual(line["status"] as? Int, 200)
        XCTAssertEqual(line["route"] as? String, "/v1/topics/{slug}")
        XCTAssertEqual(line["method"] as? String, "GET")
        XCTAssertNotNil(line["duration_ms"] as? Double)
        XCTAssertTrue(lines.contains { ($0["request_id"] as? String) == generatedID && ($0["status"] as? Int) == 404 })
    }

    func testServesHTTPSWithAConfiguredCertificate() throws {
        let key = directory + "/key.pem", certificate = directory + "/cert.pem"
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                             "-days", "1", "-subj", "/CN=127.0.0.1"]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        XCTAssertEqual(openssl.terminationStatus, 0, "openssl must make a self-signed certificate")

        let server = try ServerProcess(arguments: ["--db", databasePath, "--tls-cert", certificate, "--tls-key", key])
        let curl = Process()
        let output = Pipe()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-sS", "--cacert", certificate, "-o", "-", "-w", "\n%{http_code}", "https://127.0.0.1:\(server.port)/v1/topics/sheets?lang=ko"]
        curl.standardOutput = output
        try curl.run()
        curl.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(curl.terminationStatus, 0, text)
        XCTAssertTrue(text.hasSuffix("\n200"), text)
        XCTAssertTrue(text.contains("시트"))
        // Plain HTTP on the TLS port is refused, not served.
        XCTAssertThrowsError(try get(server.port, "/livez"))
    }

    func testAnotherProcessWritingTheFileIsSeenAtOnceDespiteTheResponseCache() throws {
        let server = try ServerProcess(arguments: ["--db", databasePath])
        let before = try get(server.port, "/v1/topics/sheets").jsonObject()
        XCTAssertEqual(before["title"] as? String, "Sheets")
        XCTAssertEqual(try get(server.port, "/v1/topics/sheets").status, 200, "a second read is served from the cache")

        // `guidebook import` in its own process writes the same database file.
        let bundle = directory + "/rename.json"
        let json = #"{"format":"guidebook-bundle","version":1,"topics":[{"slug":"sheets","category":"views","title":{"en":"Sheets, renamed"},"summary":{},"sections":[]}]}"#
        try json.write(toFile: bundle, atomically: true, encoding: .utf8)
        let importer = Process()
        importer.executableURL = URL(fileURLWithPath: ServerProcess.executable)
        importer.arguments = ["import", bundle, "--db", databasePath, "--resources", TestServer.packageRoot]
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        importer.waitUntilExit()
        XCTAssertEqual(importer.terminationStatus, 0)

        let after = try get(server.port, "/v1/topics/sheets").jsonObject()
        XCTAssertEqual(after["title"] as? String, "Sheets, renamed", "a commit by another process invalidates cached reads")
    }

    /// `--search-cache` is `auto` unless given a number (option or environment); the start says
    /// what was chosen and `/metrics` shows it.
    func testTheSearchCacheIsSizedAutomaticallyUnlessGivenANumber() throws {
        func capacity(_ server: ServerProcess) throws -> String? {
            try get(server.port, "/metrics").text.split(separator: "\n")
                .first { $0.hasPrefix("guidebook_search_cache_capacity_bytes ") }.map { String($0.split(separator: " ")[1]) }
        }
        for (arguments, environment, sizing, megabytes) in [([String](), [String: String](), "auto", 32),
                                                            (["--search-cache", "48"], [:], "fixed", 48),
                                                            ([], ["GUIDEBOOK_SEARCH_CACHE": "7"], "fixed", 7),
                                                            (["--search-cache", "auto"], ["GUIDEBOOK_SEARCH_CACHE": "7"], "auto", 32)] {
            let server = try ServerProcess(arguments: ["--db", databasePath] + arguments, environment: environment)
            let line = try XCTUnwrap(server.logLines.first { ($0["msg"] as? String) == "search cache" }, server.log)
            XCTAssertEqual(line["sizing"] as? String, sizing, "\(arguments) \(environment)")
            XCTAssertEqual(line["capacity_mb"] as? Int, megabytes, "the seed is small: an automatic cache gets the floor")
            XCTAssertEqual(try capacity(server), String(megabytes << 20))
            if sizing == "auto" {
                XCTAssertEqual(line["bytes_per_row"] as? Int, 160)
                XCTAssertGreaterThanOrEqual(line["index_rows"] as? Int ?? 0, 80, "the seed's topics, sections and guidelines")
                XCTAssertGreaterThan(line["ceiling_mb"] as? Int ?? 0, 0)
                XCTAssertNotNil(line["memory_available_mb"])
            }
        }
    }

    func testABadOptionPrintsOneLineAndExitsTwo() throws {
        for arguments in [["--port", "http"], ["--threads", "0"], ["--log-level", "loud"], ["--nope"], ["frobnicate"], ["--search-cache", "lots"]] {
            let process = Process()
            let errors = Pipe()
            process.executableURL = URL(fileURLWithPath: ServerProcess.executable)
            process.arguments = arguments
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 2, "\(arguments): \(text)")
            XCTAssertEqual(text.split(separator: "\n").count, 1, "\(arguments): \(text)")
            XCTAssertTrue(text.hasPrefix("guidebook: "), text)
        }
    }
}
