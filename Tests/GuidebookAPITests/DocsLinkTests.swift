import Foundation
import GuidebookTestSupport
import XCTest

/// Every relative link and `#anchor` in the README, CONTRIBUTING.md, `docs/` and `bench-results/`
/// leads somewhere: the file or folder exists, and an anchor names a heading of its page as GitHub
/// makes heading ids. No network: links to other sites are not followed.
final class DocsLinkTests: XCTestCase {
    private let root = TestGuidebook.packageRoot

    func testEveryRelativeLinkAndAnchorLeadsSomewhere() throws {
        var problems: [String] = []
        var checked = 0
        for page in try pages() {
            for link in MarkdownLinks.links(in: try text(of: page)) {
                guard let problem = try check(link, on: page) else {
                    checked += 1
                    continue
                }
                problems.append("\(page):\(link.line): \(link.target): \(problem)")
            }
        }
        XCTAssertEqual(problems, [], "broken links:\n" + problems.joined(separator: "\n"))
        // The docs link among themselves a great deal: finding few links means the scan is broken.
        XCTAssertGreaterThan(checked, 50)
    }

    /// GitHub's heading ids, on headings whose ids the docs rely on.
    func testHeadingSlugsAreGitHubs() {
        XCTAssertEqual(MarkdownLinks.slug(of: "Words that never meet (`match`)"), "words-that-never-meet-match")
        XCTAssertEqual(MarkdownLinks.slug(of: "Growth: 10,000 → 100,000 → 1,000,000 guidelines"), "growth-10000--100000--1000000-guidelines")
        XCTAssertEqual(MarkdownLinks.slug(of: "The search cache after a commit"), "the-search-cache-after-a-commit")
        XCTAssertEqual(MarkdownLinks.slug(of: "A read: `GET /v1/guidelines/{id}` or `GET /v1/search`"), "a-read-get-v1guidelinesid-or-get-v1search")
        XCTAssertEqual(MarkdownLinks.slug(of: "See [the API](api.md) and *this*"), "see-the-api-and-this")
        XCTAssertEqual(MarkdownLinks.slug(of: "검색 Search_here"), "검색-search_here")
    }

    /// Links are found outside code only, with their line numbers and anchors.
    func testLinksAreFoundOutsideCode() {
        let text = """
            See [a](a.md#top) and ![b](img/b.png "title").
            `[not](a-link.md)` and <https://example.com>
            ```sh
            [inside](fence.md)
            ```
            [c](#here) [d](https://example.com/x)
            """
        let links = MarkdownLinks.links(in: text)
        XCTAssertEqual(links.map(\.target), ["a.md#top", "img/b.png", "#here", "https://example.com/x"])
        XCTAssertEqual(links.map(\.line), [1, 1, 6, 6])
    }

    /// A link that leads nowhere, and an anchor that names no heading, are both found.
    func testABrokenLinkAndAMissingAnchorAreReported() throws {
        let page = "docs/api.md"
        XCTAssertNotNil(try check(MarkdownLinks.Link(target: "no-such-page.md", line: 1), on: page))
        XCTAssertNotNil(try check(MarkdownLinks.Link(target: "search.md#no-such-heading", line: 1), on: page))
        XCTAssertNotNil(try check(MarkdownLinks.Link(target: "#no-such-heading", line: 1), on: page))
        XCTAssertNil(try check(MarkdownLinks.Link(target: "search.md#did-you-mean", line: 1), on: page))
    }

    // MARK: Checking

    /// The pages checked, relative to the package root.
    private func pages() throws -> [String] {
        var pages = ["README.md", "CONTRIBUTING.md"]
        for folder in ["docs", "bench-results"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            for case let path as String in walker where path.hasSuffix(".md") { pages.append(folder + "/" + path) }
        }
        return pages.sorted()
    }

    private func text(of page: String) throws -> String {
        try String(contentsOfFile: root + "/" + page, encoding: .utf8)
    }

