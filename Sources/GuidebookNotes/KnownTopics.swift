import Foundation
import GuidebookText

/// The topic titles the knowledge base already has (English title → slug), prepared for lookups.
///
/// Known titles let the parser recognise a title where heuristics would have to guess: at the
/// start of an index paragraph, at the end of a title line, or as the most-mentioned subject of a
/// note without a title. Matching ignores case and spacing; a match reuses the existing slug.
struct KnownTopics: Sendable {
    private struct Entry: Sendable {
        let title: String
        let normalized: String
        let slug: String
    }

    /// Longest titles first, so "Progress Indicators" wins over "Progress".
    private let entries: [Entry]

    init(_ titles: [String: String]) {
        entries = titles.compactMap { title, slug -> Entry? in
            let clean = title.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            guard !clean.isEmpty else { return nil }
            return Entry(title: clean, normalized: clean.lowercased(), slug: slug)
        }
        .sorted { $0.normalized.count != $1.normalized.count ? $0.normalized.count > $1.normalized.count : $0.normalized < $1.normalized }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The known title equal to `title` (ignoring case), in the knowledge base's spelling.
    func title(matching title: String) -> String? {
        entry(matching: title)?.title
    }

    /// The existing slug of `title`, if the knowledge base knows it.
    func slug(forTitle title: String) -> String? {
        entry(matching: title)?.slug
    }

    /// The known title that `text` starts with, followed by a space and more text, and the index
    /// where that text begins.
    func prefix(of text: String) -> (title: String, rest: String.Index)? {
        for entry in entries {
            guard let range = text.range(of: entry.normalized, options: [.caseInsensitive, .anchored]) else { continue }
            let rest = text[range.upperBound...]
            guard let first = rest.first, first == " " || first == ":" else { continue }
            let body = rest.drop(while: { $0 == " " || $0 == ":" || $0 == "-" })
            guard !body.isEmpty else { continue }
            return (entry.title, body.startIndex)
        }
        return nil
    }

    /// The known title that `line` ends with, after a word boundary ("[iOS / HIG] Progress Indicators").
    func suffix(of line: String) -> String? {
        for entry in entries {
            guard let range = line.range(of: entry.normalized, options: [.caseInsensitive, .anchored, .backwards]) else { continue }
            if range.lowerBound == line.startIndex { return entry.title }
            let before = line[line.index(before: range.lowerBound)]
            if !EnglishWords.isWordCharacter(before) { return entry.title }
        }
        return nil
    }

    /// The known title mentioned most often in `texts` (at least twice), for notes without a title.
    func mostMentioned(in texts: [String]) -> String? {
        guard !entries.isEmpty else { return nil }
        let haystack = texts.joined(separator: "\n").lowercased()
        var best: (title: String, count: Int)?
        for entry in entries {
            let count = haystack.components(separatedBy: entry.normalized).count - 1
            if count >= 2, count > (best?.count ?? 0) { best = (entry.title, count) }
        }
        return best?.title
    }

    private func entry(matching title: String) -> Entry? {
        let normalized = title.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ").lowercased()
        return entries.first { $0.normalized == normalized }
    }
}
