import Foundation
import GuidebookTestSupport
import XCTest

/// `guidebook --help` and `docs/configuration.md` come from one option list: the page's table is
/// what `--help-markdown` prints, and `--help` keeps its columns whatever an option's length.
final class ConfigurationPageTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> String {
        let command = try CommandProcess(arguments)
        XCTAssertEqual(command.waitForExit(seconds: 30), 0, command.errorOutput)
        return String(decoding: command.output, as: UTF8.self)
    }

    func testTheConfigurationPageHoldsTheOptionsTheBinaryHas() throws {
        let generated = try run(["--help-markdown"]).trimmingCharacters(in: .newlines)
        let page = try String(contentsOfFile: TestGuidebook.packageRoot + "/docs/configuration.md", encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("<!-- BEGIN OPTIONS") }),
              let end = lines.firstIndex(where: { $0.hasPrefix("<!-- END OPTIONS") }), begin < end else {
            return XCTFail("docs/configuration.md lacks its <!-- BEGIN OPTIONS --> and <!-- END OPTIONS --> markers")
        }
        let table = lines[(begin + 1)..<end].joined(separator: "\n")
        XCTAssertEqual(table, generated, "docs/configuration.md's options differ from `guidebook --help-markdown`: run `make docs-config`")
        // Every option of --help is a row of the table.
        for flag in try helpOptionFlags() where !["--help", "--help-markdown", "--version"].contains(flag) {
            XCTAssertTrue(table.contains("| `\(flag)"), "\(flag) is in --help but not in docs/configuration.md")
        }
    }

    func testHelpKeepsEveryOptionsTextInOneColumn() throws {
        let lines = try optionLines()
        XCTAssertGreaterThan(lines.count, 20)
        var columns: Set<Int> = []
        for line in lines {
            let characters = Array(line)
            if characters.starts(with: Array("  --")) {
                // The flag (and its value's name), then at least two spaces, then the text.
                guard let gap = line.range(of: "  ", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex) else {
                    XCTFail("no gap between the flag and its text: \(line)")
                    continue
                }
                let start = line.distance(from: line.startIndex, to: gap.lowerBound)
                let text = characters[start...].firstIndex { $0 != " " } ?? characters.count
                XCTAssertLessThan(text, characters.count, "an option without text: \(line)")
                columns.insert(text)
            } else {
                // A continuation line: nothing but spaces up to the text's column.
                let text = characters.firstIndex { $0 != " " } ?? characters.count
                columns.insert(text)
            }
            XCTAssertLessThanOrEqual(characters.count, 100, "a help line over 100 characters: \(line)")
        }
        XCTAssertEqual(columns.count, 1, "the option texts start in several columns \(columns.sorted()):\n" + lines.joined(separator: "\n"))
        // Options longer than the old fixed column used to run into their text.
        XCTAssertTrue(lines.contains { $0.hasPrefix("  --trusted-proxy ADDRESSES  ") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("  --webhook-timeout SECONDS  ") }, lines.joined(separator: "\n"))
    }

    /// The option lines of `--help`: from the first `  --` line to the end.
    private func optionLines() throws -> [String] {
        let help = try run(["--help"]).components(separatedBy: "\n").filter { !$0.isEmpty }
        guard let first = help.firstIndex(where: { $0.hasPrefix("  --") }) else { return [] }
        return Array(help[first...])
    }

    private func helpOptionFlags() throws -> [String] {
        try optionLines().filter { $0.hasPrefix("  --") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
    }
}
