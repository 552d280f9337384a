import Foundation
import GuidebookBase
import GuidebookCore
import SQLite

/// `guidebook-bench reference-load`: the engine limit of an import, written independently of it.
///
/// It fills a fresh database (made by the migrations, not timed) with the same rows and the same
/// search index that `guidebook import` writes there, as plainly as SQLite allows: one
/// transaction, one prepared INSERT per table reused for every row, ids counted here instead of
/// looked up, and the search index (tokens, row lengths and the vocabulary's counts of surface
/// forms, all from the one tokenizer pass of Migrations/0010 and 0024) built by one
/// `INSERT … SELECT` from the text tables at the end. It shares no code with `KnowledgeWriter`,
/// `SearchIndexer`, `TextSegmenter` or the importer: JSON comes through `JSONSerialization`, and
/// the fingerprints and versions are computed by the few lines below from the rules the
/// migrations and the README state.
/// `ReferenceLoadTests` checks that both produce the same export, tables and index.
///
/// It knows only a fresh database and lines of kind `locale`, `category` and `topic`, each key
/// once (what `guidebook generate` writes); anything else is an error, not a merge.
///
/// Output, tab-separated: `reference-load`, seconds, guidelines, guidelines/s, peak RSS (kB),
/// CPU seconds (user + system over the timed part).
struct ReferenceLoad {
    let arguments: Arguments

    func run() throws -> Int32 {
        let path = try arguments.string("--db")
        let file = try arguments.string("--file")
        guard !FileManager.default.fileExists(atPath: path) else { throw BenchError("\(path) exists; reference-load wants a fresh database") }
        guard FileManager.default.fileExists(atPath: file) else { throw BenchError("no such file: \(file)") }
        // The schema is the migrations' (setup, not timed); the store is closed before loading.
        _ = try Store(path: path, migrations: try Migration.load(from: try arguments.string("--migrations")), maxReaders: 1)

        let cpuStarted = LatencyStats.cpuSeconds()
        let started = LatencyStats.now()
        let database = try Database(path: path)
        // Statement journals in memory, as a loader of this schema should have them: its triggers
        // give every row's statement one, and SQLite's default moves them all to a temporary file
        // once one passes 64 KiB in the one transaction.
        try database.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA temp_store = MEMORY;")
        try database.registerFullTextFunctions()
        var loader = try Loader(database: database, now: Timestamp.now())
        try database.transaction {
            try BulkLoad.forEachLine(path: file) { line in
                guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0d }) else { return }
                guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                    throw BenchError("a line that is not a JSON object")
                }
                try loader.load(object)
            }
            try loader.finish()
        }
        let seconds = Double(LatencyStats.now() - started) / 1e9
        let cpu = LatencyStats.cpuSeconds() - cpuStarted
        print(["reference-load", String(format: "%.3f", seconds), String(loader.guidelines), String(format: "%.0f", Double(loader.guidelines) / seconds),
               String(LatencyStats.peakRSSKilobytes()), String(format: "%.3f", cpu)].joined(separator: "\t"))
        return 0
    }
}

/// The rows of one reference load; ids are counted from 1, as a fresh database numbers them.
private struct Loader {
    let database: Database
    let now: String
    private(set) var guidelines = 0
    private var categories: [String: Int64] = [:]
    private var topicsInCategory: [Int64: Int] = [:]
    private var topicID: Int64 = 0
    private var sectionID: Int64 = 0
    private var guidelineID: Int64 = 0
    private var localeCount = 2
    // One statement per table, prepared once.
    private let insertLocale, insertCategory, insertCategoryText, insertTopic, insertTopicText: Statement
    private let insertSection, insertSectionText, insertGuideline, insertGuidelineText, insertChange: Statement

    init(database: Database, now: String) throws {
        self.database = database
        self.now = now
        insertLocale = try database.makeStatement("INSERT INTO locales (code, name, is_source, position) VALUES (?, ?, 0, ?)")
        insertCategory = try database.makeStatement("INSERT INTO categories (id, slug, position) VALUES (?, ?, ?)")
        insertCategoryText = try database.makeStatement("INSERT INTO category_texts (category_id, locale, title) VALUES (?, ?, ?)")
        insertTopic = try database.makeStatement("""
            INSERT INTO topics (id, slug, category_id, position, revision, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, 1, ?5, ?5)
            """)
        insertTopicText = try database.makeStatement("""
            INSERT INTO topic_texts (topic_id, locale, title, summary, source_hash, source_revision, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)
            """)
        insertSection = try database.makeStatement("""
            INSERT INTO sections (id, topic_id, key, position, revision, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, 1, ?5, ?5)
            """)
        insertSectionText = try database.makeStatement("""
            INSERT INTO section_texts (section_id, locale, title, source_revision, updated_at) VALUES (?, ?, ?, 1, ?)
            """)
        insertGuideline = try database.makeStatement("""
            INSERT INTO guidelines (id, key, topic_id, section_id, position, revision, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?6)
            """)
        insertGuidelineText = try database.makeStatement("""
            INSERT INTO guideline_texts (guideline_id, locale, text, source_hash, source_revision, updated_at) VALUES (?, ?, ?, ?, 1, ?)
            """)
        insertChange = try database.makeStatement("""
            INSERT INTO changes (at, resource, resource_id, kind, locale, token, etag) VALUES (?, ?, ?, 'created', NULL, NULL, ?)
            """)
    }

