import Foundation
import GuidebookTestSupport
import GuidebookWeb
import XCTest

/// The web page's routes, in-process: the shell and its security headers, `GET /` negotiated
/// between the page and the JSON index, fingerprinted assets with long-lived caching and 304s,
/// and the page's own addresses (404 for a topic or guideline that does not exist).
/// The page's behaviour in a browser is tested by `make browser-test` (Tests/Browser).
final class WebPageTests: XCTestCase {
    private var server: TestApp!

    /// What Chromium sends for a page.
    private static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8"

    override func setUpWithError() throws {
        server = try makeTestApp()
    }

    private func get(_ target: String, accept: String? = browserAccept, headers: [(String, String)] = []) throws -> HTTPTestResponse {
        try server.get(target, headers: (accept.map { [("Accept", $0)] } ?? []) + headers)
    }

    private func assertSecurityHeaders(_ response: HTTPTestResponse, file: StaticString = #filePath, line: UInt = #line) throws {
        let policy = try XCTUnwrap(response.header("Content-Security-Policy"), "no CSP", file: file, line: line)
        let directives = Dictionary(policy.split(separator: ";").map { directive -> (String, String) in
            let words = directive.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
            return (String(words[0]), words.count > 1 ? String(words[1]) : "")
        }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(directives["default-src"], "'none'", file: file, line: line)
        XCTAssertEqual(directives["script-src"], "'self'", "scripts from this origin only, no inline script", file: file, line: line)
        XCTAssertEqual(directives["connect-src"], "'self'", "requests to this origin only", file: file, line: line)
        XCTAssertFalse(policy.contains("unsafe-inline") || policy.contains("unsafe-eval") || policy.contains("http"), policy, file: file, line: line)
        XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", file: file, line: line)
        XCTAssertEqual(response.header("Referrer-Policy"), "no-referrer", file: file, line: line)
    }

    // MARK: The shell

    func testBrowsersGetThePageAtRootAndAPIClientsTheJSONIndex() throws {
        let page = try get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(page.body, WebAssets.shell)
        XCTAssertEqual(page.header("Vary"), "Accept, Accept-Encoding")
        XCTAssertEqual(page.header("Cache-Control"), "no-cache", "the shell names the current assets, so it is revalidated")
        try assertSecurityHeaders(page)

        for accept in [nil, "*/*", "application/json", "application/json, text/html;q=0.5"] {
            let index = try get("/", accept: accept)
            XCTAssertEqual(index.status, 200, "Accept: \(accept ?? "none")")
            XCTAssertTrue(index.header("Content-Type")?.hasPrefix("application/json") ?? false, "Accept: \(accept ?? "none") gave \(index.header("Content-Type") ?? "nil")")
            XCTAssertEqual(try index.jsonObject()["name"] as? String, "Guidebook")
            XCTAssertEqual(index.header("Vary"), "Accept")
        }
        XCTAssertEqual(try get("/", accept: "text/html").header("Content-Type"), "text/html; charset=utf-8")
    }

    func testShellLoadsOnlyFingerprintedFilesFromThisOriginAndNoInlineScript() throws {
        let html = try get("/").text
        let scripts = html.components(separatedBy: "<script").dropFirst()
        XCTAssertFalse(scripts.isEmpty)
        for script in scripts {
            let tag = String(script.prefix { $0 != ">" })
            XCTAssertTrue(tag.contains("src=\"/assets/"), "a script without a same-origin src: <script\(tag)>")
            let afterTag = script.drop { $0 != ">" }.dropFirst()
            XCTAssertTrue(afterTag.hasPrefix("</script>"), "an inline script body after <script\(tag)>")
        }
        let references = try NSRegularExpression(pattern: #"(?:src|href)="([^"]*)""#)
            .matches(in: html, range: NSRange(html.startIndex..., in: html))
            .map { String(html[Range($0.range(at: 1), in: html)!]) }
        XCTAssertFalse(references.isEmpty)
        for reference in references {
            let local = reference.hasPrefix("#") || (reference.hasPrefix("/") && !reference.hasPrefix("//"))
            XCTAssertTrue(local, "\(reference) is not on this origin")
        }
        for asset in WebAssets.assets {
            XCTAssertTrue(html.contains("\"\(asset.path)\""), "the shell does not load \(asset.path)")
            XCTAssertFalse(html.contains("\"/assets/\(asset.name)\""), "the shell still names \(asset.name) without its fingerprint")
        }
    }

    func testPageAddressesAnswerTheShellAndUnknownOnes404() throws {
        for target in ["/topics/progress-indicators", "/guidelines/progress-indicators.prefer-progress-bars", "/imports",
                       "/imports?job=job_0000000000000000", "/?q=%EC%A7%84%ED%96%89%EB%A5%A0&lang=ko"] {
            let response = try get(target)
            XCTAssertEqual(response.status, 200, target)
            // A topic's and a guideline's page carry their link preview's tags (LinkPreviewTests); the rest is the shell.
            let withoutPreview = response.text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("<meta property=") && !$0.hasPrefix("<meta name=\"description\"") && !$0.hasPrefix("<meta name=\"twitter:")
                    && !$0.hasPrefix("<link rel=\"alternate\" type=\"application/json+oembed\"") }
                .joined(separator: "\n")
            XCTAssertEqual(withoutPreview, String(decoding: WebAssets.shell, as: UTF8.self), target)
            try assertSecurityHeaders(response)
        }
        for target in ["/topics/no-such-topic", "/guidelines/no-such.guideline"] {
            let response = try get(target)
            XCTAssertEqual(response.status, 404, target)
            XCTAssertEqual(response.header("Content-Type"), "text/html; charset=utf-8", "the page itself says what is missing")
            XCTAssertEqual(response.body, WebAssets.shell, target)
        }
        XCTAssertEqual(try get("/topics").status, 404)
        XCTAssertEqual(try get("/imports/x").status, 404)
        XCTAssertEqual(try server.request("POST", "/imports").status, 405)
    }

    func testShellRevalidatesWithItsETag() throws {
        let first = try get("/imports")
        let etag = try XCTUnwrap(first.header("ETag"))
        let again = try get("/imports?job=job_0000000000000000", headers: [("If-None-Match", etag)])
        XCTAssertEqual(again.status, 304, "every page address without a preview answers the same shell")
        XCTAssertTrue(again.body.isEmpty)
        let topic = try get("/topics/sheets")
        let topicETag = try XCTUnwrap(topic.header("ETag"))
        XCTAssertNotEqual(topicETag, etag, "a topic's page carries its preview")
        XCTAssertEqual(try get("/topics/sheets", headers: [("If-None-Match", topicETag)]).status, 304)
    }

    // MARK: Assets

    func testScriptsAreBundledInTheirOrder() throws {
        let bundle = try XCTUnwrap(WebAssets.assets.first { $0.name == "guidebook.js" })
        let text = String(decoding: bundle.bytes, as: UTF8.self)
        var position = text.startIndex
        for (name, bytes) in WebAssets.scripts {
            let part = "/* \(name) */\n" + String(decoding: bytes, as: UTF8.self)
            let found = try XCTUnwrap(text.range(of: part, range: position..<text.endIndex), "\(name) is missing or out of order")
            position = found.upperBound
        }
        XCTAssertEqual(text[position...].trimmingCharacters(in: .whitespacesAndNewlines), "")
    }

    func testAssetsAreServedWithTheirTypeAndCachedForAYear() throws {
        let expectedTypes = ["css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml"]
        for asset in WebAssets.assets {
            let response = try get(asset.path, accept: "*/*")
            XCTAssertEqual(response.status, 200, asset.path)
            XCTAssertEqual(response.body, asset.bytes, asset.path)
            let suffix = String(asset.name.split(separator: ".").last ?? "")
            XCTAssertEqual(response.header("Content-Type"), expectedTypes[suffix], asset.path)
            XCTAssertEqual(response.header("Cache-Control"), "public, max-age=31536000, immutable", asset.path)
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", asset.path)
            let etag = try XCTUnwrap(response.header("ETag"), asset.path)
            XCTAssertEqual(try get(asset.path, headers: [("If-None-Match", etag)]).status, 304, asset.path)
        }
        XCTAssertEqual(try get(WebAssets.assets[0].path, accept: "text/css,*/*;q=0.1").status, 200)
    }

    func testAnAssetIsFoundOnlyUnderItsCurrentFingerprint() throws {
        let script = try XCTUnwrap(WebAssets.assets.first { $0.name == "guidebook.js" })
        XCTAssertEqual(script.fingerprint.count, 16)
        XCTAssertTrue(script.path.hasPrefix("/assets/guidebook.") && script.path.hasSuffix(".js"))
        for target in ["/assets/guidebook.js", "/assets/guidebook.0000000000000000.js", "/assets/app.js", "/assets/",
                       "/assets/..%2Fguidebook.js", "/assets/index.html"] {
            let response = try get(target, accept: "*/*")
            XCTAssertEqual(response.status, 404, target)
            XCTAssertTrue(response.header("Content-Type")?.hasPrefix("application/problem+json") ?? false, target)
        }
    }

    func testAssetsAreGzippedForClientsThatAcceptItAndStaySmall() throws {
        var compressedTotal = WebAssets.shellGzipped?.count ?? WebAssets.shell.count
        for asset in WebAssets.assets {
            let plain = try get(asset.path, accept: "*/*")
            let gzipped = try get(asset.path, accept: "*/*", headers: [("Accept-Encoding", "gzip, deflate, br, zstd")])
            XCTAssertNil(plain.header("Content-Encoding"), asset.path)
            XCTAssertEqual(gzipped.header("Vary"), "Accept-Encoding", asset.path)
            XCTAssertNotEqual(plain.header("ETag"), gzipped.header("ETag"), "each encoding needs its own strong ETag")
            guard let expected = asset.gzipped else { continue }
            XCTAssertEqual(gzipped.header("Content-Encoding"), "gzip", asset.path)
            XCTAssertEqual(gzipped.body, expected, asset.path)
            XCTAssertEqual(Array(gzipped.body.prefix(2)), [0x1f, 0x8b], "\(asset.path) is not a gzip member")
            XCTAssertEqual(try gunzip(gzipped.body), asset.bytes, "\(asset.path) does not decompress to the file")
            compressedTotal += gzipped.body.count
        }
        XCTAssertNil(try get(WebAssets.assets[0].path, accept: "*/*", headers: [("Accept-Encoding", "gzip;q=0")]).header("Content-Encoding"))
        let page = try get("/", headers: [("Accept-Encoding", "gzip")])
        XCTAssertEqual(page.header("Content-Encoding"), "gzip")
        XCTAssertEqual(try gunzip(page.body), WebAssets.shell)
        // The first load must transfer under 100 KB, the API's JSON (about 10 KB) included.
        XCTAssertLessThan(compressedTotal, 60_000, "the page's files add up to \(compressedTotal) bytes compressed")
    }

    /// Decompresses with the system's gzip, so the check does not trust the code under test.
    private func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let (status, output) = try FilterProcess.run("/bin/gzip", ["-dc"], input: bytes)
        XCTAssertEqual(status, 0, "gzip -dc failed")
        return output
    }

    // MARK: Accept

    func testAcceptIsCheckedPerRoute() throws {
        XCTAssertEqual(try get("/topics/sheets", accept: "text/html").status, 200)
        XCTAssertEqual(try get("/imports", accept: "application/xhtml+xml").status, 200)
        XCTAssertEqual(try get("/imports", accept: "image/png").status, 406)
        XCTAssertEqual(try get("/v1/topics", accept: "text/html").status, 406, "the API does not produce HTML")
        let css = try XCTUnwrap(WebAssets.assets.first { $0.name.hasSuffix(".css") })
        XCTAssertEqual(try get(css.path, accept: "text/css").status, 200)
    }
}
