import Foundation
@testable import GuidebookCore
import GuidebookTestSupport
@testable import GuidebookWiki
import SQLite
import XCTest

/// Each wiki's layout on a real store, read back the way the wiki reads it by
/// `Tests/Wiki/check_layouts.py` (PyYAML, zipfile, json: nothing of ours): Wiki.js's front matter
/// keys and types and its locale folders, MkDocs' suffix pages and `mkdocs.yml`, Docusaurus's i18n
/// mirror, the BookStack Portable ZIP field by field. Plus what every layout keeps from the
/// Markdown export: byte-identical re-exports, `--since`, names that stay inside the tree and
/// check out on Windows and macOS, and English standing in marked as such.
final class LayoutExportTests: XCTestCase {
    private var guidebook: TestGuidebook!
    private var folder: String!
    private static let checker = TestGuidebook.packageRoot + "/Tests/Wiki/check_layouts.py"
    private static let layouts: [WikiLayout] = [.wikijs, .mkdocs, .docusaurus, .bookstack]

    override func setUpWithError() throws {
        guidebook = try TestGuidebook()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-layouts-\(UUID().uuidString)").path
        addTeardownBlock { [guidebook, folder] in
            guidebook?.stop()
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    @discardableResult
    private func export(_ layout: WikiLayout, to path: String? = nil, only: Set<String>? = nil) throws -> ExportDirectory.Summary {
        try guidebook.store.read { reader in
            try ExportDirectory(path: path ?? folder + "/" + layout.rawValue).updateKeeping { write, keep in
                try LayoutExport(layout: layout, reader: reader).forEachFile(onlyTopics: only, keep: keep, write)
            }
        }
    }

    /// The checker's summary of `layout`'s tree (for BookStack, of one locale's ZIP).
    private func check(_ layout: WikiLayout, locale: String = "ko") throws -> [String: Any] {
        let target = layout == .bookstack ? folder + "/bookstack/guidebook-\(locale).zip" : folder + "/" + layout.rawValue
        let result = try SystemTool.run("python3", [Self.checker, layout.rawValue, target])
        XCTAssertEqual(result.status, 0, "\(layout): \(result.errors)")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any])
    }

