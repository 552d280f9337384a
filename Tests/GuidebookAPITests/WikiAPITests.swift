import Foundation
@testable import GuidebookAPI
@testable import GuidebookCore
import GuidebookTestSupport
import GuidebookWiki
import SQLite
import XCTest

/// The wiki integration over the API, in-process: renderings chosen by suffix and `Accept`, with
/// ETags and 304; sections as resources; embed pages and their headers; CORS; the Markdown export
/// as tar.gz and zip, checked with the system's `tar` and `unzip` against the directory export.
final class WikiAPITests: XCTestCase {
    private var app: TestApp!

    override func setUpWithError() throws {
        app = try makeTestApp()
    }

    private func get(_ path: String, _ headers: [(String, String)] = []) throws -> HTTPTestResponse {
        try app.get(path, headers: headers)
    }

    // MARK: Renderings

    func testSuffixAndAcceptChooseTheRendering() throws {
        for base in ["/v1/topics/progress-indicators", "/v1/topics/progress-indicators/sections/activity-indicators",
                     "/v1/guidelines/progress-indicators.avoid-static-screens"] {
            let markdown = try get(base + ".md")
            XCTAssertEqual(markdown.status, 200, "\(base).md: \(markdown.text)")
            XCTAssertEqual(markdown.header("Content-Type"), "text/markdown; charset=utf-8; variant=CommonMark")
            XCTAssertEqual(try get(base, [("Accept", "text/markdown")]).body, markdown.body, base)
            XCTAssertEqual(try get(base, [("Accept", "application/json;q=0.5, text/markdown")]).body, markdown.body, base)

            let html = try get(base + ".html")
            XCTAssertEqual(html.header("Content-Type"), "text/html; charset=utf-8")
            XCTAssertTrue(html.text.hasPrefix("<article "), html.text)
            XCTAssertEqual(try get(base, [("Accept", "text/html")]).body, html.body, base)

            for accept in [nil, "*/*", "application/json", "text/markdown;q=0.5, application/json", "text/html;q=0.9, */*"] {
                let json = try get(base, accept.map { [("Accept", $0)] } ?? [])
                XCTAssertTrue(json.header("Content-Type")?.hasPrefix("application/json") ?? false, "\(base) with Accept \(accept ?? "none")")
                XCTAssertEqual(json.header("Vary"), "Accept, Accept-Language")
            }
            XCTAssertEqual(markdown.header("Vary"), "Accept, Accept-Language")
            try assertProblem(try get(base, [("Accept", "image/png")]), status: 406)
            // The most specific range decides (RFC 9110): an explicit q=0 beats a wildcard.
            XCTAssertEqual(try get(base, [("Accept", "text/markdown;q=0, text/*")]).body, html.body, base)
            XCTAssertEqual(try get(base, [("Accept", "application/json;q=0, */*")]).body, markdown.body, base)
            XCTAssertEqual(try get(base, [("Accept", "application/json;q=0, text/markdown;q=0, */*;q=0.5")]).body, html.body, base)
            for refusing in ["application/json;q=0, text/*;q=0", "application/json;q=0, text/markdown;q=0, text/html;q=0, */*"] {
                try assertProblem(try get(base, [("Accept", refusing)]), status: 406)
            }
            // Naming none of the three is not refusing them: generated clients send the problem
            // type alone (the first JSON type of the operation's answers).
            for naming in ["application/problem+json", "text/plain"] {
                XCTAssertTrue(try get(base, [("Accept", naming)]).header("Content-Type")?.hasPrefix("application/json") ?? false, naming)
            }
        }
    }

