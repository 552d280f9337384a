import Foundation
import GuidebookAPI
import GuidebookCore
import GuidebookTestSupport
import XCTest

/// The auth matrix: every route of the router, with no token, a malformed header, a wrong token,
/// and a reader, an editor, a reviewer and an admin token, answers exactly as its declared access says, with
/// reads public and with `--auth-reads`. The table below is the contract: a route the router has
/// and the table lacks (or declares differently) fails the test, so nobody adds a route without
/// deciding who may call it.
final class AuthMatrixTests: XCTestCase {
    /// Who may call a route (`token`: any valid token, even when reads are public).
    enum Access: String { case open, reader, token, editor, reviewer, admin }

    /// One route: a target to call it with, its access, and the status it answers when let through
    /// (the targets name things that do not exist where a success would change data).
    struct Expectation {
        let target: String
        let access: Access
        let allowed: Int
    }

    /// Every route of the application, by `METHOD template`.
    static let expected: [String: Expectation] = [
        // Open whatever the settings: the page shell and its assets, the contract, probes, metrics.
        "GET /": .init(target: "/", access: .open, allowed: 200),
        "GET /topics/{slug}": .init(target: "/topics/sheets", access: .open, allowed: 200),
        "GET /guidelines/{id}": .init(target: "/guidelines/sheets.mail-compose", access: .open, allowed: 200),
        "GET /imports": .init(target: "/imports", access: .open, allowed: 200),
        "GET /assets/{name}": .init(target: "/assets/nope.css", access: .open, allowed: 404),
        "GET /openapi.json": .init(target: "/openapi.json", access: .open, allowed: 200),
        "GET /.well-known/api-catalog": .init(target: "/.well-known/api-catalog", access: .open, allowed: 200),
        "GET /livez": .init(target: "/livez", access: .open, allowed: 200),
        "GET /readyz": .init(target: "/readyz", access: .open, allowed: 200),
        "GET /metrics": .init(target: "/metrics", access: .open, allowed: 200),
        // Reads: public unless --auth-reads.
        "GET /v1/categories": .init(target: "/v1/categories", access: .reader, allowed: 200),
        "GET /v1/topics": .init(target: "/v1/topics", access: .reader, allowed: 200),
        "GET /v1/topics/{slug}": .init(target: "/v1/topics/sheets", access: .reader, allowed: 200),
        "GET /v1/guidelines": .init(target: "/v1/guidelines?limit=1", access: .reader, allowed: 200),
        "GET /v1/guidelines/{id}": .init(target: "/v1/guidelines/nope", access: .reader, allowed: 404),
        "GET /v1/guidelines/{id}/translations": .init(target: "/v1/guidelines/nope/translations", access: .reader, allowed: 404),
        "GET /v1/guidelines/{id}/translations/{locale}": .init(target: "/v1/guidelines/nope/translations/ko", access: .reader, allowed: 404),
        "GET /v1/locales": .init(target: "/v1/locales", access: .reader, allowed: 200),
        "GET /v1/export": .init(target: "/v1/export", access: .reader, allowed: 200),
        "GET /v1/topics/{slug}/sections/{key}": .init(target: "/v1/topics/sheets/sections/nope.md", access: .reader, allowed: 404),
        "GET /embed/topics/{slug}": .init(target: "/embed/topics/sheets", access: .reader, allowed: 200),
        "GET /oembed": .init(target: "/oembed?url=http%3A%2F%2Fwiki.example%2Ftopics%2Fsheets&format=json", access: .reader, allowed: 200),
        "GET /embed/guidelines/{id}": .init(target: "/embed/guidelines/nope", access: .reader, allowed: 404),
        "GET /v1/search": .init(target: "/v1/search?q=sheet", access: .reader, allowed: 200),
        // A job names the upload and quotes it: a token even with public reads (unless --public-jobs).
        "GET /v1/jobs": .init(target: "/v1/jobs", access: .token, allowed: 200),
        "GET /v1/jobs/{id}": .init(target: "/v1/jobs/job_0000000000000000", access: .token, allowed: 404),
        "GET /v1/jobs/{id}/events": .init(target: "/v1/jobs/job_0000000000000000/events", access: .token, allowed: 404),
        "GET /v1/glossary": .init(target: "/v1/glossary", access: .reader, allowed: 200),
        "GET /v1/glossary/{id}": .init(target: "/v1/glossary/999999", access: .reader, allowed: 404),
        "GET /v1/translations/checks": .init(target: "/v1/translations/checks", access: .reader, allowed: 200),
        "GET /v1/guidelines/{id}/translations/checks": .init(target: "/v1/guidelines/nope/translations/checks", access: .reader, allowed: 404),
        // Editor: the glossary.
        "POST /v1/glossary": .init(target: "/v1/glossary", access: .editor, allowed: 400),
        "PUT /v1/glossary/{id}": .init(target: "/v1/glossary/999999", access: .editor, allowed: 400),
        "DELETE /v1/glossary/{id}": .init(target: "/v1/glossary/999999", access: .editor, allowed: 404),
        // Any token, whatever the settings: whose token it is.
        "GET /v1/me": .init(target: "/v1/me", access: .token, allowed: 200),
        "GET /v1/changes": .init(target: "/v1/changes", access: .reader, allowed: 200),
        "GET /v1/translations/coverage": .init(target: "/v1/translations/coverage", access: .reader, allowed: 200),
        "GET /v1/translations": .init(target: "/v1/translations?locale=ko", access: .reader, allowed: 200),
        "GET /v1/translations/export": .init(target: "/v1/translations/export?locale=ko&format=po", access: .reader, allowed: 200),
        "GET /v1/guidelines/{id}/translations/{locale}/memory": .init(target: "/v1/guidelines/progress-indicators.prefer-progress-bars/translations/ko/memory", access: .reader, allowed: 200),
        "GET /v1/memory/export": .init(target: "/v1/memory/export?format=tmx", access: .reader, allowed: 200),
        "GET /v1/memory/imports": .init(target: "/v1/memory/imports", access: .reader, allowed: 200),
        // Editor: content (a write without a body is a 415; a delete of nothing a 404).
        "POST /v1/topics": .init(target: "/v1/topics", access: .editor, allowed: 415),
        "PUT /v1/topics/{slug}": .init(target: "/v1/topics/nope", access: .editor, allowed: 415),
        "PATCH /v1/topics/{slug}": .init(target: "/v1/topics/nope", access: .editor, allowed: 415),
        "DELETE /v1/topics/{slug}": .init(target: "/v1/topics/nope", access: .editor, allowed: 404),
        "POST /v1/topics/{slug}/sections": .init(target: "/v1/topics/sheets/sections", access: .editor, allowed: 415),
        "PUT /v1/topics/{slug}/sections/{key}": .init(target: "/v1/topics/sheets/sections/nope", access: .editor, allowed: 415),
        "PATCH /v1/topics/{slug}/sections/{key}": .init(target: "/v1/topics/sheets/sections/nope", access: .editor, allowed: 415),
        "DELETE /v1/topics/{slug}/sections/{key}": .init(target: "/v1/topics/sheets/sections/nope", access: .editor, allowed: 404),
        "PUT /v1/topics/{slug}/sections/{key}/order": .init(target: "/v1/topics/sheets/sections/nope/order", access: .editor, allowed: 415),
        "POST /v1/guidelines": .init(target: "/v1/guidelines", access: .editor, allowed: 415),
        "PUT /v1/guidelines/{id}": .init(target: "/v1/guidelines/nope", access: .editor, allowed: 415),
        "PATCH /v1/guidelines/{id}": .init(target: "/v1/guidelines/nope", access: .editor, allowed: 415),
        "DELETE /v1/guidelines/{id}": .init(target: "/v1/guidelines/nope", access: .editor, allowed: 404),
        "PUT /v1/guidelines/{id}/translations/{locale}": .init(target: "/v1/guidelines/nope/translations/ko", access: .editor, allowed: 415),
        "DELETE /v1/guidelines/{id}/translations/{locale}": .init(target: "/v1/guidelines/nope/translations/ko", access: .editor, allowed: 404),
        "PUT /v1/topics/{slug}/translations/{locale}": .init(target: "/v1/topics/nope/translations/ko", access: .editor, allowed: 415),
        "DELETE /v1/topics/{slug}/translations/{locale}": .init(target: "/v1/topics/nope/translations/ko", access: .editor, allowed: 404),
        "PUT /v1/topics/{slug}/sections/{key}/translations/{locale}": .init(target: "/v1/topics/nope/sections/x/translations/ko", access: .editor, allowed: 415),
        "DELETE /v1/topics/{slug}/sections/{key}/translations/{locale}": .init(target: "/v1/topics/nope/sections/x/translations/ko", access: .editor, allowed: 404),
        // The history of texts (docs/review.md): reads, and a revert is an editor's edit.
        "GET /v1/guidelines/{id}/history": .init(target: "/v1/guidelines/nope/history", access: .reader, allowed: 404),
        "GET /v1/guidelines/{id}/history/{n}/diff": .init(target: "/v1/guidelines/nope/history/1/diff", access: .reader, allowed: 404),
        "POST /v1/guidelines/{id}/history/{n}/revert": .init(target: "/v1/guidelines/nope/history/1/revert", access: .editor, allowed: 404),
        "GET /v1/guidelines/{id}/translations/{locale}/history": .init(target: "/v1/guidelines/nope/translations/ko/history", access: .reader, allowed: 404),
        "GET /v1/guidelines/{id}/translations/{locale}/history/{n}/diff": .init(target: "/v1/guidelines/nope/translations/ko/history/1/diff", access: .reader, allowed: 404),
        "POST /v1/guidelines/{id}/translations/{locale}/history/{n}/revert": .init(target: "/v1/guidelines/nope/translations/ko/history/1/revert", access: .editor, allowed: 404),
        "GET /v1/topics/{slug}/history": .init(target: "/v1/topics/nope/history", access: .reader, allowed: 404),
        "GET /v1/topics/{slug}/history/{n}/diff": .init(target: "/v1/topics/nope/history/1/diff", access: .reader, allowed: 404),
        "POST /v1/topics/{slug}/history/{n}/revert": .init(target: "/v1/topics/nope/history/1/revert", access: .editor, allowed: 404),
        "GET /v1/topics/{slug}/translations/{locale}/history": .init(target: "/v1/topics/nope/translations/ko/history", access: .reader, allowed: 404),
        "GET /v1/topics/{slug}/translations/{locale}/history/{n}/diff": .init(target: "/v1/topics/nope/translations/ko/history/1/diff", access: .reader, allowed: 404),
        "POST /v1/topics/{slug}/translations/{locale}/history/{n}/revert": .init(target: "/v1/topics/nope/translations/ko/history/1/revert", access: .editor, allowed: 404),
        "GET /v1/topics/{slug}/sections/{key}/history": .init(target: "/v1/topics/nope/sections/x/history", access: .reader, allowed: 404),
        "GET /v1/topics/{slug}/sections/{key}/history/{n}/diff": .init(target: "/v1/topics/nope/sections/x/history/1/diff", access: .reader, allowed: 404),
        "POST /v1/topics/{slug}/sections/{key}/history/{n}/revert": .init(target: "/v1/topics/nope/sections/x/history/1/revert", access: .editor, allowed: 404),
        "GET /v1/topics/{slug}/sections/{key}/translations/{locale}/history": .init(target: "/v1/topics/nope/sections/x/translations/ko/history", access: .reader, allowed: 404),
        "GET /v1/topics/{slug}/sections/{key}/translations/{locale}/history/{n}/diff": .init(target: "/v1/topics/nope/sections/x/translations/ko/history/1/diff", access: .reader, allowed: 404),
        "POST /v1/topics/{slug}/sections/{key}/translations/{locale}/history/{n}/revert": .init(target: "/v1/topics/nope/sections/x/translations/ko/history/1/revert", access: .editor, allowed: 404),
        // Reviewer: approving a translation and taking the approval back (docs/review.md).
        "POST /v1/guidelines/{id}/translations/{locale}/approve": .init(target: "/v1/guidelines/nope/translations/ko/approve", access: .reviewer, allowed: 404),
        "POST /v1/guidelines/{id}/translations/{locale}/unapprove": .init(target: "/v1/guidelines/nope/translations/ko/unapprove", access: .reviewer, allowed: 404),
        "POST /v1/topics/{slug}/translations/{locale}/approve": .init(target: "/v1/topics/nope/translations/ko/approve", access: .reviewer, allowed: 404),
        "POST /v1/topics/{slug}/translations/{locale}/unapprove": .init(target: "/v1/topics/nope/translations/ko/unapprove", access: .reviewer, allowed: 404),
        "POST /v1/topics/{slug}/sections/{key}/translations/{locale}/approve": .init(target: "/v1/topics/nope/sections/x/translations/ko/approve", access: .reviewer, allowed: 404),
        "POST /v1/topics/{slug}/sections/{key}/translations/{locale}/unapprove": .init(target: "/v1/topics/nope/sections/x/translations/ko/unapprove", access: .reviewer, allowed: 404),
        // Admin: imports, jobs, tokens, locales.
        "POST /v1/locales": .init(target: "/v1/locales", access: .admin, allowed: 415),
        "POST /v1/imports": .init(target: "/v1/imports?format=ndjson", access: .admin, allowed: 400),
        "POST /v1/translations/import": .init(target: "/v1/translations/import?format=po", access: .editor, allowed: 400),
        "POST /v1/memory/import": .init(target: "/v1/memory/import", access: .editor, allowed: 400),
        "DELETE /v1/jobs/{id}": .init(target: "/v1/jobs/job_0000000000000000", access: .admin, allowed: 404),
        "POST /v1/jobs/{id}/cancel": .init(target: "/v1/jobs/job_0000000000000000/cancel", access: .admin, allowed: 404),
        "GET /v1/tokens": .init(target: "/v1/tokens", access: .admin, allowed: 200),
        "POST /v1/tokens": .init(target: "/v1/tokens", access: .admin, allowed: 400),
        "GET /v1/tokens/{name}": .init(target: "/v1/tokens/nobody", access: .admin, allowed: 404),
        "DELETE /v1/tokens/{name}": .init(target: "/v1/tokens/nobody", access: .admin, allowed: 404),
        // Admin: webhooks.
        "POST /v1/webhooks": .init(target: "/v1/webhooks", access: .admin, allowed: 415),
        "GET /v1/webhooks": .init(target: "/v1/webhooks", access: .admin, allowed: 200),
        "GET /v1/webhooks/{id}": .init(target: "/v1/webhooks/wh_nope", access: .admin, allowed: 404),
        "DELETE /v1/webhooks/{id}": .init(target: "/v1/webhooks/wh_nope", access: .admin, allowed: 404),
        "POST /v1/webhooks/{id}/test": .init(target: "/v1/webhooks/wh_nope/test", access: .admin, allowed: 404),
        "GET /v1/webhooks/{id}/deliveries": .init(target: "/v1/webhooks/wh_nope/deliveries", access: .admin, allowed: 404),
    ]

