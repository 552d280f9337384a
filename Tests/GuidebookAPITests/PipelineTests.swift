import Foundation
import GuidebookAPI
import GuidebookBase
import GuidebookTestSupport
import HTTPServer
import XCTest

/// The request pipeline: routes declare where their body goes, and a stage that refuses from the
/// request head alone (as authentication will) refuses before the body is stored and again when
/// the request is answered, in-process and behind the real server.
final class PipelineTests: XCTestCase {
    // MARK: Route declarations

    func testRouteOptionsBecomeTheRoutesProperties() {
        let plain = RouteProperties()
        XCTAssertFalse(plain.isCacheable)
        XCTAssertEqual(plain.body, .buffer)
        XCTAssertNil(plain.role, "a route needs no role unless it says so")
        let declared = RouteProperties([.cacheable, .body(.spool), .role(.editor)])
        XCTAssertTrue(declared.isCacheable)
        XCTAssertEqual(declared.body, .spool)
        XCTAssertEqual(declared.role, .editor)
        XCTAssertLessThan(Role.reader, Role.editor)
        XCTAssertLessThan(Role.editor, Role.admin)
    }

    func testTheAPIsRoutesDeclareWhereTheirBodiesGo() throws {
        let app = try TestApp(loadSeed: false, bodyLimit: 1000, importLimit: 5000)
        defer { app.stop() }
        let application = app.guidebook.application
        XCTAssertEqual(application.bodyPolicy(for: HTTPRequestHead(method: "POST", path: "/v1/imports", headers: [TestGuidebook.adminHeader])),
                       .spool(limit: 5000, directory: app.directory + "/spool"), "imports declare .body(.spool)")
        XCTAssertEqual(application.bodyPolicy(for: HTTPRequestHead(method: "POST", path: "/v1/jobs/job_1/cancel", headers: [TestGuidebook.adminHeader])),
                       .buffer(limit: 1000))
        XCTAssertEqual(application.bodyPolicy(for: HTTPRequestHead(method: "POST", path: "/v1/imports")), .refuse,
                       "without a token the body of an import is not even read")
        XCTAssertEqual(application.bodyPolicy(for: HTTPRequestHead(method: "POST", path: "/v1/categories")), .refuse, "a method the path does not take")
        XCTAssertEqual(application.bodyPolicy(for: HTTPRequestHead(method: "PUT", path: "/v1/nothing")), .refuse, "no such path")
    }

    // MARK: A stage that screens request heads

    /// A pipeline of its own: request ids, problems, and a stage that wants `Authorization: Bearer
    /// secret` on routes that declare a role, in front of `GET /items` (no role) and `POST /items`
    /// (`.role(.editor)`, answering the size of the body it got).
    private func makePipeline(directory: String) -> Pipeline {
        var router = Router<RouteHandler>()
        router.add("GET", "/items", { _ in .bytes(Array("items".utf8), contentType: "text/plain") })
        router.add("POST", "/items", { request in .bytes(Array("got \(request.http.body.count)".utf8), contentType: "text/plain") },
                   options: [.role(.editor)])
        var configuration = APIConfiguration()
        configuration.bodyLimit = 4 * 1024 * 1024
        configuration.spoolDirectory = directory
        return Pipeline(router: router, stages: [RequestIDStage(), ProblemStage(logger: Logger(level: .critical)), TokenStage()],
                        configuration: configuration, metrics: Metrics())
    }

    func testAScreeningStageRefusesAtHeaderTimeAndWhenAnswering() throws {
        let pipeline = makePipeline(directory: NSTemporaryDirectory())
        let withToken = HTTPRequestHead(method: "POST", path: "/items", headers: [("Authorization", "Bearer secret")])
        XCTAssertEqual(pipeline.bodyPolicy(for: withToken), .buffer(limit: 4 * 1024 * 1024))
        XCTAssertEqual(pipeline.bodyPolicy(for: HTTPRequestHead(method: "POST", path: "/items")), .refuse,
                       "decided from the head: the body will be dropped, not kept")

        let client = InProcessClient(handler: pipeline)
        let refused = try client.request("POST", "/items", body: Array("payload".utf8))
        try assertProblem(refused, status: 404)
        XCTAssertNotNil(refused.header("X-Request-Id"), "a screened refusal passes the stages before it like any answer")
        XCTAssertEqual(try client.request("POST", "/items", headers: [("Authorization", "Bearer secret")], body: Array("payload".utf8)).text, "got 7")
        XCTAssertEqual(try client.request("GET", "/items").text, "items", "a route without a role is not screened")
    }

    func testBehindTheServerAScreenedBodyIsDrainedAndTheRefusalAnswered() throws {
        let directory = NSTemporaryDirectory() + "pipeline-tests-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2), handler: makePipeline(directory: directory))
        let client = try HTTPTestClient(port: server.port)
        // A client that sends its whole 2 MB body before it reads still gets the refusal, on a connection that stays open.
        let size = 2 * 1024 * 1024
        try client.sendRaw(Array(client.head("POST", "/items", headers: [], bodyCount: size).utf8) + [UInt8](repeating: 0x61, count: size))
        let refused = try client.readResponse(method: "POST")
        try assertProblem(refused, status: 404)
        XCTAssertFalse(refused.closesConnection)
        let accepted = try client.request("POST", "/items", headers: [("Authorization", "Bearer secret")], body: [UInt8](repeating: 0x61, count: 1000))
        XCTAssertEqual(accepted.text, "got 1000")
        client.close()
        let deadline = Date().addingTimeInterval(2)
        while server.connectionCount > 0 && Date() < deadline { usleep(2_000) }
        usleep(30_000)
        server.stop(graceSeconds: 1)
    }
}

/// Refuses requests to routes that declare a role unless they carry the one good token: the shape
/// an authentication stage takes (it implements `screen` only).
private struct TokenStage: Stage {
    func screen(_ head: HTTPRequestHead, route: APIRoute) throws {
        guard route.properties.role != nil, head.header("authorization") != "Bearer secret" else { return }
        throw Problem.notFound("no resource here for a client without a token")
    }
}
