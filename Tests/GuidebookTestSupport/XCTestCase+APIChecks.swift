import Foundation
import XCTest

/// Checks of API answers that several test suites make.
extension XCTestCase {
    /// The body of a JSON response (checking its `Content-Type`), as an object.
    public func json(_ response: HTTPTestResponse, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        XCTAssertTrue(response.header("Content-Type")?.hasPrefix("application/json") ?? false,
                      "Content-Type was \(response.header("Content-Type") ?? "nil")", file: file, line: line)
        return try response.jsonObject()
    }

    /// The `items` array of a list response.
    public func items(_ object: [String: Any], file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        guard let items = object["items"] as? [[String: Any]] else {
            XCTFail("no items array in \(object)", file: file, line: line)
            return []
        }
        return items
    }

    /// Asserts an RFC 9457 problem with the given status (and `parameter`, when given); returns its fields.
    @discardableResult
    public func assertProblem(_ response: HTTPTestResponse, status: Int, parameter: String? = nil,
                              file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        XCTAssertEqual(response.status, status, "body: \(response.text.prefix(300))", file: file, line: line)
        let contentType = response.header("Content-Type") ?? ""
        XCTAssertTrue(contentType.hasPrefix("application/problem+json"), "Content-Type was '\(contentType)'", file: file, line: line)
        let problem = try response.jsonObject()
        XCTAssertFalse((problem["type"] as? String ?? "").isEmpty, "problem has no type: \(problem)", file: file, line: line)
        XCTAssertFalse((problem["title"] as? String ?? "").isEmpty, "problem has no title: \(problem)", file: file, line: line)
        XCTAssertEqual(problem["status"] as? Int, status, "problem status", file: file, line: line)
        XCTAssertFalse((problem["detail"] as? String ?? "").isEmpty, "problem has no detail: \(problem)", file: file, line: line)
        if let parameter {
            XCTAssertEqual(problem["parameter"] as? String, parameter, "problem parameter", file: file, line: line)
        }
        return problem
    }
}

/// Guidebooks that live as long as the test.
extension XCTestCase {
    /// A `TestApp` (in-process), stopped when the test ends.
    public func makeTestApp(loadSeed: Bool = true) throws -> TestApp {
        let app = try TestApp(loadSeed: loadSeed)
        addTeardownBlock { app.stop() }
        return app
    }

    /// A `TestServer` (behind a socket), stopped when the test ends.
    public func makeTestServer() throws -> TestServer {
        let server = try TestServer()
        addTeardownBlock { server.stop() }
        return server
    }
}

extension XCTestCase {
    /// A new temporary directory (its name starting with `prefix`), deleted when the test ends.
    public func makeTemporaryDirectory(_ prefix: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }
}
