import Foundation
@testable import GuidebookCore
import GuidebookTestSupport
@testable import GuidebookWiki
import SQLite
import XCTest

/// The Git-ready export on a real store: the tree's layout and front matter (read back with a YAML
/// parser), byte-identical re-exports, and `git` seeing exactly one changed page per locale after
/// one guideline changed.
final class MarkdownExportTests: XCTestCase {
    private var guidebook: TestGuidebook!
    private var folder: String!

    override func setUpWithError() throws {
        guidebook = try TestGuidebook()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-export-\(UUID().uuidString)").path
        addTeardownBlock { [guidebook, folder] in
            guidebook?.stop()
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    @discardableResult
    private func export(to path: String? = nil) throws -> ExportDirectory.Summary {
        try guidebook.store.read { reader in
            try ExportDirectory(path: path ?? folder).update { try MarkdownExport(reader: reader).forEachFile($0) }
        }
    }

    /// Every file of the tree, relative path to bytes.
    private func tree(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue, !path.hasPrefix(".git/") { files[path] = FileManager.default.contents(atPath: root + "/" + path) }
        }
        return files
    }

    private func git(_ arguments: [String]) throws -> String {
        try SystemTool.check("git", arguments, in: folder, environment: [
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "Test",
            "GIT_COMMITTER_EMAIL": "test@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        ]).text
    }

    func testTreeHasAPagePerTopicAndLocaleAndAnIndexPerLocale() throws {
        let summary = try export()
        let topics = try guidebook.store.read { try $0.topics(category: nil, after: nil, limit: 500).items }
        let files = try tree(folder)
        XCTAssertEqual(summary.written, topics.count * 2 + 2)
        XCTAssertEqual(Set(files.keys), Set(topics.flatMap { ["en/\($0.category)/\($0.slug).md", "ko/\($0.category)/\($0.slug).md"] }
            + ["en/index.md", "ko/index.md", ExportDirectory.manifestName]))
        let index = String(decoding: try XCTUnwrap(files["ko/index.md"]), as: UTF8.self)
        XCTAssertTrue(index.contains("[진행 표시기](controls/progress-indicators.md)"), "the index links each page relatively: \(index)")
        // The index's links resolve to pages of the tree.
        for link in index.components(separatedBy: "](").dropFirst().map({ String($0.prefix { $0 != ")" }) }) {
            XCTAssertNotNil(files["ko/" + link], "the index links to \(link), which is not in the tree")
        }
    }

    func testFrontMatterReadsBackWithAYAMLParser() throws {
        try Hostile.write(into: guidebook.store)
        try export()
        let path = folder + "/en/controls/hostile-topic.md"
        let script = """
            import json, sys, yaml
            text = open(sys.argv[1], encoding="utf-8").read()
            assert text.startswith("---\\n")
            front = text[4:text.index("\\n---\\n")]
            print(json.dumps(yaml.safe_load(front), default=str))
            """
        let output = try SystemTool.check("python3", ["-c", script, path]).output
        let front = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
        XCTAssertEqual(front["title"] as? String, Hostile.title)
        XCTAssertEqual(front["description"] as? String, Hostile.summary.replacingOccurrences(of: "\n", with: " "))
        XCTAssertEqual(front["published"] as? Bool, true)
        XCTAssertEqual(front["tags"] as? [String], ["controls"])
        XCTAssertEqual(front["guidebook_id"] as? String, "hostile-topic")
        XCTAssertNotNil(front["date"], "date is a timestamp")
        let page = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let body = [UInt8](page)[(String(decoding: page, as: UTF8.self).range(of: "\n---\n\n")!.upperBound.utf16Offset(in: String(decoding: page, as: UTF8.self)))...]
        XCTAssertEqual(front["guidebook_etag"] as? String, MarkdownExport.etag(of: Array(body)), "guidebook_etag is the body's ETag")
    }

    func testReExportIsByteIdenticalAndGitSeesExactlyTheChangedPages() throws {
        try export()
        let before = try tree(folder)
        _ = try git(["init", "-q"])
        _ = try git(["add", "-A"])
        _ = try git(["commit", "-q", "-m", "export"])

        let again = try export()
        XCTAssertEqual(again.written, 0, "an unchanged knowledge base rewrites nothing")
        XCTAssertEqual(again.removed, 0)
        XCTAssertEqual(try tree(folder), before, "re-export is byte-identical")
        XCTAssertEqual(try git(["status", "--porcelain"]), "", "git sees no change after re-export")

        // Change one guideline's English text through the real write path.
        let bundle = try guidebook.store.read { try BundleExporter(reader: $0).export() }
        var topic = try XCTUnwrap(bundle.topics.first { $0.slug == "progress-indicators" })
        topic.sections[0].guidelines[0].text["en"] = "Never leave people looking at a frozen screen."
        _ = try guidebook.store.write { try $0.upsertTopic(topic, mode: .merge) }
        let changed = try export()
        XCTAssertEqual(changed.written, 2, "one page per locale")
        let stat = try git(["diff", "--stat", "--name-only"]).split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(stat), ["en/controls/progress-indicators.md", "ko/controls/progress-indicators.md"])
    }

    /// `--since`: after edits that change a text, move a guideline between topics and delete one,
    /// rendering only the topics the change log names after the cursor gives the same tree as a
    /// full export, and renders nothing else.
    func testSinceRendersOnlyTheChangedTopicsAndGivesTheFullTree() throws {
        try export()
        let cursor = try guidebook.store.read { try $0.latestChangeSeq() }
        let bundle = try guidebook.store.read { try BundleExporter(reader: $0).export() }
        func topic(_ slug: String) throws -> BundleTopic { try XCTUnwrap(bundle.topics.first { $0.slug == slug }) }
        let edited = try topic("progress-indicators").sections[0].guidelines[0].id
        let moved = try topic("sheets").sections[0].guidelines[0].id
        let target = try topic("popovers").sections[0].key
        let deleted = try topic("split-views").sections[0].guidelines[0].id
        try guidebook.store.write { writer in
            let editor = writer.editor
            _ = try editor.replaceGuideline(id: edited, GuidelineDraft(topic: "progress-indicators", section: try topic("progress-indicators").sections[0].key,
                                                                       text: "Show progress the moment work begins."), precondition: .none)
            _ = try editor.replaceGuideline(id: moved, GuidelineDraft(topic: "popovers", section: target, text: try topic("sheets").sections[0].guidelines[0].text["en"]),
                                            precondition: .none)
            try editor.deleteGuideline(id: deleted, precondition: .none)
        }
        let changed = try guidebook.store.read { try $0.topicsChanged(after: cursor) }
        XCTAssertEqual(changed, ["progress-indicators", "sheets", "popovers", "split-views"], "a move names both topics, a deletion its topic")

        let partial = try guidebook.store.read { reader in
            try ExportDirectory(path: folder).updateKeeping { write, keep in
                try MarkdownExport(reader: reader).forEachFile(onlyTopics: changed, keep: keep, write)
            }
        }
        let topics = bundle.topics.count
        XCTAssertEqual(partial.written, 4 * 2, "the four changed topics' pages in both locales")
        XCTAssertEqual(partial.kept, (topics - 4) * 2, "every other page is kept unrendered")
        XCTAssertEqual(partial.unchanged, 2, "the two index pages are rendered and unchanged")
        XCTAssertEqual(partial.removed, 0)

        let full = folder + "-full"
        defer { try? FileManager.default.removeItem(atPath: full) }
        try export(to: full)
        XCTAssertEqual(try tree(folder), try tree(full), "the partial update gives the tree a full export gives")
        XCTAssertEqual(try guidebook.store.read { try $0.topicsChanged(after: $0.latestChangeSeq()) }, [], "nothing after the newest entry")
    }

    func testRemovedTopicsPagesAreDeletedAndNothingElse() throws {
        try Hostile.write(into: guidebook.store)
        try export()
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/README.md"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/en/controls/notes.md"))
        // The store has no topic deletion yet (editing comes in another branch): remove it as SQL.
        try guidebook.store.write { try $0.database.run("DELETE FROM topics WHERE slug = 'hostile-topic'") }
        let summary = try export()
        XCTAssertEqual(summary.removed, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/en/controls/hostile-topic.md"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/README.md"), "files the export did not write stay")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/en/controls/notes.md"))
    }

    /// A manifest edited to name files outside the tree (or `.git`) never makes the export delete them.
    func testManifestCannotAimRemovalOutsideTheTree() throws {
        let outside = folder + "-outside.md"
        try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside))
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/.git/config.md"))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let name = (outside as NSString).lastPathComponent
        let manifest = ["../\(name)", "en/../../\(name)", outside, ".git/config.md", "en/.git/x.md", "en/index.md/../../\(name)"]
        try Data((manifest.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/" + ExportDirectory.manifestName))
        let summary = try export()
        XCTAssertEqual(summary.removed, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/.git/config.md"))
    }

    /// `date` is the topic's latest change, and renaming a section or translating its title is one:
    /// neither write moves the topic's own `updated_at`, only the section's.
    func testSectionRenameAndTranslationMoveTheDate() throws {
        let slug = "progress-indicators", old = "2020-01-02T03:04:05.000Z"
        // Everything of the topic dated long ago, so the date can move only with the section.
        func backdate() throws {
            try guidebook.store.write { try $0.database.execute("""
                UPDATE topics SET updated_at = '\(old)' WHERE slug = '\(slug)';
                UPDATE sections SET updated_at = '\(old)' WHERE topic_id = (SELECT id FROM topics WHERE slug = '\(slug)');
                UPDATE guidelines SET updated_at = '\(old)' WHERE topic_id = (SELECT id FROM topics WHERE slug = '\(slug)');
                UPDATE guideline_texts SET updated_at = '\(old)' WHERE guideline_id IN
                    (SELECT id FROM guidelines WHERE topic_id = (SELECT id FROM topics WHERE slug = '\(slug)'));
                """) }
        }
        func field(_ key: String, locale: String) throws -> String {
            let page = try String(contentsOfFile: folder + "/\(locale)/controls/\(slug).md", encoding: .utf8)
            let line = try XCTUnwrap(page.split(separator: "\n").first { $0.hasPrefix(key + ": ") }, "\(locale): no \(key)")
            return String(line.dropFirst(key.count + 2))
        }
        func sectionChanged() throws -> String {
            try XCTUnwrap(try guidebook.store.read { try $0.topic(slug: slug) }?.sections.first?.updatedAt)
        }
        let key = try XCTUnwrap(try guidebook.store.read { try $0.topic(slug: slug) }?.sections.first?.key)

        try backdate()
        try export()
        XCTAssertEqual(try field("date", locale: "en"), old)
        let etag = try field("guidebook_etag", locale: "en")
        try guidebook.store.write { _ = try $0.editor.replaceSection(topic: slug, key: key, SectionDraft(title: "Renamed section"), precondition: .none) }
        XCTAssertEqual(try guidebook.store.read { try $0.topicSummary(slug: slug) }?.updatedAt, old, "the rename left the topic's own time")
        try export()
        XCTAssertNotEqual(try field("guidebook_etag", locale: "en"), etag, "the page shows the new title")
        let renamed = try sectionChanged()
        XCTAssertGreaterThan(renamed, old)
        for locale in ["en", "ko"] { XCTAssertEqual(try field("date", locale: locale), renamed, locale) }

        try backdate()
        try guidebook.store.write {
            _ = try $0.editor.putSectionTranslation(topic: slug, key: key, locale: "ko", title: "바뀐 구역", precondition: .none)
        }
        try export()
        let translated = try sectionChanged()
        XCTAssertGreaterThan(translated, old)
        XCTAssertEqual(try field("date", locale: "ko"), translated)
    }

    func testNamesThatCouldLeaveTheTreeAreRefused() {
        for name in ["", ".", "..", "../x", "a/b", ".git", "A", "a b", "a\u{0}b", "é", String(repeating: "a", count: 129)] {
            XCTAssertThrowsError(try MarkdownExport.checkName(name), "'\(name)' was accepted")
        }
        XCTAssertNoThrow(try MarkdownExport.checkName("progress-indicators"))
    }
}