    /// The response cache keeps each rendering of one path apart, and each has its own ETag and 304.
    func testEachRenderingHasItsETagAnd304() throws {
        let path = "/v1/topics/progress-indicators"
        var etags = Set<String>()
        for accept in ["application/json", "text/markdown", "text/html"] {
            for _ in 0..<2 {
                let response = try get(path, [("Accept", accept)])
                XCTAssertTrue(response.header("Content-Type")?.hasPrefix(accept) ?? false, "\(accept) got \(response.header("Content-Type") ?? "")")
                let etag = try XCTUnwrap(response.header("ETag"))
                etags.insert(etag)
                let notModified = try get(path, [("Accept", accept), ("If-None-Match", etag)])
                XCTAssertEqual(notModified.status, 304)
                XCTAssertEqual(notModified.body, [])
            }
        }
        XCTAssertEqual(etags.count, 3, "one ETag per rendering")
        let markdownETag = try XCTUnwrap(try get(path + ".md").header("ETag"))
        XCTAssertEqual(try get(path + ".md", [("If-None-Match", markdownETag)]).status, 304)
        // A change to the topic changes its rendering's ETag.
        try app.store.write { try $0.database.run("UPDATE topic_texts SET title = 'Changed' WHERE locale = 'en' AND topic_id = (SELECT id FROM topics WHERE slug = 'progress-indicators')") }
        let changed = try get(path + ".md", [("If-None-Match", markdownETag)])
        XCTAssertEqual(changed.status, 200)
        XCTAssertTrue(changed.text.hasPrefix("# Changed\n"), changed.text)
    }

    func testLanguagesOfARendering() throws {
        let bilingual = try get("/v1/topics/progress-indicators.md?lang=en,ko")
        XCTAssertEqual(bilingual.header("Content-Language"), "en, ko")
        XCTAssertTrue(bilingual.text.hasPrefix("# Progress Indicators\n\n> 진행 표시기\n"), bilingual.text)
        let korean = try get("/v1/topics/progress-indicators.html", [("Accept-Language", "ko-KR,ko;q=0.9")])
        XCTAssertEqual(korean.header("Content-Language"), "ko")
        XCTAssertTrue(korean.text.contains("<h1>진행 표시기</h1>"), korean.text)
        try assertProblem(try get("/v1/topics/progress-indicators.md?lang=xx"), status: 400, parameter: "lang")
    }

    func testSectionAsAResource() throws {
        let section = try json(try get("/v1/topics/progress-indicators/sections/activity-indicators?lang=ko"))
        XCTAssertEqual(section["topic"] as? String, "progress-indicators")
        XCTAssertEqual(section["key"] as? String, "activity-indicators")
        XCTAssertEqual(section["title"] as? String, "활동 표시기")
        XCTAssertEqual((section["guidelines"] as? [[String: Any]])?.count, 4)
        XCTAssertEqual((section["links"] as? [String: Any])?["self"] as? String, "/v1/topics/progress-indicators/sections/activity-indicators")
        let markdown = try get("/v1/topics/progress-indicators/sections/activity-indicators.md")
        XCTAssertTrue(markdown.text.hasPrefix("# Activity Indicators\n\n- "), markdown.text)
        // The untitled opening section takes its topic's title.
        XCTAssertTrue(try get("/v1/topics/progress-indicators/sections/overview.md").text.hasPrefix("# Progress Indicators\n"))
        for path in ["/v1/topics/progress-indicators/sections/nope", "/v1/topics/progress-indicators/sections/nope.md",
                     "/v1/topics/nope/sections/overview", "/v1/topics/nope/sections/overview.html", "/v1/topics/nope.md",
                     "/v1/guidelines/nope.html"] {
            try assertProblem(try get(path), status: 404)
        }
    }

    /// Guideline ids may hold dots: an id that ends in `.md` is that guideline, not a rendering.
    func testGuidelineWhoseIdEndsInASuffix() throws {
        try app.store.write { writer in
            _ = try writer.upsertTopic(BundleTopic(slug: "dotted", category: "controls", title: ["en": "Dotted"], summary: ["en": "Dots."],
                                                   sections: [BundleSection(key: "overview", title: [:], guidelines: [
                                                       BundleGuideline(id: "dotted.md", text: ["en": "The id ends in .md."]),
                                                   ])]), mode: .merge)
        }
        let json = try json(try get("/v1/guidelines/dotted.md"))
        XCTAssertEqual(json["id"] as? String, "dotted.md")
        XCTAssertEqual(try get("/v1/guidelines/dotted.md", [("Accept", "text/markdown")]).text, "The id ends in .md.\n")
        XCTAssertEqual(try get("/v1/guidelines/dotted.md.md").text, "The id ends in .md.\n")
    }