    /// What is wrong with `link` on `page` (a path relative to the root), or nil.
    private func check(_ link: MarkdownLinks.Link, on page: String) throws -> String? {
        let target = link.target
        if target.contains("://") || target.hasPrefix("mailto:") { return nil }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0].removingPercentEncoding ?? parts[0]
        let anchor = parts.count == 2 ? parts[1] : nil
        let resolved = path.isEmpty ? page : Self.normalize(((page as NSString).deletingLastPathComponent as NSString).appendingPathComponent(path))
        if resolved.hasPrefix("../") { return "leads outside the repository" }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + "/" + resolved, isDirectory: &isFolder) else {
            return "no file \(resolved)"
        }
        guard let anchor else { return nil }
        guard !isFolder.boolValue, resolved.hasSuffix(".md") else { return "an anchor on \(resolved), which is not a Markdown page" }
        let slugs = MarkdownLinks.headingSlugs(in: try text(of: resolved))
        return slugs.contains(anchor) ? nil : "no heading #\(anchor) in \(resolved)"
    }

    /// `a/./b/../c` as `a/c`; a path that climbs out of the root keeps its leading `..`.
    private static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}

/// Markdown links and headings as GitHub reads them, enough for checking a repository's docs:
/// inline links and images outside code spans and fences, ATX headings and their ids.
enum MarkdownLinks {
    struct Link: Equatable {
        let target: String
        let line: Int
    }

    /// The inline links and images of `text` (`[text](target "title")`), outside code.
    static func links(in text: String) -> [Link] {
        var links: [Link] = []
        for (number, line) in proseLines(of: text) {
            let chars = Array(withoutCodeSpans(line))
            var index = 0
            while index + 1 < chars.count {
                if chars[index] == "]", chars[index + 1] == "(", let end = chars[(index + 2)...].firstIndex(of: ")") {
                    let inside = String(chars[(index + 2)..<end]).trimmingCharacters(in: .whitespaces)
                    // A title after the target ("title") is not part of it.
                    let target = inside.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                    if !target.isEmpty { links.append(Link(target: target.trimmingCharacters(in: CharacterSet(charactersIn: "<>")), line: number)) }
                    index = end
                }
                index += 1
            }
        }
        return links
    }

    /// The ids of `text`'s headings: GitHub's slugs, with `-1`, `-2`, ... for repeats.
    static func headingSlugs(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var slugs: Set<String> = []
        for (_, line) in proseLines(of: text) {
            let hashes = line.prefix(while: { $0 == "#" })
            guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { continue }
            let base = slug(of: String(line.dropFirst(hashes.count + 1)))
            let count = seen[base, default: 0]
            seen[base] = count + 1
            slugs.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return slugs
    }

    /// A heading's id as GitHub makes it: the text as rendered (code spans keep their text, links
    /// their words), lowercased, every character but letters, digits, spaces, `-` and `_` dropped,
    /// and each space made a `-`.
    static func slug(of heading: String) -> String {
        var text = heading.trimmingCharacters(in: .whitespaces)
        // `[words](target)` renders as its words.
        while let open = text.range(of: "]("), let close = text[open.upperBound...].firstIndex(of: ")") {
            text.removeSubrange(open.lowerBound..<text.index(after: close))
            if let bracket = text[..<open.lowerBound].lastIndex(of: "[") { text.remove(at: bracket) }
        }
        var slug = ""
        for character in text.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }

    /// The lines outside fenced code blocks, numbered from 1.
    private static func proseLines(of text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var fence: String?
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                continue
            }
            lines.append((offset + 1, String(line)))
        }
        return lines
    }

    /// `line` with the contents of its code spans blanked out (a link written in code is no link).
    private static func withoutCodeSpans(_ line: String) -> String {
        var out = ""
        var inCode = false
        for character in line {
            if character == "`" {
                inCode.toggle()
                out.append(character)
            } else {
                out.append(inCode ? " " : character)
            }
        }
        return out
    }
}
