import GuidebookAPI
import GuidebookTestSupport
import XCTest

/// The router resolves a literal segment before a capture whatever order the routes were
/// registered in: the application's own routes, registered forwards and backwards, give the same
/// answer for every path their templates make (captures filled with plain values and with every
/// literal the templates use, such as `checks`, `coverage` and `translations`).
final class RouterOrderTests: XCTestCase {
    func testTheApplicationsRoutesAnswerTheSameInReverseOrder() throws {
        let app = try TestApp(loadSeed: false)
        defer { app.stop() }
        let routes = app.guidebook.application.routes.map { (method: $0.method, template: $0.template) }
        XCTAssertGreaterThan(routes.count, 50)
        var forwards = Router<String>(), backwards = Router<String>()
        for route in routes { forwards.add(route.method, route.template, route.template) }
        for route in routes.reversed() { backwards.add(route.method, route.template, route.template) }

        let literals = Set(routes.flatMap { $0.template.split(separator: "/").filter { !$0.hasPrefix("{") }.map(String.init) })
        var paths = Set<String>()
        for route in routes {
            for filler in ["x-1"] + literals.sorted() {
                let parts = route.template.split(separator: "/", omittingEmptySubsequences: false).map { $0.hasPrefix("{") ? filler : String($0) }
                paths.insert(parts.joined(separator: "/"))
            }
        }
        XCTAssertGreaterThan(paths.count, 500)
        let methods = Set(routes.map(\.method)).union(["HEAD", "OPTIONS"])
        for path in paths.sorted() {
            for method in methods.sorted() {
                XCTAssertEqual(Self.describe(forwards.match(method: method, path: path)), Self.describe(backwards.match(method: method, path: path)),
                               "\(method) \(path)")
            }
        }
    }

    func testALiteralSegmentWinsOverACaptureRegisteredBeforeIt() {
        var router = Router<String>()
        router.add("GET", "/v1/guidelines/{id}/translations/{locale}", "translation")
        router.add("GET", "/v1/guidelines/{id}", "guideline")
        router.add("PUT", "/v1/guidelines/{id}/translations/{locale}", "put translation")
        router.add("GET", "/v1/guidelines/{id}/translations/checks", "checks")
        router.add("GET", "/v1/{kind}/coverage", "any coverage")
        router.add("GET", "/v1/translations/coverage", "coverage")
        XCTAssertEqual(Self.describe(router.match(method: "GET", path: "/v1/guidelines/a.b/translations/checks")), "checks {id=a.b}")
        XCTAssertEqual(Self.describe(router.match(method: "GET", path: "/v1/guidelines/a.b/translations/ko")), "translation {id=a.b,locale=ko}")
        XCTAssertEqual(Self.describe(router.match(method: "GET", path: "/v1/translations/coverage")), "coverage {}")
        XCTAssertEqual(Self.describe(router.match(method: "GET", path: "/v1/topics/coverage")), "any coverage {kind=topics}")
        // The literal branch has no PUT: the capture's route takes it, as a linear scan would.
        XCTAssertEqual(Self.describe(router.match(method: "PUT", path: "/v1/guidelines/a/translations/checks")), "put translation {id=a,locale=checks}")
        XCTAssertEqual(Self.describe(router.match(method: "DELETE", path: "/v1/guidelines/a/translations/checks")), "405 GET,HEAD,PUT")
        XCTAssertEqual(Self.describe(router.match(method: "GET", path: "/v1/guidelines//translations/checks")), "404")
    }

    /// A match as text: the route's handler and its parameters, a 405 with the allowed methods, or 404.
    private static func describe(_ match: Router<String>.Match) -> String {
        switch match {
        case .found(let route, let parameters):
            return route.handler + " {" + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
        case .methodNotAllowed(let allowed): return "405 " + allowed.sorted().joined(separator: ",")
        case .notFound: return "404"
        }
    }
}
