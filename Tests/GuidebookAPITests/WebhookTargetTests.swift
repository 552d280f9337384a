import Foundation
import GuidebookTestSupport
import XCTest

/// Webhook registration on a live server refuses what no delivery could reach or what reaches
/// inward: a port outside 1–65535, and an IPv4-translated IPv6 address (SIIT, `::ffff:0:a.b.c.d`)
/// that carries a loopback or private IPv4 address. Each is a 422 problem naming `url`, and
/// nothing is registered.
final class WebhookTargetTests: XCTestCase {
    func testAPortOutsideTCPsRangeOrATranslatedLoopbackIsRefused() throws {
        let server = try makeTestServer()
        let cases: [(url: String, saying: String)] = [
            ("http://8.8.8.8:99999/x", "99999"), ("http://8.8.8.8:0/x", "port"), ("https://93.184.216.34:65536/hook", "65536"),
            ("http://[::ffff:0:7f00:1]/", "loopback"), ("http://[::ffff:0:a00:1]:8080/hook", "private"),
            ("http://[::ffff:0:169.254.169.254]/latest/meta-data", "link-local"),
        ]
        for (url, saying) in cases {
            let response = try server.send("POST", "/v1/webhooks", #"{"url": "\#(url)", "events": ["content.changed"]}"#)
            let problem = try assertProblem(response, status: 422)
            let params = problem["invalid_params"] as? [[String: String]] ?? []
            XCTAssertEqual(params.compactMap { $0["name"] }, ["url"], url)
            XCTAssertTrue(params.first?["reason"]?.contains(saying) == true, "\(url): \(params)")
        }
        XCTAssertEqual((try server.get("/v1/webhooks", headers: [TestGuidebook.adminHeader]).jsonObject()["items"] as? [Any])?.count, 0,
                       "nothing was registered")
        let fine = try server.send("POST", "/v1/webhooks", #"{"url": "https://93.184.216.34:8443/hook", "events": ["content.changed"]}"#)
        XCTAssertEqual(fine.status, 201, fine.text)
    }
}