    func testHostileTextIsEscapedInEveryRendering() throws {
        try Hostile.write(into: app.store)
        for path in ["/v1/topics/hostile-topic.html?lang=en,ko", "/embed/topics/hostile-topic?lang=ko,en", "/embed/guidelines/hostile-topic.first"] {
            let response = try get(path)
            XCTAssertEqual(response.status, 200, path)
            XCTAssertFalse(response.text.contains("<script"), "\(path): \(response.text)")
            XCTAssertFalse(response.text.contains("<img"), path)
            XCTAssertFalse(response.text.contains("<b>"), path)
            // Attribute values are quoted and escaped (a preview's description holds the text): look at the attributes themselves.
            let attributes = response.text.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
            XCTAssertNil(attributes.range(of: #"<[a-zA-Z][^>]*\s(on[a-z]+|src)\s*="#, options: .regularExpression), path)
        }
        let html = try get("/v1/topics/hostile-topic.html").text
        XCTAssertTrue(html.contains("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;"), html)
        let markdown = try get("/v1/topics/hostile-topic.md?lang=en,ko")
        let rendered = try HTMLText.cmark(markdown.body)
        XCTAssertEqual(Set(HTMLText.tags(rendered).map { $0.replacingOccurrences(of: "/", with: "") }), ["h1", "h2", "p", "ul", "li", "blockquote"])
    }

    // MARK: Embeds

    func testEmbedPageIsFramableAndSelfContained() throws {
        let response = try get("/embed/topics/progress-indicators")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertNil(response.header("X-Frame-Options"))
        XCTAssertNil(response.header("Cross-Origin-Embedder-Policy"))
        let policy = try XCTUnwrap(response.header("Content-Security-Policy"))
        XCTAssertTrue(policy.hasPrefix("default-src 'none';"), policy)
        XCTAssertTrue(policy.hasSuffix("frame-ancestors *"), policy)
        XCTAssertFalse(policy.contains("unsafe"), policy)
        let page = response.text
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"), page)
        XCTAssertFalse(page.contains("<script"))
        // Absolute URLs appear only in the link preview (og:url and the oEmbed discovery link), which load nothing.
        let loading = page.split(separator: "\n").filter { !$0.hasPrefix("<meta ") && !$0.hasPrefix("<link rel=\"alternate\" type=\"application/json+oembed\"") }
        XCTAssertFalse(loading.contains { $0.contains("http://") || $0.contains("https://") || $0.contains("src=") }, "nothing is loaded from elsewhere")
        XCTAssertFalse(page.contains("<link rel=\"stylesheet\""))
        XCTAssertTrue(page.contains("@media (prefers-color-scheme:dark)"))
        XCTAssertTrue(page.contains("<footer><a href=\"/topics/progress-indicators\" target=\"_blank\""), page)

        // The policy allows the page's one style element by its hash, computed here with openssl.
        let style = try XCTUnwrap(page.components(separatedBy: "<style>").last?.components(separatedBy: "</style>").first)
        XCTAssertEqual(page.components(separatedBy: "<style").count, 2, "one style element")
        let digest = try SystemTool.check("openssl", ["dgst", "-sha256", "-binary"], input: Array(style.utf8)).output
        let hash = try SystemTool.check("base64", ["-w0"], input: digest).text
        XCTAssertTrue(policy.contains("style-src 'sha256-\(hash)'"), "\(policy) does not allow the style (sha256-\(hash))")
        XCTAssertFalse(page.contains(" style="), "no inline style attribute (the hash allows the element only)")

        XCTAssertTrue(try get("/embed/topics/progress-indicators?theme=dark").text.contains("<html lang=\"en\" class=\"dark\">"))
        XCTAssertTrue(try get("/embed/topics/progress-indicators?theme=light&lang=ko").text.contains("<html lang=\"ko\" class=\"light\">"))
        try assertProblem(try get("/embed/topics/progress-indicators?theme=sepia"), status: 400, parameter: "theme")
        try assertProblem(try get("/embed/topics/nope"), status: 404)

        let guideline = try get("/embed/guidelines/progress-indicators.avoid-static-screens?lang=ko")
        XCTAssertEqual(guideline.status, 200)
        XCTAssertTrue(guideline.text.contains("<title>진행 표시기</title>"), guideline.text)
        XCTAssertTrue(guideline.text.contains("href=\"/topics/progress-indicators\""), "a guideline's page links to its topic")
        let etag = try XCTUnwrap(guideline.header("ETag"))
        XCTAssertEqual(try get("/embed/guidelines/progress-indicators.avoid-static-screens?lang=ko", [("If-None-Match", etag)]).status, 304)
    }

    func testEmbedAncestorsComeFromConfiguration() throws {
        let configured = try TestApp { $0.embedAncestors = try! APIConfiguration.embedAncestors(from: "https://wiki.example.com 'self'") }
        defer { configured.stop() }
        let policy = try XCTUnwrap(try configured.get("/embed/topics/progress-indicators").header("Content-Security-Policy"))
        XCTAssertTrue(policy.hasSuffix("frame-ancestors https://wiki.example.com 'self'"), policy)
        for bad in ["", "https://a.example; script-src *", "'unsafe-inline'", "https://a.example,https://b.example", "\"x\""] {
            XCTAssertThrowsError(try APIConfiguration.embedAncestors(from: bad), "'\(bad)' was accepted")
        }
    }

    // MARK: CORS

    func testCORSAllowsConfiguredOriginsOnly() throws {
        let origin = "https://wiki.example.com"
        let cors = try TestApp { $0.corsOrigins = try! APIConfiguration.corsOrigins(from: origin + ", http://localhost:3000") }
        defer { cors.stop() }
        let allowed = try cors.get("/v1/topics?limit=2", headers: [("Origin", origin)])
        XCTAssertEqual(allowed.status, 200)
        XCTAssertEqual(allowed.header("Access-Control-Allow-Origin"), origin)
        XCTAssertNil(allowed.header("Access-Control-Allow-Credentials"), "credentials are never allowed")
        let exposed = try XCTUnwrap(allowed.header("Access-Control-Expose-Headers"))
        for name in ["ETag", "Link", "X-Total-Count"] { XCTAssertTrue(exposed.contains(name), exposed) }
        XCTAssertTrue(allowed.headerValues("Vary").joined(separator: ", ").contains("Origin"))
        XCTAssertEqual(try cors.get("/v1/topics/nope", headers: [("Origin", origin)]).header("Access-Control-Allow-Origin"), origin,
                       "errors carry it too, so the script can read them")

        XCTAssertNil(try cors.get("/v1/topics", headers: [("Origin", "https://evil.example")]).header("Access-Control-Allow-Origin"))
        XCTAssertNil(try get("/v1/topics", [("Origin", origin)]).header("Access-Control-Allow-Origin"), "none by default")

        let preflight = try cors.request("OPTIONS", "/v1/topics/progress-indicators", headers: [
            ("Origin", origin), ("Access-Control-Request-Method", "GET"), ("Access-Control-Request-Headers", "if-none-match, authorization"),
        ])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.header("Access-Control-Allow-Origin"), origin)
        XCTAssertEqual(preflight.header("Access-Control-Allow-Methods"), "GET, PUT, PATCH, DELETE, HEAD", "the methods the topic's address takes")
        let allowedHeaders = try XCTUnwrap(preflight.header("Access-Control-Allow-Headers")).lowercased()
        XCTAssertTrue(allowedHeaders.contains("if-none-match") && allowedHeaders.contains("authorization"), allowedHeaders)
        XCTAssertNotNil(preflight.header("Access-Control-Max-Age"))

        let refused = try cors.request("OPTIONS", "/v1/topics", headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "GET")])
        XCTAssertEqual(refused.status, 204)
        XCTAssertNil(refused.header("Access-Control-Allow-Origin"), "a preflight from another origin gets no permission")
        let wrongMethod = try cors.request("OPTIONS", "/v1/topics", headers: [("Origin", origin), ("Access-Control-Request-Method", "DELETE")])
        XCTAssertNil(wrongMethod.header("Access-Control-Allow-Origin"), "a method the path does not take is not allowed")
        try assertProblem(try cors.request("OPTIONS", "/v1/nothing-here", headers: [("Origin", origin), ("Access-Control-Request-Method", "GET")]),
                      status: 404)

