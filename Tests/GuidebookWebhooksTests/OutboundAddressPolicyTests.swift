import GuidebookTestSupport
import HTTPClient
import GuidebookWebhooks
import XCTest

/// Which addresses a webhook may reach, when registered and when connecting.
final class OutboundAddressPolicyTests: XCTestCase {
    private let strict = OutboundAddressPolicy(allowsPrivate: false)

    func testRefusesEveryNonPublicRangeAndAllowsPublicOnes() throws {
        let refused = ["127.0.0.1", "127.8.9.10", "0.0.0.0", "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254",
                       "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.127.255.254", "224.0.0.251", "255.255.255.255",
                       "::", "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
                       "::ffff:169.254.169.254", "64:ff9b::a00:1"]
        for text in refused {
            let address = try XCTUnwrap(IPAddress(text), text)
            XCTAssertNotNil(strict.refusal(for: address), "\(text) must be refused")
            XCTAssertNil(OutboundAddressPolicy(allowsPrivate: true).refusal(for: address), "\(text) is allowed with the switch")
        }
        let allowed = ["93.184.216.34", "8.8.8.8", "172.32.0.1", "172.15.255.255", "100.128.0.1", "100.63.255.255", "192.169.0.1",
                       "2606:4700:4700::1111", "::ffff:93.184.216.34"]
        for text in allowed {
            XCTAssertNil(strict.refusal(for: try XCTUnwrap(IPAddress(text), text)), "\(text) is public")
        }
        XCTAssertEqual(strict.refusal(for: try XCTUnwrap(IPAddress("169.254.169.254"))), "169.254.169.254 is a link-local address")
        XCTAssertNil(IPAddress("example.com"), "a host name is not an address")
    }

    func testRegistrationRefusesPrivateTargetsWithoutTheSwitch() {
        for url in ["http://127.0.0.1/hook", "http://169.254.169.254/latest/meta-data", "http://10.1.2.3:8080/x", "http://[::1]:9000/hook",
                    "http://localhost/hook", "https://192.168.0.10/"] {
            let problem = WebhookTarget.problem(with: url, allowsPrivate: false)
            XCTAssertNotNil(problem, url)
            XCTAssertNil(WebhookTarget.problem(with: url, allowsPrivate: true), "\(url) is allowed with the switch")
        }
        XCTAssertTrue(WebhookTarget.problem(with: "http://169.254.169.254/", allowsPrivate: false)?.contains("link-local") == true)
        XCTAssertNil(WebhookTarget.problem(with: "https://93.184.216.34/hook", allowsPrivate: false), "a public address literal is fine")
    }

    func testRegistrationRefusesBadURLsWhateverTheSwitch() {
        for url in ["ftp://93.184.216.34/", "javascript:alert(1)", "file:///etc/passwd", "/relative/path", "http://", "not a url",
                    "http://user:pass@93.184.216.34/", "gopher://93.184.216.34/"] {
            XCTAssertNotNil(WebhookTarget.problem(with: url, allowsPrivate: true), url)
        }
    }

    func testTheClientRefusesPrivateAddressesWhenConnecting() throws {
        // Checked on the socket's actual address, after DNS: `localhost` is refused as its address
        // is, which is what stops a name that is rebound to a private address after registration.
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        for host in ["127.0.0.1", "localhost"] {
            let client = try HTTPClient(policy: OutboundAddressPolicy(allowsPrivate: false))
            XCTAssertThrowsError(try client.post(url: "http://\(host):\(receiver.port)/hook", headers: [], body: [1], timeoutSeconds: 2)) { error in
                guard case HTTPClientError.refusedAddress(let reason) = error else { return XCTFail("\(host): \(error)") }
                XCTAssertTrue(reason.contains("loopback"), reason)
            }
        }
        XCTAssertEqual(receiver.arrived, 0, "nothing reached the receiver")
        let allowed = try HTTPClient(policy: OutboundAddressPolicy(allowsPrivate: true))
        XCTAssertEqual(try allowed.post(url: receiver.url, headers: [], body: Array("{}".utf8), timeoutSeconds: 2).status, 200)
        XCTAssertEqual(receiver.received.count, 1)
    }

    func testRedirectsAreNotFollowed() throws {
        let receiver = try WebhookReceiver(answers: [.status(307)])
        defer { receiver.stop() }
        let client = try HTTPClient(policy: OutboundAddressPolicy(allowsPrivate: true))
        XCTAssertEqual(try client.post(url: receiver.url, headers: [], body: [], timeoutSeconds: 2).status, 307)
        XCTAssertEqual(receiver.received.count, 1)
    }
}