    mutating func load(_ object: [String: Any]) throws {
        switch object["kind"] as? String {
        case "locale":
            try insertLocale.run([.text(try string(object, "code")), .text(try string(object, "name")), .integer(Int64(localeCount))])
            localeCount += 1
        case "category":
            let slug = try string(object, "slug")
            let id = Int64(categories.count + 1)
            categories[slug] = id
            try insertCategory.run([.integer(id), .text(slug), .integer(id - 1)])
            for (locale, title) in texts(object["title"]).sorted(by: { $0.key < $1.key }) {
                try insertCategoryText.run([.integer(id), .text(locale), .text(title)])
            }
        case "topic":
            try loadTopic(object)
        default:
            throw BenchError("reference-load reads only locale, category and topic lines")
        }
    }

    private mutating func loadTopic(_ object: [String: Any]) throws {
        let slug = try string(object, "slug")
        let categorySlug = try string(object, "category")
        guard let category = categories[categorySlug] else { throw BenchError("topic \(slug): unknown category \(categorySlug)") }
        topicID += 1
        let topic = topicID
        let position = topicsInCategory[category, default: 0]
        topicsInCategory[category] = position + 1
        try insertTopic.run([.integer(topic), .text(slug), .integer(category), .integer(Int64(position)), .text(now)])
        try change("topic", slug)

        let titles = texts(object["title"])
        let summaries = texts(object["summary"])
        // A translation remembers the source it was made from: the fingerprint of the English
        // title and summary; the English row itself keeps NULL.
        let sourceHash = fingerprint((titles["en"] ?? "") + "\n" + (summaries["en"] ?? ""))
        let locales = sourceFirst(Set(titles.keys).union(summaries.keys))
        for locale in locales {
            try insertTopicText.run([.integer(topic), .text(locale), .text(titles[locale] ?? ""), .text(summaries[locale] ?? ""),
                                     locale == "en" ? .null : .text(sourceHash), .text(now)])
        }

        for (sectionPosition, sectionValue) in ((object["sections"] as? [Any]) ?? []).enumerated() {
            guard let section = sectionValue as? [String: Any] else { throw BenchError("topic \(slug): a section that is not an object") }
            sectionID += 1
            let sectionRow = sectionID
            let key = try string(section, "key")
            try insertSection.run([.integer(sectionRow), .integer(topic), .text(key), .integer(Int64(sectionPosition)), .text(now)])
            let sectionTitles = texts(section["title"])
            for locale in sourceFirst(Set(sectionTitles.keys)) {
                try insertSectionText.run([.integer(sectionRow), .text(locale), .text(sectionTitles[locale] ?? ""), .text(now)])
            }
            try change("section", slug + "#" + key)
            for (guidelinePosition, guidelineValue) in ((section["guidelines"] as? [Any]) ?? []).enumerated() {
                guard let guideline = guidelineValue as? [String: Any] else { throw BenchError("topic \(slug): a guideline that is not an object") }
                guidelineID += 1
                let id = try string(guideline, "id")
                try insertGuideline.run([.integer(guidelineID), .text(id), .integer(topic), .integer(sectionRow), .integer(Int64(guidelinePosition)), .text(now)])
                let text = texts(guideline["text"])
                let textHash = fingerprint(text["en"] ?? "")
                for locale in sourceFirst(Set(text.keys)) {
                    try insertGuidelineText.run([.integer(guidelineID), .text(locale), .text(text[locale] ?? ""),
                                                 locale == "en" ? .null : .text(textHash), .text(now)])
                }
                try change("guideline", id)
                guidelines += 1
            }
        }
    }

    /// Builds the search index from the text tables in one statement, whose rows the tokenizer
    /// counts the surface forms of (`guidebook_collect_forms`), stores those counts, and marks
    /// the load as a bulk change for search caches (the generation moves on; no row-by-row record
    /// is kept).
    func finish() throws {
        try database.execute("""
            INSERT INTO search_index (rowid, title, body) SELECT guidebook_collect_forms(row), title, body FROM search_content;
            INSERT INTO search_surface_forms (form, rows) SELECT key, value FROM json_each(guidebook_collected_forms());
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'search_generation';
            DELETE FROM search_changes;
            UPDATE meta SET value = (SELECT value FROM meta WHERE key = 'search_generation') WHERE key = 'search_changes_floor';
            """)
    }

    // MARK: Rows of the change log

    /// The change log's entry for a created resource, with its version: 16 hex digits of the
    /// fingerprint of kind, key, creation time and revision 1, one per line.
    private func change(_ resource: String, _ key: String) throws {
        try insertChange.run([.text(now), .text(resource), .text(key), .text(fingerprint(resource + "\n" + key + "\n" + now + "\n1"))])
    }

    // MARK: Values

    /// FNV-1a (64 bits) of the UTF-8 bytes, as 16 lower-case hex digits: the fingerprint the
    /// README gives for source hashes and versions.
    private func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The source locale first, then the others by code: a translation row follows its source.
    private func sourceFirst(_ locales: Set<String>) -> [String] {
        (locales.contains("en") ? ["en"] : []) + locales.subtracting(["en"]).sorted()
    }

    private func texts(_ value: Any?) -> [String: String] {
        (value as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
    }

    private func string(_ object: [String: Any], _ key: String) throws -> String {
        guard let value = object[key] as? String else { throw BenchError("a \(object["kind"] ?? "line") without \"\(key)\"") }
        return value
    }
}