        for bad in ["https://a.example/path", "wiki.example.com", "javascript:alert(1)", "https://a.example, *", "https://A.example"] {
            XCTAssertThrowsError(try APIConfiguration.corsOrigins(from: bad), "'\(bad)' was accepted")
        }
        XCTAssertEqual(try APIConfiguration.corsOrigins(from: "*"), ["*"])
        let any = try TestApp { $0.corsOrigins = ["*"] }
        defer { any.stop() }
        XCTAssertEqual(try any.get("/v1/topics", headers: [("Origin", "https://any.example")]).header("Access-Control-Allow-Origin"), "*")
    }

    /// With `--auth-reads`, a preflight still needs no token (browsers never send one with it),
    /// and the 401 a script gets carries the CORS headers, so it can read why.
    func testPreflightComesBeforeAuthentication() throws {
        let origin = "https://wiki.example.com"
        let app = try TestApp(authentication: AuthenticationConfiguration(readsNeedToken: true,
                                                                           adminTokenDigest: TestGuidebook.defaultAuthentication.adminTokenDigest)) {
            $0.corsOrigins = [origin]
        }
        defer { app.stop() }
        let preflight = try app.request("OPTIONS", "/v1/topics/sheets.md", headers: [
            ("Origin", origin), ("Access-Control-Request-Method", "GET"), ("Access-Control-Request-Headers", "authorization"),
        ])
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.header("Access-Control-Allow-Origin"), origin)
        let refused = try app.get("/v1/topics/sheets.md", headers: [("Origin", origin)])
        XCTAssertEqual(refused.status, 401)
        XCTAssertEqual(refused.header("Access-Control-Allow-Origin"), origin)
        XCTAssertEqual(try app.get("/embed/topics/sheets").status, 401, "an embed is a read: with --auth-reads it needs a token")
        let allowed = try app.get("/v1/topics/sheets.md", headers: [("Origin", origin), TestGuidebook.adminHeader])
        XCTAssertEqual(allowed.status, 200)
        XCTAssertTrue(allowed.text.hasPrefix("# Sheets\n"), allowed.text)
    }

    // MARK: The export as an archive

    /// The tar.gz and the zip hold exactly the tree the directory export writes, byte for byte.
    func testArchivesMatchTheDirectoryExport() throws {
        let root = try makeTemporaryDirectory("guidebook-wiki-archive")
        try app.store.read { reader in
            _ = try ExportDirectory(path: root + "/tree").update { try MarkdownExport(reader: reader).forEachFile($0) }
        }
        try FileManager.default.removeItem(atPath: root + "/tree/" + ExportDirectory.manifestName)

        let tarball = try get("/v1/export?format=markdown")
        XCTAssertEqual(tarball.status, 200, tarball.text)
        XCTAssertEqual(tarball.header("Content-Type"), "application/gzip")
        XCTAssertEqual(tarball.header("Content-Disposition"), "attachment; filename=\"guidebook-markdown.tar.gz\"")
        try FileManager.default.createDirectory(atPath: root + "/tar", withIntermediateDirectories: true)
        try SystemTool.check("tar", ["-xzf", "-", "-C", root + "/tar"], input: tarball.body)
        try SystemTool.check("diff", ["-r", root + "/tree", root + "/tar"])
        XCTAssertEqual(try get("/v1/export?format=markdown&archive=tgz").body, tarball.body, "equal data gives equal bytes")

        let zip = try get("/v1/export?format=markdown&archive=zip", [("Accept", "application/zip")])
        XCTAssertEqual(zip.header("Content-Type"), "application/zip")
        try Data(zip.body).write(to: URL(fileURLWithPath: root + "/export.zip"))
        try SystemTool.check("unzip", ["-q", root + "/export.zip", "-d", root + "/zip"])
        try SystemTool.check("diff", ["-r", root + "/tree", root + "/zip"])

        XCTAssertTrue(try get("/v1/export").header("Content-Type")?.hasPrefix("application/json") ?? false, "JSON stays the default")
        try assertProblem(try get("/v1/export?format=pdf"), status: 400, parameter: "format")
        try assertProblem(try get("/v1/export?format=markdown&archive=rar"), status: 400, parameter: "archive")
    }

    /// Each wiki's layout over HTTP is the tree `guidebook export --format LAYOUT` writes; BookStack's
    /// is the Portable ZIP of one locale, as BookStack imports it.
    func testLayoutArchivesMatchTheDirectoryExport() throws {
        let root = try makeTemporaryDirectory("guidebook-wiki-layouts")
        for layout in [WikiLayout.wikijs, .mkdocs, .docusaurus] {
            try app.store.read { reader in
                _ = try ExportDirectory(path: root + "/\(layout)").update { try LayoutExport(layout: layout, reader: reader).forEachFile($0) }
            }
            try FileManager.default.removeItem(atPath: root + "/\(layout)/" + ExportDirectory.manifestName)
            let tarball = try get("/v1/export?format=\(layout.rawValue)")
            XCTAssertEqual(tarball.status, 200, tarball.text)
            XCTAssertEqual(tarball.header("Content-Disposition"), "attachment; filename=\"guidebook-\(layout.rawValue).tar.gz\"")
            try FileManager.default.createDirectory(atPath: root + "/tar-\(layout)", withIntermediateDirectories: true)
            try SystemTool.check("tar", ["-xzf", "-", "-C", root + "/tar-\(layout)"], input: tarball.body)
            try SystemTool.check("diff", ["-r", root + "/\(layout)", root + "/tar-\(layout)"])
        }
        try app.store.read { reader in
            _ = try ExportDirectory(path: root + "/bookstack").update { try LayoutExport(layout: .bookstack, reader: reader).forEachFile($0) }
        }
        for locale in ["en", "ko"] {
            let zip = try get("/v1/export?format=bookstack&lang=\(locale)", [("Accept", "application/zip")])
            XCTAssertEqual(zip.status, 200, zip.text)
            XCTAssertEqual(zip.header("Content-Type"), "application/zip")
            XCTAssertEqual(zip.body, [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: root + "/bookstack/guidebook-\(locale).zip"))), locale)
            try Data(zip.body).write(to: URL(fileURLWithPath: root + "/\(locale).zip"))
            XCTAssertEqual(try SystemTool.check("unzip", ["-Z1", root + "/\(locale).zip"]).text, "data.json\n")
        }
        XCTAssertEqual(try get("/v1/export?format=bookstack").body, try get("/v1/export?format=bookstack&lang=en").body, "the source locale by default")
        try assertProblem(try get("/v1/export?format=bookstack&lang=fr"), status: 400, parameter: "lang")
        try assertProblem(try get("/v1/export?format=bookstack&archive=tar.gz"), status: 400, parameter: "archive")
        try assertProblem(try get("/v1/export?format=confluence"), status: 400, parameter: "format")
    }

    /// A slug that could leave the tree (only a damaged database could hold one: the store refuses
    /// it) stops the export with an error; nothing is written outside.
    func testHostileSlugStopsTheExport() throws {
        let root = try makeTemporaryDirectory("guidebook-wiki-slug")
        try app.store.write { try $0.database.run("UPDATE topics SET slug = '../../escaped' WHERE slug = 'progress-indicators'") }
        XCTAssertThrowsError(try app.store.read { reader in
            try ExportDirectory(path: root + "/tree").update { try MarkdownExport(reader: reader).forEachFile($0) }
        }) { XCTAssertEqual($0 as? ExportError, .unsafeName("../../escaped")) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/escaped.md"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: (root as NSString).deletingLastPathComponent + "/escaped.md"))
        let response = try get("/v1/export?format=markdown")
        XCTAssertEqual(response.status, 500, "a damaged database is the server's problem, never an archive with ../ in it")
    }

    // MARK: The command

    /// `guidebook export --format markdown --out DIR` in a child process: the same tree as the
    /// directory export here, and a second run rewrites nothing.
    func testExportCommandWritesTheTreeAndRerunsRewriteNothing() throws {
        let root = try makeTemporaryDirectory("guidebook-wiki-command")
        try app.store.read { reader in
            _ = try ExportDirectory(path: root + "/expected").update { try MarkdownExport(reader: reader).forEachFile($0) }
        }
        let arguments = ["export", "--format", "markdown", "--out", root + "/out", "--db", app.guidebook.databasePath,
                         "--resources", TestServer.packageRoot]
        let first = try CommandProcess(arguments)
        XCTAssertEqual(first.waitForExit(seconds: 60), 0, first.errorOutput)
        XCTAssertTrue(first.errorOutput.contains("0 unchanged, 0 kept, 0 removed"), first.errorOutput)
        try SystemTool.check("diff", ["-r", root + "/expected", root + "/out"])
        let second = try CommandProcess(arguments)
        XCTAssertEqual(second.waitForExit(seconds: 60), 0, second.errorOutput)
        XCTAssertTrue(second.errorOutput.contains(": 0 written,"), second.errorOutput)

        XCTAssertEqual(String(decoding: second.output, as: UTF8.self), "\(try app.store.read { try $0.latestChangeSeq() })\n",
                       "stdout is the cursor the tree reflects")

        // --since the printed cursor, with one guideline changed meanwhile: only its topic is rendered.
        let cursor = try app.store.read { try $0.latestChangeSeq() }
        let edit = try app.request("PATCH", "/v1/guidelines/progress-indicators.prefer-progress-bars",
                                   headers: [("Content-Type", "application/merge-patch+json"), TestGuidebook.adminHeader],
                                   body: Array(#"{"text": "Prefer a progress bar when the work can be measured."}"#.utf8))
        XCTAssertEqual(edit.status, 200, edit.text)
        let since = try CommandProcess(arguments + ["--since", String(cursor)])
        XCTAssertEqual(since.waitForExit(seconds: 60), 0, since.errorOutput)
        XCTAssertTrue(since.errorOutput.contains(": 2 written, 2 unchanged,"), since.errorOutput)
        XCTAssertEqual(String(decoding: since.output, as: UTF8.self), "\(cursor + 1)\n", "the new cursor covers the edit's one entry")
        let bad = try CommandProcess(arguments + ["--since", "yesterday"])
        XCTAssertEqual(bad.waitForExit(seconds: 60), 2)
        XCTAssertTrue(bad.errorOutput.contains("--since must be a change-log cursor"), bad.errorOutput)

        let usage = try CommandProcess(["export", "--format", "markdown", "--db", app.guidebook.databasePath, "--resources", TestServer.packageRoot])
        XCTAssertEqual(usage.waitForExit(seconds: 60), 2)
        XCTAssertTrue(usage.errorOutput.contains("needs --out DIR"), usage.errorOutput)
    }
}

/// `guidebook export --format LAYOUT` and `guidebook publish git` as commands: the layout tree, and
/// a publish to a local bare repository; credentials in a URL refused (exit 2) without being echoed.
final class WikiCommandTests: XCTestCase {
    func testExportLayoutAndPublishGitCommands() throws {
        let app = try makeTestApp()
        let root = try makeTemporaryDirectory("guidebook-wiki-publish-command")
        let common = ["--db", app.guidebook.databasePath, "--resources", TestServer.packageRoot]
        let export = try CommandProcess(["export", "--format", "wikijs", "--out", root + "/wikijs"] + common)
        XCTAssertEqual(export.waitForExit(seconds: 60), 0, export.errorOutput)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/wikijs/ko/guidebook/controls/progress-indicators.md"))
        let unknown = try CommandProcess(["export", "--format", "confluence", "--out", root + "/x"] + common)
        XCTAssertEqual(unknown.waitForExit(seconds: 60), 2)
        XCTAssertTrue(unknown.errorOutput.contains("wikijs, mkdocs, docusaurus, bookstack"), unknown.errorOutput)

        try SystemTool.check("git", ["init", "-q", "--bare", root + "/remote.git"])
        let arguments = ["publish", "git", "--repo", root + "/remote.git", "--branch", "main", "--layout", "mkdocs", "--work", root + "/work"] + common
        let first = try CommandProcess(arguments)
        XCTAssertEqual(first.waitForExit(seconds: 120), 0, first.errorOutput)
        let commit = String(decoding: first.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(try SystemTool.check("git", ["--git-dir", root + "/remote.git", "rev-parse", "main"]).text, commit + "\n")
        let again = try CommandProcess(arguments)
        XCTAssertEqual(again.waitForExit(seconds: 120), 0, again.errorOutput)
        XCTAssertEqual(String(decoding: again.output, as: UTF8.self), "nothing changed\n")

        let secret = try CommandProcess(["publish", "git", "--repo", "https://alice:hunter2-secret@git.example.com/wiki.git", "--branch", "main",
                                         "--layout", "wikijs"] + common)
        XCTAssertEqual(secret.waitForExit(seconds: 60), 2)
        XCTAssertTrue(secret.errorOutput.contains("credentials"), secret.errorOutput)
        XCTAssertFalse(secret.errorOutput.contains("hunter2"), "the secret is never repeated: \(secret.errorOutput)")
        let missing = try CommandProcess(["publish", "git", "--repo", root + "/nope.git", "--branch", "main", "--layout", "wikijs",
                                          "--work", root + "/work2"] + common)
        XCTAssertEqual(missing.waitForExit(seconds: 60), 1)
        XCTAssertTrue(missing.errorOutput.contains("cannot be read"), missing.errorOutput)
    }
}
