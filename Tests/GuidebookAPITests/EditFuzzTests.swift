import Foundation
import GuidebookTestSupport
import XCTest

/// Bad bodies on the editing routes of a live server (real sockets, real HTTP): wrong types,
/// huge strings, 10,000-deep nesting, invalid UTF-8, duplicate members, merge patches that null
/// required fields, and random byte mutations of valid bodies. Every answer must be a 4xx
/// problem+json, the server must keep serving, and nothing may change (the change log stays as
/// it was, the guideline reads the same).
final class EditFuzzTests: XCTestCase {
    /// A small deterministic generator, so a failure can be replayed.
    private struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    func testBadBodiesAreRefusedWith4xxAndChangeNothing() throws {
        let server = try makeTestServer()
        let target = "/v1/guidelines/progress-indicators.prefer-progress-bars"
        let before = try server.get(target).text
        let changesBefore = try server.get("/v1/changes?since=0&limit=100").jsonObject()["next"] as? String
        let valid = #"{"topic": "progress-indicators", "section": "progress-bars", "text": "A valid text.", "position": 1}"#
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let deepObject = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        var bodies: [(method: String, target: String, body: [UInt8], contentType: String)] = []
        func add(_ method: String, _ path: String, _ text: String) { bodies.append((method, path, Array(text.utf8), method == "PATCH" ? "application/merge-patch+json" : "application/json")) }
        for (method, path) in [("POST", "/v1/guidelines"), ("PUT", target), ("PATCH", target), ("POST", "/v1/topics"), ("PATCH", "/v1/topics/sheets"),
                               ("PUT", "/v1/topics/sheets/sections/overview/order"), ("POST", "/v1/topics/sheets/sections")] {
            add(method, path, #"{"text": 1, "topic": [], "section": {}, "position": "first", "title": true, "category": 2.5, "id": null, "guidelines": "x"}"#)
            add(method, path, #"{"text": "\#(String(repeating: "가", count: 20_001))"}"#)
            add(method, path, deep)
            add(method, path, "{\"text\": " + deep + "}")
            add(method, path, deepObject)
            add(method, path, #"{"text": "a", "text": "b"}"#)
            add(method, path, #"{"text": null, "topic": null, "section": null, "title": null, "category": null, "guidelines": null}"#)
            add(method, path, #"{"text": "\ud800"}"#)
            add(method, path, #"{"position": 1e400, "text": "x"}"#)
            add(method, path, "")
            add(method, path, "null")
            add(method, path, "{\"text\": \"unterminated")
            bodies.append((method, path, Array(#"{"text": ""#.utf8) + [0xC3, 0x28, 0xFF, 0xFE] + Array(#""}"#.utf8), method == "PATCH" ? "application/merge-patch+json" : "application/json"))
            bodies.append((method, path, Array(valid.utf8), "text/plain"))
        }
        // Random mutations of a valid body, sent with an If-Match no version has: even one that
        // happens to stay valid cannot change anything.
        var random = SplitMix(state: 11)
        var mutated: [[UInt8]] = []
        for _ in 0..<200 {
            var bytes = Array(valid.utf8)
            for _ in 0..<(1 + random.below(4)) {
                let index = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[index] = UInt8(random.below(256))
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8(random.below(256)), at: index)
                }
            }
            mutated.append(bytes)
        }

        let client = try server.client(timeoutSeconds: 10)
        defer { client.close() }
        var statuses: [Int: Int] = [:]
        func check(_ response: HTTPTestResponse, _ what: String) {
            statuses[response.status, default: 0] += 1
            XCTAssertTrue((400..<500).contains(response.status), "\(what.prefix(120)): \(response.status) \(response.text.prefix(200))")
            XCTAssertTrue(response.header("Content-Type")?.hasPrefix("application/problem+json") ?? false, "\(what): \(response.header("Content-Type") ?? "none")")
        }
        for (method, path, body, contentType) in bodies {
            let response = try client.request(method, path, headers: [TestGuidebook.adminHeader, ("Content-Type", contentType)], body: body)
            check(response, "\(method) \(path) \(String(decoding: body.prefix(60), as: UTF8.self))")
        }
        for (index, body) in mutated.enumerated() {
            let method = index % 2 == 0 ? "PUT" : "PATCH"
            let response = try client.request(method, target, headers: [TestGuidebook.adminHeader, ("If-Match", "\"0000000000000000\""),
                                                                          ("Content-Type", method == "PATCH" ? "application/merge-patch+json" : "application/json")], body: body)
            check(response, "mutation \(index): \(String(decoding: body, as: UTF8.self))")
        }
        XCTAssertGreaterThan(statuses[400] ?? 0, 0)
        XCTAssertGreaterThan(statuses[422] ?? 0, 0)
        XCTAssertGreaterThan(statuses[415] ?? 0, 0)
        XCTAssertTrue(try server.get(target).text == before, "no bad body changed the guideline")
        XCTAssertEqual(try server.get("/v1/changes?since=0&limit=100").jsonObject()["next"] as? String, changesBefore, "no bad body reached the change log")
        XCTAssertEqual(try server.get("/livez").status, 200)
    }
}
