import Foundation
import HTTPServer
import XCTest

/// `InProcessServer`: the server's handling of bodies and request targets, without a socket.
final class InProcessServerTests: XCTestCase {
    private var directory: String!
    private var handler: TinyHandler!
    private var server: InProcessServer!

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("in-process-tests-\(UUID().uuidString)").path
        handler = TinyHandler(spoolDirectory: directory + "/spool")
        server = InProcessServer(handler: handler)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testTargetsAreDecodedWithEveryByteKept() throws {
        let target = try RequestTarget.parse(Array("/a%20b/c+d?q=%EC%8B%9C%ED%8A%B8+x&flag&bad=%ZZ&&=v&p=%2B".utf8)).get()
        XCTAssertEqual(target.path, "/a b/c+d", "+ is a space only in the query")
        XCTAssertEqual(target.query.map(\.name), ["q", "flag", "bad", "", "p"], "an empty && piece is skipped")
        XCTAssertEqual(target.query.map(\.value), ["시트 x", "", "%ZZ", "v", "+"], "an invalid escape is kept")
        XCTAssertEqual(try RequestTarget.parse(Array("/x?".utf8)).get().query.count, 0)
        XCTAssertEqual(try RequestTarget.parse(Array("/x".utf8)).get().path, "/x")
    }

    func testTheFormsOfATarget() throws {
        let absolute = try RequestTarget.parse(Array("HTTP://Example.test:8080/a%20b?q=1".utf8)).get()
        XCTAssertEqual(absolute.path, "/a b")
        XCTAssertEqual(absolute.query.map(\.value), ["1"])
        XCTAssertEqual(absolute.authority, "Example.test:8080")
        XCTAssertEqual(try RequestTarget.parse(Array("https://example.test?q=1".utf8)).get().path, "/", "an empty path is /")
        XCTAssertEqual(try RequestTarget.parse(Array("https://example.test".utf8)).get().path, "/")
        XCTAssertNil(try RequestTarget.parse(Array("/x".utf8)).get().authority)
        XCTAssertEqual(try RequestTarget.parse(Array("*".utf8)).get().path, "*", "asterisk-form is left to the handler")
        let refused: [(String, RequestTarget.Fault)] = [
            ("v1/topics", .unknownForm), ("?q=1", .unknownForm), ("", .unknownForm), ("ftp://example.test/x", .unknownForm),
            ("http:/x", .unknownForm), ("*x", .unknownForm), ("http:///x", .badAuthority), ("http://user@example.test/x", .badAuthority),
            ("http://example.test#f/x", .badAuthority),
        ]
        for (target, fault) in refused {
            switch RequestTarget.parse(Array(target.utf8)) {
            case .success(let decoded): XCTFail("\(target.debugDescription) was decoded to \(decoded.path.debugDescription)")
            case .failure(let found): XCTAssertEqual(found, fault, target.debugDescription)
            }
        }
        let answered = server.respond(method: "GET", target: "http://example.test/echo?n=1", headers: [("Host", "other.test")])
        XCTAssertEqual(answered.header("X-Query"), "n=1")
        XCTAssertEqual(answered.header("X-Host"), "example.test", "the target's authority stands for Host")
        XCTAssertEqual(server.respond(method: "GET", target: "echo").header("X-Rejected"), "malformed")
    }

    func testATargetWithAControlCharacterIsRefusedNotCut() {
        let cases: [(String, RequestTarget.Fault)] = [
            ("/v1/topics/t%00/sections/s", .controlInPath), ("/t.md%00.html", .controlInPath), ("/t%1F", .controlInPath), ("/t%7f", .controlInPath),
            ("/s?q=sheet%00zzz", .controlInQuery(name: "q")), ("/s?lang=ko%0A", .controlInQuery(name: "lang")),
            ("/s?a%00b=1", .controlInQuery(name: "a%00b")), ("/a\u{0}b", .rawByte(0)), ("/a b", .rawByte(0x20)), ("/a\tb", .rawByte(0x09)),
        ]
        for (target, fault) in cases {
            switch RequestTarget.parse(Array(target.utf8)) {
            case .success(let decoded): XCTFail("\(target.debugDescription) was decoded to \(decoded.path.debugDescription)")
            case .failure(let found): XCTAssertEqual(found, fault, target.debugDescription)
            }
        }
        XCTAssertEqual(RequestTarget.refusedPath(Array("/t%00x%20y?q=1".utf8)), "/t\u{0}x y")
        let refused = server.respond(method: "GET", target: "/echo%00/x?q=1")
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.header("X-Rejected"), "malformed")
        XCTAssertEqual(server.respond(method: "GET", target: "/echo?q=a%00").header("X-Rejected"), "parameter=q")
        XCTAssertEqual(server.respond(method: "GET", target: "/echo", headers: [("If-Match", "\"x\"\u{0}junk")]).header("X-Rejected"), "malformed",
                       "a header value holding a NUL")
        XCTAssertEqual(server.respond(method: "GET", target: "/echo", headers: [("X-Tab", "a\tb")]).status, 200, "a tab is allowed in a header value")
        XCTAssertEqual(handler.receivedBodies.count, 1, "the handler answered only the request without a fault")
    }

    func testBodiesGoWhereThePolicySays() {
        let small = server.respond(method: "POST", target: "/echo", body: Array("hello".utf8))
        XCTAssertEqual(small.header("X-Body-Kind"), "bytes")
        XCTAssertEqual(small.bodyBytes, Array("hello".utf8))

        let upload = [UInt8](repeating: 0x41, count: 200_000)
        let spooled = server.respond(method: "POST", target: "/spool", body: upload)
        XCTAssertEqual(spooled.header("X-Body-Kind"), "file")
        XCTAssertEqual(spooled.bodyBytes, upload)

        let refused = server.respond(method: "POST", target: "/echo", headers: [("X-Refuse", "yes")], body: upload)
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(handler.askedHeads.last?.header("x-refuse"), "yes", "the policy sees the headers")
        XCTAssertEqual(handler.receivedBodies.last?.kind, "empty", "a refused body never reaches the handler")

        let tooLarge = server.respond(method: "POST", target: "/echo", body: [UInt8](repeating: 0, count: 64 * 1024 + 1))
        XCTAssertEqual(tooLarge.status, 413)
        XCTAssertEqual(tooLarge.header("X-Rejected"), "limit=65536")

        let none = server.respond(method: "GET", target: "/echo?x=1")
        XCTAssertEqual(none.header("X-Body-Kind"), "empty")
        XCTAssertEqual(none.header("X-Query"), "x=1")
        XCTAssertEqual(handler.askedHeads.count, 4, "a request without a body is not asked for a policy")
    }
}