    private func tree(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[path] = FileManager.default.contents(atPath: root + "/" + path) }
        }
        return files
    }

    private var topicCount: Int { get throws { try guidebook.store.read { try $0.topics(category: nil, after: nil, limit: 500).items.count } } }

    func testEveryLayoutReadsAsItsWikiReadsIt() throws {
        let topics = try topicCount
        for layout in Self.layouts { try export(layout) }
        let wikijs = try check(.wikijs)
        XCTAssertEqual(wikijs["pages"] as? Int, (topics + 1) * 2, "a page per topic and the index, in both locales")
        XCTAssertEqual(wikijs["links"] as? Int, topics * 2, "the index links every topic, in both locales, and every link resolves")
        XCTAssertEqual(try check(.mkdocs)["pages"] as? Int, topics + 1)
        let docusaurus = try check(.docusaurus)
        XCTAssertEqual(docusaurus["pages"] as? Int, topics + 1)
        XCTAssertEqual(docusaurus["links"] as? Int, topics * 2)
        for locale in ["en", "ko"] {
            let book = try check(.bookstack, locale: locale)
            XCTAssertEqual(book["pages"] as? Int, topics + 1, locale)
            XCTAssertEqual(book["references"] as? Int, topics, "the index page references every topic's page: \(locale)")
        }
        XCTAssertEqual(try check(.bookstack, locale: "ko")["book"] as? String, "Guidebook (한국어)")

        // The Korean pages where each wiki's i18n looks, with the Korean text in them.
        let korean = "진행 표시기"
        for path in ["wikijs/ko/guidebook/controls/progress-indicators.md", "mkdocs/docs/controls/progress-indicators.ko.md",
                     "docusaurus/i18n/ko/docusaurus-plugin-content-docs/current/guidebook/controls/progress-indicators.md"] {
            let text = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            XCTAssertTrue(text.contains("title: \"\(korean)\""), "\(path): \(text.prefix(200))")
        }
        let index = try String(contentsOfFile: folder + "/wikijs/ko/guidebook.md", encoding: .utf8)
        XCTAssertTrue(index.contains("[\(korean)](/guidebook/controls/progress-indicators)"), index)
    }

    func testReExportIsByteIdenticalAndSinceGivesTheFullTree() throws {
        for layout in Self.layouts {
            try export(layout)
            let before = try tree(folder + "/" + layout.rawValue)
            let again = try export(layout)
            XCTAssertEqual(again.written, 0, "\(layout): an unchanged knowledge base rewrites nothing")
            XCTAssertEqual(try tree(folder + "/" + layout.rawValue), before, "\(layout): byte-identical")
        }
        let cursor = try guidebook.store.read { try $0.latestChangeSeq() }
        let edit = try guidebook.store.read { try XCTUnwrap($0.guideline(id: "progress-indicators.prefer-progress-bars")) }
        try guidebook.store.write { writer in
            _ = try writer.editor.replaceGuideline(id: edit.id, GuidelineDraft(topic: edit.topic, section: edit.section, text: "Prefer a bar when work can be measured."),
                                                   precondition: .none)
        }
        let changed = try guidebook.store.read { try $0.topicsChanged(after: cursor) }
        XCTAssertEqual(changed, ["progress-indicators"])
        // Wiki.js and MkDocs pages carry the date of the latest change, so both locales' pages change;
        // Docusaurus's Korean page shows no date and no English, so it stays as it was.
        for (layout, written) in [(WikiLayout.wikijs, 2), (.mkdocs, 2), (.docusaurus, 1)] {
            let partial = try export(layout, only: changed)
            XCTAssertEqual(partial.written, written, "\(layout): the changed topic's pages")
            XCTAssertEqual(partial.kept, (try topicCount - 1) * 2, "\(layout): every other topic's pages are kept unrendered")
            let full = folder + "/full-" + layout.rawValue
            try export(layout, to: full)
            XCTAssertEqual(try tree(folder + "/" + layout.rawValue), try tree(full), "\(layout): the partial update gives the full tree")
        }
        let book = try export(.bookstack, only: changed)
        XCTAssertEqual(book.written + book.unchanged, 2, "one ZIP holds every topic: both locales' books are rendered again")
        XCTAssertEqual(book.written, 1, "the English book changed, the Korean one shows nothing of the edit")
    }

    /// A translation that is missing: the Korean page shows the English, and says so the way each wiki shows it.
    func testEnglishStandingInIsMarkedInEveryLayout() throws {
        try guidebook.store.write { try $0.database.run("""
            DELETE FROM guideline_texts WHERE locale = 'ko' AND guideline_id =
                (SELECT id FROM guidelines WHERE key = 'progress-indicators.prefer-progress-bars')
            """) }
        for layout in Self.layouts { try export(layout) }
        XCTAssertEqual(try check(.wikijs)["fallbacks"] as? Int, 1)
        XCTAssertEqual(try check(.mkdocs)["fallbacks"] as? Int, 1)
        XCTAssertEqual(try check(.docusaurus)["fallbacks"] as? Int, 1)
        XCTAssertEqual(try check(.bookstack, locale: "ko")["fallbacks"] as? Int, 1)
        XCTAssertEqual(try check(.bookstack, locale: "en")["fallbacks"] as? Int, 0, "the English book is never a fallback")

        let english = try XCTUnwrap(try guidebook.store.read { try $0.guideline(id: "progress-indicators.prefer-progress-bars") }?.text["en"])
        let wikijs = try String(contentsOfFile: folder + "/wikijs/ko/guidebook/controls/progress-indicators.md", encoding: .utf8)
        XCTAssertTrue(wikijs.contains("tags: \"guidebook, controls, untranslated\""), wikijs)
        XCTAssertTrue(wikijs.contains("{.is-info}") && wikijs.contains("영어 원문"), wikijs)
        XCTAssertTrue(wikijs.contains(String(english.prefix(30))), "the English text stands in")
        let mkdocs = try String(contentsOfFile: folder + "/mkdocs/docs/controls/progress-indicators.ko.md", encoding: .utf8)
        XCTAssertTrue(mkdocs.contains("fallback: true") && mkdocs.contains("!!! note \"번역 안내\""), mkdocs)
        let docusaurus = try String(contentsOfFile: folder + "/docusaurus/i18n/ko/docusaurus-plugin-content-docs/current/guidebook/controls/progress-indicators.md",
                                    encoding: .utf8)
        XCTAssertTrue(docusaurus.contains("fallback: true") && docusaurus.contains(":::note"), docusaurus)
        let sheets = try String(contentsOfFile: folder + "/mkdocs/docs/views/sheets.ko.md", encoding: .utf8)
        XCTAssertTrue(sheets.contains("fallback: false"), "a fully translated page is not marked")
    }

    /// Under `--publish approved`, a translation waiting for review is not published: every
    /// layout shows the English in its place, marked, until a reviewer approves it.
    func testLayoutsPublishOnlyWhatThePublicationAllows() throws {
        let approvedOnly = try TestGuidebook(publication: .approved)
        defer { approvedOnly.stop() }
        guidebook.stop()
        guidebook = approvedOnly
        let topics = try topicCount
        for layout in Self.layouts { try export(layout) }
        XCTAssertEqual(try check(.wikijs)["fallbacks"] as? Int, topics, "the seed's translations wait for review")
        XCTAssertEqual(try check(.mkdocs)["fallbacks"] as? Int, topics)
        XCTAssertEqual(try check(.bookstack, locale: "ko")["fallbacks"] as? Int, topics)

        // A reviewer approves every text of one topic: that page, and only it, is in Korean.
        try guidebook.store.write { try $0.database.execute("""
            UPDATE guideline_texts SET review_state = 'approved' WHERE locale = 'ko' AND guideline_id IN
                (SELECT id FROM guidelines WHERE topic_id = (SELECT id FROM topics WHERE slug = 'sheets'));
            UPDATE topic_texts SET review_state = 'approved' WHERE locale = 'ko'
                AND topic_id = (SELECT id FROM topics WHERE slug = 'sheets');
            UPDATE section_texts SET review_state = 'approved' WHERE locale = 'ko' AND section_id IN
                (SELECT id FROM sections WHERE topic_id = (SELECT id FROM topics WHERE slug = 'sheets'));
            """) }
        for layout in Self.layouts { try export(layout) }
        XCTAssertEqual(try check(.wikijs)["fallbacks"] as? Int, topics - 1)
        XCTAssertEqual(try check(.docusaurus)["fallbacks"] as? Int, topics - 1)
        let sheets = try String(contentsOfFile: folder + "/mkdocs/docs/views/sheets.ko.md", encoding: .utf8)
        XCTAssertTrue(sheets.contains("fallback: false"), sheets)
    }

    /// Slugs that are device names on Windows or special in a wiki, and titles with `:`, a
    /// trailing dot and `CON`: every path of every layout checks out on Windows and macOS (the
    /// checker asks Python's `PureWindowsPath.is_reserved`), and the titles reach the front matter intact.
    func testReservedNamesAndHostileTitlesGiveValidFileNames() throws {
        for (slug, title) in [("con", "CON"), ("aux", "Sheets: modal."), ("index", "Ends with a dot."), ("lpt1", "a\\b:c*d?\"e\"<f>|")] {
            try guidebook.store.write { writer in
                _ = try writer.upsertTopic(BundleTopic(slug: slug, category: "controls", title: ["en": title, "ko": title], summary: ["en": "Summary."],
                                                       sections: [BundleSection(key: "main", title: [:], guidelines: [
                                                           BundleGuideline(id: "\(slug).one", text: ["en": "One {brace} <tag>.", "ko": "하나."]),
                                                       ])]), mode: .merge)
            }
        }
        for layout in Self.layouts { try export(layout) }
        for layout in Self.layouts { _ = try check(layout) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/wikijs/guidebook/controls/con_.md"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/mkdocs/docs/controls/index_.ko.md"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/docusaurus/docs/guidebook/controls/lpt1_.md"))
        let page = try String(contentsOfFile: folder + "/docusaurus/docs/guidebook/controls/lpt1_.md", encoding: .utf8)
        XCTAssertTrue(page.contains("One \\{brace\\} \\<tag\\>."), "MDX's braces and tags are escaped: \(page)")
        let script = "import sys, yaml; t = open(sys.argv[1], encoding='utf-8').read(); print(yaml.safe_load(t[4:t.index('\\n---\\n', 4)])['title'])"
        for (path, title) in [("wikijs/guidebook/controls/lpt1_.md", "a\\b:c*d?\"e\"<f>|"), ("wikijs/ko/guidebook/controls/aux_.md", "Sheets: modal.")] {
            let output = try SystemTool.check("python3", ["-c", script, folder + "/" + path]).text
            XCTAssertEqual(output, title + "\n", path)
        }
    }

    /// Two topics whose slugs differ only in case: the store refuses such a slug (only a damaged
    /// database holds one), and the export refuses it before writing anything.
    func testSlugsDifferingOnlyInCaseRefuseTheExportBeforeAnyFile() throws {
        XCTAssertThrowsError(try BundleValidator.validateSlug("Sheets", at: "slug"), "the store takes lowercase slugs only")
        try guidebook.store.write { try $0.database.run("UPDATE topics SET slug = 'Sheets' WHERE slug = 'popovers'") }
        for layout in Self.layouts + [.markdown] {
            XCTAssertThrowsError(try export(layout), "\(layout)") { XCTAssertEqual($0 as? ExportError, .unsafeName("Sheets")) }
        }
        for layout in Self.layouts {
            XCTAssertEqual(try tree(folder + "/" + layout.rawValue), [:], "\(layout): nothing was written")
        }
        // Names that fold together are refused by the plan itself.
        var sheets = try XCTUnwrap(try guidebook.store.read { try $0.topicSummary(slug: "sheets") })
        let plan = LayoutPlan(locales: ["en"], source: "en", localeNames: [:], categories: [], topics: [sheets, { sheets.slug = "sheets"; return sheets }()])
        XCTAssertThrowsError(try plan.check()) { XCTAssertEqual($0 as? ExportError, .pathCollision(first: "sheets", second: "sheets")) }
    }

    func testPathNamesAvoidReservedNames() {
        XCTAssertEqual(PathName.of("con"), "con_")
        XCTAssertEqual(PathName.of("com7"), "com7_")
        XCTAssertEqual(PathName.of("readme"), "readme_")
        XCTAssertEqual(PathName.of("console"), "console")
        XCTAssertEqual(PathName.of("com10"), "com10")
        XCTAssertTrue(ExportDirectory.isOwnablePath("docs/controls/con_.ko.md"))
        XCTAssertTrue(ExportDirectory.isOwnablePath("i18n/ko/docusaurus-plugin-content-docs/current.json"))
        for path in ["../x.md", ".git/config.md", "a/../b.md", "a/.hidden.md", "x.sh", "a//b.md", "/etc/x.md", "a/b..md"] {
            XCTAssertFalse(ExportDirectory.isOwnablePath(path), path)
        }
    }
}
