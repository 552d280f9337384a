import Foundation
import GuidebookAPI
import GuidebookCore
import GuidebookJobs
import HTTPServer
import XCTest

/// The OpenAPI document against the real router: every route is documented, every documented
/// operation is routed, and the document is well-formed enough for tools to load.
final class OpenAPIContractTests: XCTestCase {
    /// The package root, found from this file's location (`Tests/GuidebookAPITests/`).
    private static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The HTTP methods an OpenAPI path item may hold.
    private static let operationMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private var directory: String!
    private var application: Application!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("guidebook-openapi-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let databasePath = directory + "/guidebook.sqlite"
        let store = try Store(path: databasePath, migrations: try Migration.load(from: Self.packageRoot + "/Migrations"))
        let jobStore = try JobStore(path: JobStore.path(besides: databasePath),
                                    migrations: try Migration.load(from: Self.packageRoot + "/Migrations/jobs"))
        // The runner is never started: these tests only ask the router and two static resources.
        let runner = JobRunner(jobs: jobStore, knowledge: store)
        application = Application(store: store, jobs: runner,
                                  configuration: APIConfiguration(spoolDirectory: directory + "/spool"),
                                  logger: Logger(level: .critical))
    }

    override func tearDown() {
        application = nil
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        directory = nil
    }

    // MARK: Helpers

