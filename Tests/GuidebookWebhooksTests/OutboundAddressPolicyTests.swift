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

    /// Every range the policy refuses, one row each (the kind it names, the address at each end
    /// where the range is an IPv4 one), and the public neighbours just outside the new ranges.
    func testEveryRefusedRangeInOneTable() throws {
        let table: [(address: String, kind: String)] = [
            ("198.18.0.0", "benchmarking"), ("198.19.255.255", "benchmarking"),
            ("192.0.0.0", "IETF protocol assignment"), ("192.0.0.255", "IETF protocol assignment"),
            ("192.0.2.0", "documentation"), ("192.0.2.255", "documentation"),
            ("198.51.100.0", "documentation"), ("198.51.100.255", "documentation"),
            ("203.0.113.0", "documentation"), ("203.0.113.255", "documentation"),
            ("2001:db8::", "documentation"), ("2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"),
            // 6to4 carrying loopback (the audit's case), private, link-local and benchmarking addresses.
            ("2002:7f00:1::", "loopback (IPv4 in 6to4)"), ("2002:7f00:1::1", "loopback (IPv4 in 6to4)"),
            ("2002:a00:1::", "private (IPv4 in 6to4)"), ("2002:c0a8:101::", "private (IPv4 in 6to4)"),
            ("2002:a9fe:a9fe::", "link-local (IPv4 in 6to4)"), ("2002:c612:1::", "benchmarking (IPv4 in 6to4)"),
            // Teredo: a private or loopback server, or a client (inverted bits) that is one.
            ("2001:0:7f00:1::", "loopback (IPv4 Teredo server)"), ("2001:0:a00:1::", "private (IPv4 Teredo server)"),
            ("2001:0:5db8:d822::80ff:fffe", "loopback (IPv4 Teredo client)"),
            ("2001:0:5db8:d822::f5ff:fffe", "private (IPv4 Teredo client)"),
            ("2001:0:5db8:d822::3f57:fefe", "private (IPv4 Teredo client)"),
            // IPv4-translated (SIIT, ::ffff:0:a.b.c.d), the fuzzer's ::ffff:0:7f00:1 first.
            ("::ffff:0:7f00:1", "loopback (IPv4-translated)"), ("::ffff:0:10.1.2.3", "private (IPv4-translated)"),
            ("::ffff:0:169.254.169.254", "link-local (IPv4-translated)"),
            // IPv6 ranges IANA marks as not globally reachable, each end.
            ("64:ff9b:1::", "local-use translation (NAT64)"), ("64:ff9b:1:ffff:ffff:ffff:ffff:ffff", "local-use translation (NAT64)"),
            ("64:ff9b:1:a00:1::", "local-use translation (NAT64)"),
            ("100::", "discard-only"), ("100::1:ffff:ffff:ffff:ffff", "discard-only"),
            ("2001:2::", "benchmarking"), ("2001:2:0:ffff:ffff:ffff:ffff:ffff", "benchmarking"),
            ("3fff::", "documentation"), ("3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"),
            ("5f00::", "SRv6 segment identifier"), ("5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "SRv6 segment identifier"),
        ]
        for row in table {
            let address = try XCTUnwrap(IPAddress(row.address), row.address)
            XCTAssertEqual(OutboundAddressPolicy.nonPublicKind(of: address), row.kind, row.address)
            XCTAssertNotNil(WebhookTarget.problem(with: "http://\(row.address.contains(":") ? "[\(row.address)]" : row.address)/hook", allowsPrivate: false),
                            "registration refuses \(row.address)")
            XCTAssertNil(OutboundAddressPolicy(allowsPrivate: true).refusal(for: address), "\(row.address) is allowed with the switch")
        }
        // Just outside each IPv4 range, a public 6to4 site and a Teredo address of two public hosts.
        for text in ["198.17.255.255", "198.20.0.0", "192.0.1.0", "192.0.3.0", "198.51.99.255", "198.51.101.0", "203.0.112.255",
                     "203.0.114.0", "2001:db9::1", "2002:5db8:d822::1", "2001:0:5db8:d822::a247:27dd", "::ffff:0:8.8.8.8",
                     "64:ff9b:2::1", "64:ff9b::808:808", "100:0:0:2::1", "2001:3::1", "3fff:1000::1", "5f01::1"] {
            XCTAssertNil(OutboundAddressPolicy.nonPublicKind(of: try XCTUnwrap(IPAddress(text), text)), "\(text) is public")
        }
    }

    /// A refusal names the address as people write it: IPv6 in its shortest form, whatever was parsed.
    func testAnAddressIsNamedInItsCanonicalForm() throws {
        for (written, named) in [("127.0.0.1", "127.0.0.1"), ("::1", "::1"), ("0:0:0:0:0:0:0:1", "::1"), ("FE80::0001", "fe80::1"),
                                 ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"), ("::ffff:10.0.0.1", "::ffff:10.0.0.1"),
                                 ("2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff")] {
            XCTAssertEqual(try XCTUnwrap(IPAddress(written), written).description, named, written)
        }
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
        // A port TCP cannot have: every delivery would fail. The reason names the port.
        for (url, port) in [("http://8.8.8.8:99999/x", "99999"), ("http://8.8.8.8:0/x", "0"), ("https://[2606:4700:4700::1111]:65536/", "65536")] {
            let problem = WebhookTarget.problem(with: url, allowsPrivate: true)
            XCTAssertTrue(problem?.contains("port") == true && problem?.contains(port) == true, "\(url): \(problem ?? "accepted")")
        }
        for url in ["http://8.8.8.8:1/x", "https://8.8.8.8:65535/x", "https://8.8.8.8/x"] {
            XCTAssertNil(WebhookTarget.problem(with: url, allowsPrivate: false), url)
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
