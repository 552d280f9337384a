import Foundation
@testable import GuidebookAPI
import GuidebookTestSupport
import XCTest

/// Link previews in-process: the oEmbed endpoint (type `rich`, the embed's iframe, width and
/// height within `maxwidth`/`maxheight`, the title in the requested language, 404 for other URLs)
/// and the Open Graph, Twitter and discovery tags on the topic and guideline pages and the embeds,
/// read back with Python's html.parser (nothing of ours), every text escaped.
final class LinkPreviewTests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    private func json(_ path: String, _ headers: [(String, String)] = []) throws -> [String: Any] {
        let response = try app.get(path, headers: headers)
        XCTAssertEqual(response.status, 200, "\(path): \(response.text)")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    func testOEmbedAnswersARichEmbedInTheRequestedLanguage() throws {
        let url = "https://wiki.example.com/topics/progress-indicators"
        let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let english = try json("/oembed?url=\(encoded)&format=json")
        XCTAssertEqual(english["type"] as? String, "rich")
        XCTAssertEqual(english["version"] as? String, "1.0")
        XCTAssertEqual(english["title"] as? String, "Progress Indicators")
        XCTAssertEqual(english["width"] as? Int, 720)
        XCTAssertEqual(english["height"] as? Int, 600)
        let html = try XCTUnwrap(english["html"] as? String)
        XCTAssertTrue(html.hasPrefix("<iframe src=\"https://wiki.example.com/embed/topics/progress-indicators?lang=en\" width=\"720\" height=\"600\""), html)
        let korean = try json("/oembed?url=\(encoded)&lang=ko&maxwidth=400&maxheight=300")
        XCTAssertEqual(korean["title"] as? String, "진행 표시기")
        XCTAssertEqual(korean["width"] as? Int, 400)
        XCTAssertEqual(korean["height"] as? Int, 300)
        XCTAssertEqual(try json("/oembed?url=\(encoded)", [("Accept-Language", "ko-KR")])["title"] as? String, "진행 표시기")
        let guideline = try json("/oembed?url=" + "http://localhost:8080/embed/guidelines/progress-indicators.prefer-progress-bars"
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        XCTAssertTrue((guideline["html"] as? String)?.contains("/embed/guidelines/progress-indicators.prefer-progress-bars?lang=en") ?? false)

        try assertProblem(try app.get("/oembed?url=https%3A%2F%2Fwiki.example.com%2Fsearch"), status: 404)
        try assertProblem(try app.get("/oembed?url=https%3A%2F%2Fwiki.example.com%2Ftopics%2Fno-such-topic"), status: 404)
        try assertProblem(try app.get("/oembed?url=javascript%3Aalert(1)"), status: 404)
        try assertProblem(try app.get("/oembed?url=\(encoded)&format=xml"), status: 400, parameter: "format")
        try assertProblem(try app.get("/oembed?url=\(encoded)&maxwidth=0"), status: 400, parameter: "maxwidth")
        try assertProblem(try app.get("/oembed"), status: 400, parameter: "url")
    }

    /// The tags of `html`'s head, as Python's HTML parser reads them: property/name to contents, and the oEmbed link.
    private func headTags(_ html: String) throws -> [String: [String]] {
        let script = """
            import json, sys
            from html.parser import HTMLParser
            tags = {}
            class P(HTMLParser):
                def handle_starttag(self, tag, attrs):
                    a = dict(attrs)
                    if tag == "meta" and ("property" in a or "name" in a):
                        tags.setdefault(a.get("property") or a.get("name"), []).append(a.get("content"))
                    if tag == "link" and a.get("type") == "application/json+oembed":
                        tags.setdefault("oembed", []).append(a.get("href"))
            P().feed(sys.stdin.read())
            print(json.dumps(tags))
            """
        let output = try SystemTool.check("python3", ["-c", script], input: Array(html.utf8)).output
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output)) as? [String: [String]])
    }

    /// The embeds are cached answers whose links are built from `Host` (no public URL set): the
    /// first client's `Host` must not become the links every later client gets.
    func testOneClientsHostNeverBecomesAnothersLinksThroughTheCache() throws {
        for round in 0..<2 {
            let planted = try headTags(try app.get("/embed/topics/sheets?theme=dark", headers: [("Host", "attacker.example")]).text)
            XCTAssertEqual(planted["og:url"], ["http://attacker.example/topics/sheets"], "round \(round)")
            let other = try headTags(try app.get("/embed/topics/sheets?theme=dark", headers: [("Host", "guidebook.example.com")]).text)
            XCTAssertEqual(other["og:url"], ["http://guidebook.example.com/topics/sheets"], "round \(round)")
            XCTAssertTrue(other["oembed"]?.first?.hasPrefix("http://guidebook.example.com/oembed?") ?? false, "\(other)")
        }
    }

    func testPagesAndEmbedsCarryOpenGraphTwitterAndDiscoveryTags() throws {
        let page = try app.get("/topics/progress-indicators?lang=ko", headers: [("Accept", "text/html"), ("Host", "guidebook.example.com")])
        XCTAssertEqual(page.status, 200)
        let tags = try headTags(page.text)
        XCTAssertEqual(tags["og:title"], ["진행 표시기"])
        XCTAssertEqual(tags["og:locale"], ["ko_KR"])
        XCTAssertEqual(tags["og:locale:alternate"], ["en_US"])
        XCTAssertEqual(tags["twitter:card"], ["summary"])
        XCTAssertEqual(tags["og:url"], ["http://guidebook.example.com/topics/progress-indicators"])
        XCTAssertFalse(tags["og:description"]?.first?.isEmpty ?? true)
        let discovery = try XCTUnwrap(tags["oembed"]?.first)
        XCTAssertEqual(discovery, "http://guidebook.example.com/oembed?url=http%3A%2F%2Fguidebook.example.com%2Ftopics%2Fprogress-indicators&format=json&lang=ko")
        // The discovery link answers.
        XCTAssertEqual(try json(String(discovery.dropFirst("http://guidebook.example.com".count)))["title"] as? String, "진행 표시기")

        let guideline = try headTags(try app.get("/guidelines/progress-indicators.prefer-progress-bars", headers: [("Accept", "text/html")]).text)
        XCTAssertEqual(guideline["og:title"], ["Progress Indicators"])
        XCTAssertTrue(guideline["og:description"]?.first?.hasPrefix("If you can measure") ?? false, "\(guideline)")
        XCTAssertEqual(guideline["og:locale"], ["en_US"])

        let embed = try headTags(try app.get("/embed/topics/progress-indicators?lang=ko").text)
        XCTAssertEqual(embed["og:title"], ["진행 표시기"])
        XCTAssertNotNil(embed["oembed"])
        XCTAssertEqual(try app.get("/topics/no-such-topic", headers: [("Accept", "text/html")]).status, 404)
    }

    func testEveryPreviewTextIsEscaped() throws {
        try Hostile.write(into: app.store)
        let page = try app.get("/topics/hostile-topic", headers: [("Accept", "text/html")])
        XCTAssertEqual(page.status, 200)
        let head = String(page.text[..<page.text.range(of: "</head>")!.lowerBound])
        let previewLines = head.split(separator: "\n").filter { $0.hasPrefix("<meta property=") || $0.hasPrefix("<meta name=\"twitter") }
        XCTAssertFalse(previewLines.isEmpty)
        XCTAssertFalse(previewLines.contains { $0.contains("<script") || $0.contains("<img") }, "a text cannot open a tag: \(previewLines)")
        XCTAssertEqual(try headTags(page.text)["og:title"], [Hostile.title], "the parser reads the title back exactly")
        let embed = try app.get("/embed/topics/hostile-topic")
        XCTAssertEqual(try headTags(embed.text)["twitter:title"], [Hostile.title])
    }

    func testAuthReadsServesNoPreview() throws {
        let locked = try TestApp(authentication: AuthenticationConfiguration(readsNeedToken: true, adminTokenDigest: TokenSecret.digest(TestGuidebook.adminToken)))
        defer { locked.stop() }
        let page = try locked.get("/topics/progress-indicators", headers: [("Accept", "text/html")])
        XCTAssertFalse(page.text.contains("og:title"), "a page load carries no token: it must not show the knowledge base")
    }
}
