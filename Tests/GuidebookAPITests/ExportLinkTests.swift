import Foundation
import GuidebookTestSupport
import GuidebookWiki
import XCTest

/// `guidebook export --format markdown --out DIR` (the real command, real files) with symbolic
/// links planted in DIR: a link in place of a locale folder, a category folder, a page, the list,
/// or a file the list names. Each ends in a clear message and a failing status, and the folder the
/// links point to is byte for byte what it was (a snapshot of every name, kind, link target and
/// file's bytes).
final class ExportLinkTests: XCTestCase {
    private var app: TestApp!
    private var root = ""
    private var out: String { root + "/out" }
    private var outside: String { root + "/outside" }

    override func setUpWithError() throws {
        app = try makeTestApp()
        root = try makeTemporaryDirectory("guidebook-export-links")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // What a link could reach: pages with the export's names, and a file named by a hand-edited list.
        try FileManager.default.createDirectory(atPath: outside + "/controls", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: outside + "/controls/progress-indicators.md"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: outside + "/progress-indicators.md"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: outside + "/index.md"))
        try Data("victim".utf8).write(to: URL(fileURLWithPath: outside + "/victim.md"))
    }

    private func export() throws -> CommandProcess {
        let process = try CommandProcess(["export", "--format", "markdown", "--out", out, "--db", app.guidebook.databasePath,
                                          "--resources", TestServer.packageRoot])
        _ = process.waitForExit(seconds: 60)
        return process
    }

    /// Every name below `folder` with what it is: a link's target, a file's bytes.
    private func snapshot(_ folder: String) throws -> [String: String] {
        var names: [String: String] = [:]
        let manager = FileManager.default
        for name in try manager.subpathsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            let type = try manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink?: names[name] = "link " + (try manager.destinationOfSymbolicLink(atPath: path))
            case .typeDirectory?: names[name] = "folder"
            default: names[name] = "file " + (try Data(contentsOf: URL(fileURLWithPath: path))).base64EncodedString()
            }
        }
        return names
    }

    private func link(_ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: out + "/" + name, withDestinationPath: destination)
    }

    private func assertRefused(_ process: CommandProcess, naming name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(process.waitForExit(seconds: 1), 1, process.errorOutput, file: file, line: line)
        XCTAssertTrue(process.errorOutput.contains("\(out)/\(name) is a symbolic link"), process.errorOutput, file: file, line: line)
        XCTAssertTrue(process.output.isEmpty, "no cursor: the tree does not reflect it", file: file, line: line)
    }

    func testSymlinkedLocaleFolderIsSkippedAndOutsideIsUnchanged() throws {
        try link("en", to: "../outside")
        let before = try snapshot(outside)
        let process = try export()
        assertRefused(process, naming: "en")
        XCTAssertEqual(try snapshot(outside), before)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/ko/controls/progress-indicators.md"), "the other locale is exported")
        let list = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out + "/" + ExportDirectory.manifestName)), as: UTF8.self)
        XCTAssertFalse(list.contains("en/"), "nothing behind the link is listed as the export's: \(list)")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/en"), "../outside", "the link itself stays")
    }

    func testSymlinkedCategoryFolderIsSkippedAndOutsideIsUnchanged() throws {
        try FileManager.default.createDirectory(atPath: out + "/en", withIntermediateDirectories: true)
        try link("en/controls", to: "../../outside/controls")
        let before = try snapshot(outside)
        let process = try export()
        assertRefused(process, naming: "en/controls")
        XCTAssertEqual(try snapshot(outside), before)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/en/views/popovers.md"), "other categories are exported")
    }

    func testSymlinkedPageIsNeitherFollowedNorReplaced() throws {
        try FileManager.default.createDirectory(atPath: out + "/en/controls", withIntermediateDirectories: true)
        try link("en/controls/progress-indicators.md", to: "../../../outside/progress-indicators.md")
        try link("en/index.md", to: "../../outside/index.md")
        let before = try snapshot(outside)
        let process = try export()
        assertRefused(process, naming: "en/controls/progress-indicators.md")
        XCTAssertTrue(process.errorOutput.contains("\(out)/en/index.md is a symbolic link"), process.errorOutput)
        XCTAssertEqual(try snapshot(outside), before)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/en/controls/progress-indicators.md"),
                       "../../../outside/progress-indicators.md")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/en/controls/labels.md"), "the pages beside it are exported")
    }

    /// A list edited to name links (a link file, a file behind a linked folder) removes neither
    /// the link nor what it points to.
    func testListNamingALinkRemovesNothing() throws {
        let first = try export()
        XCTAssertEqual(first.waitForExit(seconds: 1), 0, first.errorOutput)
        try link("en/controls/gone.md", to: "../../../outside/victim.md")
        try link("en/old", to: "../../outside")
        let listPath = out + "/" + ExportDirectory.manifestName
        let list = String(decoding: try Data(contentsOf: URL(fileURLWithPath: listPath)), as: UTF8.self)
        try Data((list + "en/controls/gone.md\nen/old/victim.md\n").utf8).write(to: URL(fileURLWithPath: listPath))
        let before = try snapshot(outside)
        let process = try export()
        XCTAssertEqual(process.waitForExit(seconds: 1), 1, process.errorOutput)
        XCTAssertTrue(process.errorOutput.contains("\(out)/en/controls/gone.md is a symbolic link, not a file the export wrote"), process.errorOutput)
        XCTAssertTrue(process.errorOutput.contains("\(out)/en/old is a symbolic link"), process.errorOutput)
        XCTAssertTrue(process.errorOutput.contains("0 removed"), process.errorOutput)
        XCTAssertEqual(try snapshot(outside), before)
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: out + "/en/controls/gone.md"), "the link stays")
    }

    /// The list itself as a link is refused before anything is written.
    func testSymlinkedListRefusesTheWholeExport() throws {
        try link(ExportDirectory.manifestName, to: "../outside/victim.md")
        let before = try snapshot(outside)
        let process = try export()
        XCTAssertEqual(process.waitForExit(seconds: 1), 1, process.errorOutput)
        XCTAssertTrue(process.errorOutput.contains("\(out)/\(ExportDirectory.manifestName) is a symbolic link"), process.errorOutput)
        XCTAssertEqual(try snapshot(outside), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [ExportDirectory.manifestName], "nothing was written")
    }
}