    /// The callers of the matrix: the header each sends (nil: none) and the role behind it.
    private struct Caller {
        let name: String
        let header: String?
        let role: Role?
    }

    /// A well-formed token that no one was given.
    static let wrongToken = "gb_" + String(repeating: "x", count: 43)

    /// Creates a token through the API with the admin token and returns its secret.
    static func createToken(_ app: some GuidebookUnderTest, name: String, role: String,
                            file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let response = try app.request("POST", "/v1/tokens", headers: [("Content-Type", "application/json"), TestGuidebook.adminHeader],
                                       body: Array(#"{"name": "\#(name)", "role": "\#(role)"}"#.utf8))
        XCTAssertEqual(response.status, 201, response.text, file: file, line: line)
        return try XCTUnwrap(response.jsonObject()["token"] as? String, file: file, line: line)
    }

    private func callers(_ app: TestApp) throws -> [Caller] {
        [
            Caller(name: "no token", header: nil, role: nil),
            Caller(name: "another scheme", header: "Basic YWRtaW46YWRtaW4=", role: nil),
            Caller(name: "a wrong token", header: "Bearer \(Self.wrongToken)", role: nil),
            Caller(name: "a reader", header: "Bearer \(try Self.createToken(app, name: "matrix-reader", role: "reader"))", role: .reader),
            Caller(name: "an editor", header: "Bearer \(try Self.createToken(app, name: "matrix-editor", role: "editor"))", role: .editor),
            Caller(name: "a reviewer", header: "Bearer \(try Self.createToken(app, name: "matrix-reviewer", role: "reviewer"))", role: .reviewer),
            Caller(name: "an admin", header: "Bearer \(try Self.createToken(app, name: "matrix-admin", role: "admin"))", role: .admin),
        ]
    }

    /// The role a route needs under the setting: nil when none.
    private static func needed(_ access: Access, authReads: Bool) -> Role? {
        switch access {
        case .open: return nil
        case .reader: return authReads ? .reader : nil
        case .token: return .reader
        case .editor: return .editor
        case .reviewer: return .reviewer
        case .admin: return .admin
        }
    }

    func testEveryRouteDeclaresTheAccessTheMatrixExpects() throws {
        let app = try makeTestApp(loadSeed: false)
        var routed = Set<String>()
        for route in app.guidebook.application.routes {
            let key = "\(route.method) \(route.template)"
            routed.insert(key)
            var declared: Access? = route.properties.isOpen ? .open : route.properties.role.map { Access(rawValue: $0.rawValue)! }
            if declared == .reader && route.properties.needsTokenAlways { declared = .token }
            guard let expectation = Self.expected[key] else {
                XCTFail("route \(key) is not in AuthMatrixTests.expected: decide its access (.open or .role(...)) and add it")
                continue
            }
            XCTAssertTrue(route.properties.declaresAccess, "\(key) declares no access")
            XCTAssertEqual(declared, expectation.access, "\(key) declares \(declared?.rawValue ?? "nothing"), the matrix expects \(expectation.access)")
        }
        for key in Set(Self.expected.keys).subtracting(routed).sorted() { XCTFail("the matrix lists \(key), which the router does not have") }
    }

    func testTheContractNamesEachOperationsRoleAndItsRefusals() throws {
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes)) as? [String: Any])
        let scheme = ((document["components"] as? [String: Any])?["securitySchemes"] as? [String: Any])?["bearer"] as? [String: Any]
        XCTAssertEqual(scheme?["type"] as? String, "http")
        XCTAssertEqual(scheme?["scheme"] as? String, "bearer")
        let paths = try XCTUnwrap(document["paths"] as? [String: [String: Any]])
        for (key, expectation) in Self.expected {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            guard let operation = paths[parts[1]]?[parts[0].lowercased()] as? [String: Any] else {
                XCTFail("\(key) is not documented")
                continue
            }
            let role = expectation.access == .token ? Access.reader.rawValue : expectation.access.rawValue
            XCTAssertEqual(operation["x-guidebook-role"] as? String, role, "\(key): x-guidebook-role")
            let security = try XCTUnwrap(operation["security"] as? [[String: Any]], "\(key) has no security")
            let responses = operation["responses"] as? [String: Any] ?? [:]
            switch expectation.access {
            case .open:
                XCTAssertTrue(security.isEmpty, "\(key) is open: security []")
                XCTAssertNil(responses["401"], "\(key) is open: never 401")
            case .reader:
                XCTAssertTrue(security.contains { $0.isEmpty } && security.contains { $0["bearer"] != nil }, "\(key): a token is optional")
                XCTAssertNotNil(responses["401"], "\(key): 401 with --auth-reads")
                XCTAssertNil(responses["403"], "\(key): every token is at least a reader")
            case .token:
                XCTAssertEqual(security.count, 1, "\(key): a token is required")
                XCTAssertNotNil(security.first?["bearer"], "\(key): the bearer scheme")
                XCTAssertNotNil(responses["401"], "\(key): 401")
                XCTAssertNil(responses["403"], "\(key): every token is at least a reader")
            case .editor, .reviewer, .admin:
                XCTAssertEqual(security.count, 1, "\(key): a token is required")
                XCTAssertNotNil(security.first?["bearer"], "\(key): the bearer scheme")
                XCTAssertNotNil(responses["401"], "\(key): 401")
                XCTAssertNotNil(responses["403"], "\(key): 403")
            }
        }
    }

    func testTheMatrixWithPublicReads() throws {
        try runMatrix(authReads: false)
    }

    func testTheMatrixWithAuthReads() throws {
        try runMatrix(authReads: true)
    }

    private func runMatrix(authReads: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let app = try TestApp(authentication: AuthenticationConfiguration(readsNeedToken: authReads,
                                                                          adminTokenDigest: TestGuidebook.defaultAuthentication.adminTokenDigest))
        defer { app.stop() }
        let callers = try callers(app)
        var checked = 0
        for route in app.guidebook.application.routes {
            let key = "\(route.method) \(route.template)"
            guard let expectation = Self.expected[key] else { continue } // failed by the test above
            let needed = Self.needed(expectation.access, authReads: authReads)
            for caller in callers {
                let headers = caller.header.map { [("Authorization", $0)] } ?? []
                let response = try app.request(route.method, expectation.target, headers: headers)
                let context = "\(key) (auth-reads \(authReads)) with \(caller.name)"
                checked += 1
                guard let needed else {
                    XCTAssertEqual(response.status, expectation.allowed, "\(context): \(response.text.prefix(200))", file: file, line: line)
                    continue
                }
                guard let role = caller.role else {
                    let problem = try assertProblem(response, status: 401, file: file, line: line)
                    XCTAssertEqual(problem["type"] as? String, "/problems/unauthorized", context, file: file, line: line)
                    XCTAssertEqual(problem["required_role"] as? String, needed.rawValue, context, file: file, line: line)
                    XCTAssertTrue(response.header("WWW-Authenticate")?.hasPrefix(#"Bearer realm="guidebook""#) ?? false,
                                  "\(context): WWW-Authenticate is \(response.header("WWW-Authenticate") ?? "missing")", file: file, line: line)
                    continue
                }
                if role < needed {
                    let problem = try assertProblem(response, status: 403, file: file, line: line)
                    XCTAssertEqual(problem["type"] as? String, "/problems/forbidden", context, file: file, line: line)
                    XCTAssertEqual(problem["required_role"] as? String, needed.rawValue, context, file: file, line: line)
                    XCTAssertEqual(problem["role"] as? String, role.rawValue, context, file: file, line: line)
                } else {
                    XCTAssertEqual(response.status, expectation.allowed, "\(context): \(response.text.prefix(200))", file: file, line: line)
                }
            }
        }
        XCTAssertEqual(checked, Self.expected.count * callers.count, "every route was called by every caller")
    }
}