    private func document(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes))
        return try XCTUnwrap(value as? [String: Any], "the document is not a JSON object", file: file, line: line)
    }

    private func paths() throws -> [String: [String: Any]] {
        let paths = try XCTUnwrap(try document()["paths"] as? [String: Any], "the document has no paths object")
        return try paths.mapValues { try XCTUnwrap($0 as? [String: Any], "a path item is not an object") }
    }

    /// Every documented operation as (METHOD, path template, operation object).
    private func operations() throws -> [(method: String, path: String, operation: [String: Any])] {
        var result: [(method: String, path: String, operation: [String: Any])] = []
        for (path, item) in try paths() {
            for method in Self.operationMethods {
                guard let operation = item[method] else { continue }
                result.append((method.uppercased(), path, try XCTUnwrap(operation as? [String: Any], "\(method) \(path) is not an object")))
            }
        }
        return result
    }

    private func get(_ path: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        application.respond(to: HTTPRequest(method: "GET", path: path, headers: headers))
    }

    // MARK: The document

    func testDocumentIsOpenAPI31JSON() throws {
        let document = try document()
        let version = try XCTUnwrap(document["openapi"] as? String, "no openapi member")
        XCTAssertNotNil(version.range(of: #"^3\.1\.\d+$"#, options: .regularExpression), "openapi is '\(version)', not 3.1.x")
        let info = try XCTUnwrap(document["info"] as? [String: Any], "no info object")
        XCTAssertFalse((info["title"] as? String ?? "").isEmpty, "info.title is empty")
        XCTAssertEqual(info["version"] as? String, GuidebookVersion.current, "info.version must be the build's version")
        XCTAssertNotNil(document["components"] as? [String: Any], "no components object")
    }

    func testRoutesAndDocumentedPathsAgree() throws {
        let routed = Set(application.routes.map { "\($0.method) \($0.template)" })
        XCTAssertFalse(routed.isEmpty, "the application has no routes")
        var documented = Set<String>()
        for (method, path, _) in try operations() {
            if method == "HEAD" {
                // HEAD is answered by every GET route; a documented HEAD needs the GET behind it.
                XCTAssertTrue(routed.contains("GET \(path)"), "HEAD \(path) is documented but there is no GET route for it")
                continue
            }
            documented.insert("\(method) \(path)")
        }
        for route in routed.subtracting(documented).sorted() {
            XCTFail("route \(route) is served but not documented in OpenAPIDocument")
        }
        for operation in documented.subtracting(routed).sorted() {
            XCTFail("operation \(operation) is documented but the router has no such route")
        }
    }

    func testEveryOperationHasAnIdResponsesAndItsPathParameters() throws {
        let document = try document()
        var seenIDs: [String: String] = [:]
        let items = try paths()
        for (method, path, operation) in try operations() {
            let name = "\(method) \(path)"
            let operationID = operation["operationId"] as? String ?? ""
            XCTAssertFalse(operationID.isEmpty, "\(name) has no operationId")
            if let other = seenIDs[operationID] { XCTFail("operationId '\(operationID)' is used by \(other) and \(name)") }
            seenIDs[operationID] = name
            let responses = operation["responses"] as? [String: Any] ?? [:]
            XCTAssertFalse(responses.isEmpty, "\(name) documents no response")
            for status in responses.keys {
                XCTAssertTrue(status == "default" || status.range(of: #"^[1-5]([0-9]{2}|XX)$"#, options: .regularExpression) != nil,
                              "\(name) has a response key '\(status)' that is not a status code")
            }

            // Each {name} in the template is declared as a path parameter, on the path item or the operation.
            let declared = try ((items[path]?["parameters"] as? [Any] ?? []) + (operation["parameters"] as? [Any] ?? []))
                .map { try resolve($0, in: document) }
                .filter { $0["in"] as? String == "path" }
                .compactMap { $0["name"] as? String }
            let templated = path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
            XCTAssertEqual(Set(declared), Set(templated), "\(name): path parameters declared \(declared.sorted()), template has \(templated.sorted())")
        }
    }

    func testEveryReferenceResolves() throws {
        let document = try document()
        var references: [String] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.append(reference) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(document)
        XCTAssertFalse(references.isEmpty)
        for reference in Set(references).sorted() {
            XCTAssertNoThrow(try resolve(["$ref": reference], in: document), "\(reference) does not resolve")
        }
    }

    /// Follows a local `$ref` (`#/components/...`); other values are returned as they are.
    private func resolve(_ value: Any, in document: [String: Any]) throws -> [String: Any] {
        var object = try XCTUnwrap(value as? [String: Any], "not an object: \(value)")
        var hops = 0
        while let reference = object["$ref"] as? String {
            guard reference.hasPrefix("#/"), hops < 16 else { throw ContractError.unresolved(reference) }
            var target: Any = document
            for token in reference.dropFirst(2).split(separator: "/") {
                let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                guard let next = (target as? [String: Any])?[key] else { throw ContractError.unresolved(reference) }
                target = next
            }
            guard let resolved = target as? [String: Any] else { throw ContractError.unresolved(reference) }
            object = resolved
            hops += 1
        }
        return object
    }

    private enum ContractError: Error { case unresolved(String) }

    // MARK: Served

    func testServesTheDocument() throws {
        let response = get("/openapi.json")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type")?.split(separator: ";").first.map(String.init), "application/json")
        XCTAssertEqual(response.bodyBytes, OpenAPIDocument.bytes, "the served document is not the source")
        let etag = try XCTUnwrap(response.header("ETag"), "no ETag")
        XCTAssertEqual(get("/openapi.json", headers: [("If-None-Match", etag)]).status, 304)
    }

    func testServesTheAPICatalog() throws {
        let response = get("/.well-known/api-catalog")
        XCTAssertEqual(response.status, 200)
        let contentType = try XCTUnwrap(response.header("Content-Type"))
        XCTAssertTrue(contentType.hasPrefix("application/linkset+json"), "Content-Type was \(contentType)")
        XCTAssertTrue(contentType.contains("profile=\"https://www.rfc-editor.org/info/rfc9727\""), "Content-Type was \(contentType)")
        XCTAssertEqual(response.header("Link"), "</.well-known/api-catalog>; rel=\"api-catalog\"")
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any])
        let contexts = try XCTUnwrap(body["linkset"] as? [[String: Any]], "no linkset array")
        let descriptions = contexts.flatMap { $0["service-desc"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(descriptions.compactMap { $0["href"] as? String }, ["/openapi.json"])
        XCTAssertTrue(contexts.allSatisfy { $0["anchor"] is String }, "every link context needs an anchor")
    }
}
