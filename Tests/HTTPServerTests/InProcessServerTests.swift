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

    func testTargetsAreDecodedAsLibmicrohttpdDecodesThem() {
        let (path, query) = InProcessServer.decode(target: "/a%20b/c+d?q=%EC%8B%9C%ED%8A%B8+x&flag&bad=%ZZ&cut=a%00b&=v")
        XCTAssertEqual(path, "/a b/c+d", "+ is a space only in the query")
        XCTAssertEqual(query.map(\.name), ["q", "flag", "bad", "cut", ""])
        XCTAssertEqual(query.map(\.value), ["시트 x", "", "%ZZ", "a", "v"], "an invalid escape is kept; %00 ends the value")
        XCTAssertEqual(InProcessServer.decode(target: "/x?").query.count, 0)
        XCTAssertEqual(InProcessServer.decode(target: "/x").path, "/x")
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
