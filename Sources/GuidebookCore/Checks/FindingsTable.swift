import Foundation
import GuidebookChecks
internal import SQLite

/// The `translation_findings` table's writes (`Migrations/0017_translation_findings.sql`): a
/// record's findings made again from its texts, for every translated locale, and every record's at
/// once. The one place that writes findings. It counts those it adds itself, once an operation
/// ends (`AddedFindings`, `Migrations/0023`); deletions and moves are counted by trigger.
struct FindingsTable {
    let database: Database

    /// One finding as stored, less its id and record: what tells a finding that stays from one
    /// that goes or comes.
    struct Row: Hashable, Sendable {
        var locale: String
        var field: String
        var check: String
        var severity: String
        var message: String
        var found: String?
        var fix: String?
        var offset: Int?
        var corrected: String?
    }

    /// Where a record's findings belong: its topic, and its section or guideline (neither for a topic's own).
    struct Placement: Sendable {
        var topic: Int
        var section: Int?
        var guideline: Int?
    }

    /// One record's texts as a recheck reads them before making its findings: where the findings
    /// belong (nil: no such record), each checked field's texts by locale, and the findings stored.
    struct Read: Sendable {
        var placement: Placement?
        var fields: [(field: String, key: String, texts: [String: String])] = []
        var stored: [Row: [Int64]] = [:]
    }

    /// Records read, checked and written at a time by `recheck(_:with:workers:)`: enough for every
    /// thread to have a share, few enough that their texts take little memory.
    static let chunkSize = 512
    /// Records a thread checks at least, below which a chunk is checked on the calling thread.
    static let recordsPerThread = 32

    /// Checks the translations of `owners` again, in their order: each one's findings become what
    /// `run` finds in its texts as they are now (none when the record is gone). Findings that stay
    /// are left as they are (their rows, indexes and counts untouched), so a write rewrites only
    /// what it changed. The texts are read and the findings written on this thread, chunk by
    /// chunk; the findings are made on up to `workers` threads at once (after SQLite's work they
    /// are most of what a large import spends).
    func recheck(_ owners: [TextRows.Owner], with run: TranslationCheckRun, workers: Int) throws {
        var added = AddedFindings()
        try forEachChecked(owners, withStored: true, run: run, workers: workers) { read, rows in
            try replace(read.stored, with: rows, at: read.placement, adding: &added)
        }
        try count(added)
    }

    /// Makes a record's `stored` findings (as `read` gave them) `rows`: deletes those that go and
    /// adds those that come at `placement` (none when the record is gone), noting them in `added`
    /// (`count` them before the operation ends).
    func replace(_ stored: [Row: [Int64]], with rows: [Row], at placement: Placement?, adding added: inout AddedFindings) throws {
        var stored = stored
        var new: [Row] = []
        for row in rows where stored[row]?.popLast() == nil { new.append(row) }
        for id in stored.values.joined() { try database.run("DELETE FROM translation_findings WHERE id = ?1", [.integer(id)]) }
        if let placement { for row in new { try insert(row, at: placement, adding: &added) } }
    }

    /// Adds the findings of `added` to their counts, in their topics and in all (topic 0).
    func count(_ added: AddedFindings) throws {
        for (key, count) in added.counts {
            try database.run("""
                INSERT INTO translation_finding_counts (topic_id, locale, check_name, count) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (topic_id, locale, check_name) DO UPDATE SET count = count + excluded.count
                """, [.int(key.topic), .text(key.locale), .text(key.check), .int(count)])
        }
    }

    /// Where the findings of `owner` belong as the transaction sees it now (nil: the record is gone).
    func placement(of owner: TextRows.Owner) throws -> Placement? {
        switch owner.resource {
        case .guideline:
            try database.scalarInt("SELECT topic_id FROM guidelines WHERE id = ?1", [.int(owner.id)]).map { Placement(topic: $0, guideline: owner.id) }
        case .section:
            try database.scalarInt("SELECT topic_id FROM sections WHERE id = ?1", [.int(owner.id)]).map { Placement(topic: $0, section: owner.id) }
        case .topic:
            try database.scalarInt("SELECT id FROM topics WHERE id = ?1", [.int(owner.id)]).map { Placement(topic: $0) }
        case .glossary:
            nil
        }
    }

    /// Checks every translation from scratch (a new file, or other check options).
    func recheckAll(with run: TranslationCheckRun, workers: Int) throws {
        try database.run("DELETE FROM translation_findings")
        try database.run("DELETE FROM translation_finding_counts")
        for (resource, table) in [(ChangeResource.topic, "topics"), (.section, "sections"), (.guideline, "guidelines")] {
            let owners = try database.rows("SELECT id FROM \(table) ORDER BY id", [], { TextRows.Owner(resource: resource, id: $0.int(0)) })
            var added = AddedFindings()
            try forEachChecked(owners, withStored: false, run: run, workers: workers) { read, rows in
                if let placement = read.placement { for row in rows { try insert(row, at: placement, adding: &added) } }
            }
            try count(added)
        }
    }

    /// Reads `owners` a chunk at a time (with their stored findings when `withStored`), makes their
    /// findings on up to `workers` threads, and gives `body` each record and its findings in order.
    private func forEachChecked(_ owners: [TextRows.Owner], withStored: Bool, run: TranslationCheckRun, workers: Int,
                                _ body: (Read, [Row]) throws -> Void) throws {
        for start in stride(from: 0, to: owners.count, by: Self.chunkSize) {
            let reads = try read(Array(owners[start..<min(start + Self.chunkSize, owners.count)]), withStored: withStored)
            for (read, rows) in zip(reads, Self.rows(of: reads, with: run, workers: workers)) { try body(read, rows) }
        }
    }

    /// The texts of each of `owners` and where its findings belong, and (`withStored`) its findings
    /// on file, in the order of `owners` (each at most once). One statement per kind of record
    /// reads the texts of all of them and one their findings: an import checks its records 512 at
    /// a time, and two statements for each were 5% of the writer's instructions.
    func read(_ owners: [TextRows.Owner], withStored: Bool) throws -> [Read] {
        var reads = [Read](repeating: Read(), count: owners.count)
        var places: [ChangeResource: [Int: Int]] = [:]  // by kind, each record's row id to its index in `owners`
        for (index, owner) in owners.enumerated() { places[owner.resource, default: [:]][owner.id] = index }
        for (resource, indices) in places {
            guard let kind = OwnerKind(resource) else { continue }
            let ids = SQLValue.jsonArray(indices.keys.map(Int64.init))
            for index in indices.values { reads[index].fields = kind.fields.map { ($0, "", [:]) } }
            try database.forEachRow(kind.textsSQL, [ids]) {
                guard let index = indices[$0.int(0)] else { return }
                reads[index].placement = kind.placement($0.int(0), $0.int(1))
                let key = $0.text(2), locale = $0.text(3)
                for column in kind.fields.indices {
                    reads[index].fields[column].key = key
                    reads[index].fields[column].texts[locale] = $0.text(4 + column)
                }
            }
            guard withStored else { continue }
            try database.forEachRow(kind.storedSQL, [ids]) {
                guard let index = indices[$0.int(0)] else { return }
                reads[index].stored[Row(locale: $0.text(2), field: $0.text(3), check: $0.text(4), severity: $0.text(5), message: $0.text(6),
                                        found: $0.optionalText(7), fix: $0.optionalText(8), offset: $0.optionalInt(9),
                                        corrected: $0.optionalText(10)), default: []].append($0.int64(1))
            }
        }
        return reads
    }

    /// How one kind of record's texts and findings are read for `read(_:withStored:)`: the ids come
    /// as one JSON array, and each row starts with the record's id.
    private struct OwnerKind {
        /// The checked fields, as the text columns after the locale.
        let fields: [String]
        /// Rows of id, topic id, key (a topic's slug), locale, then the `fields`.
        let textsSQL: String
        /// Rows of the record's id, then the finding's id and its columns: a record's own findings
        /// only (a topic's and a section's exclude those of what they hold).
        let storedSQL: String
        let placement: (_ id: Int, _ topic: Int) -> Placement

        init?(_ resource: ChangeResource) {
            let findingColumns = "f.id, f.locale, f.field, f.check_name, f.severity, f.message, f.found, f.fix, f.at_offset, f.corrected"
            // json_each first (CROSS JOIN): each id is then one seek, in the record's table and in the findings' index.
            switch resource {
            case .guideline:
                fields = ["text"]
                textsSQL = """
                    SELECT g.id, g.topic_id, g.key, t.locale, t.text FROM json_each(?1) AS j
                    CROSS JOIN guidelines g ON g.id = j.value JOIN guideline_texts t ON t.guideline_id = g.id
                    """
                storedSQL = "SELECT f.guideline_id, \(findingColumns) FROM json_each(?1) AS j CROSS JOIN translation_findings f ON f.guideline_id = j.value"
                placement = { Placement(topic: $1, guideline: $0) }
            case .section:
                fields = ["title"]
                textsSQL = """
                    SELECT s.id, s.topic_id, s.key, t.locale, t.title FROM json_each(?1) AS j
                    CROSS JOIN sections s ON s.id = j.value JOIN section_texts t ON t.section_id = s.id
                    """
                storedSQL = """
                    SELECT f.section_id, \(findingColumns) FROM json_each(?1) AS j
                    CROSS JOIN translation_findings f ON f.section_id = j.value WHERE f.guideline_id IS NULL
                    """
                placement = { Placement(topic: $1, section: $0) }
            case .topic:
                fields = ["title", "summary"]
                textsSQL = """
                    SELECT t.id, t.id, t.slug, x.locale, x.title, x.summary FROM json_each(?1) AS j
                    CROSS JOIN topics t ON t.id = j.value JOIN topic_texts x ON x.topic_id = t.id
                    """
                storedSQL = """
                    SELECT f.topic_id, \(findingColumns) FROM json_each(?1) AS j
                    CROSS JOIN translation_findings f ON f.topic_id = j.value WHERE f.section_id IS NULL AND f.guideline_id IS NULL
                    """
                placement = { id, _ in Placement(topic: id) }
            case .glossary:
                return nil
            }
        }
    }

    /// The findings `run` makes of each of `reads`, on up to `workers` threads: each thread takes
    /// every `workers`-th record.
    static func rows(of reads: [Read], with run: TranslationCheckRun, workers: Int) -> [[Row]] {
        let threads = min(workers, reads.count / recordsPerThread)
        guard threads > 1 else { return reads.map { rows(of: $0, with: run) } }
        let results = MadeRows(count: reads.count)
        WorkerThreads.perform(threads, name: "guidebook-checks") { thread in
            // Made apart, then put in place under the lock once per thread.
            let indices = stride(from: thread, to: reads.count, by: threads)
            results.put(indices.map { rows(of: reads[$0], with: run) }, at: indices)
        }
        return results.all
    }

    /// The findings of each record, as the threads of `rows(of:with:workers:)` make them. Behind an
    /// `NSLock` (a pthread mutex), not the Synchronization module's `Mutex`: ThreadSanitizer sees
    /// the one and not the other on Linux, and `make tsan-check` reported two threads' writes under
    /// the `Mutex` as a race.
    private final class MadeRows: @unchecked Sendable {
        private let lock = NSLock()
        private var rows: [[Row]]

        init(count: Int) {
            rows = [[Row]](repeating: [], count: count)
        }

        func put(_ made: [[Row]], at indices: StrideTo<Int>) {
            lock.withLock {
                for (index, made) in zip(indices, made) { rows[index] = made }
            }
        }

        var all: [[Row]] { lock.withLock { rows } }
    }

    /// The findings `run` makes of one record's texts (none for a record that is gone).
    private static func rows(of read: Read, with run: TranslationCheckRun) -> [Row] {
        guard read.placement != nil else { return [] }
        return read.fields.flatMap { rows($0.texts, field: $0.field, key: $0.key, run: run) }
    }

    /// The findings of one field in each translated locale of `texts` (by locale, the English among them).
    private static func rows(_ texts: [String: String], field: String, key: String, run: TranslationCheckRun) -> [Row] {
        guard let source = texts[SourceLocale.code] else { return [] }
        return texts.sorted(by: { $0.key < $1.key }).filter { $0.key != SourceLocale.code }.flatMap { locale, text in
            run.findings(source: source, translation: text, locale: locale, key: key).map {
                Row(locale: locale, field: field, check: $0.check.rawValue, severity: $0.severity.rawValue, message: $0.message,
                    found: $0.found, fix: $0.fix, offset: $0.offset, corrected: Self.storedCorrection($0, of: text))
            }
        }
    }

    /// The corrected text as stored: none when the reader makes the same again from the record's text,
    /// `found` and `fix` (`KnowledgeReader.findingRows`), as it does for every particle finding. A whole
    /// copy of the text per finding was most of the table's bytes (3.5 of 5.9 MB at 100,000 realistic
    /// guidelines).
    private static func storedCorrection(_ finding: CheckFinding, of text: String) -> String? {
        guard let corrected = finding.correctedText else { return nil }
        guard let found = finding.found, let fix = finding.fix, let offset = finding.offset,
              CheckFinding.text(text, replacing: found, at: offset, with: fix) == corrected else { return corrected }
        return nil
    }

    private func insert(_ row: Row, at placement: Placement, adding added: inout AddedFindings) throws {
        added.add(topic: placement.topic, locale: row.locale, check: row.check)
        try database.run("""
            INSERT INTO translation_findings (topic_id, section_id, guideline_id, locale, field, check_name, severity, message,
                                              found, fix, at_offset, corrected)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
            """, [.int(placement.topic), .optionalInt(placement.section), .optionalInt(placement.guideline), .text(row.locale), .text(row.field),
                  .text(row.check), .text(row.severity), .text(row.message), .optionalText(row.found), .optionalText(row.fix),
                  .optionalInt(row.offset), .optionalText(row.corrected)])
    }

    // MARK: After a glossary change

    /// The records whose texts may use one of `terms` (in English or in any locale): a superset,
    /// found by substrings (`GlossaryNeedles`) in one pass over each text table. Nil when a term
    /// cannot be looked for that way (every record is then to be checked).
    func owners(mentioning terms: [GlossaryTerm]) throws -> Set<TextRows.Owner>? {
        guard let needles = GlossaryNeedles(terms: terms) else { return nil }
        guard !needles.isEmpty else { return [] }
        var owners: Set<TextRows.Owner> = []
        for (resource, table, owner, columns) in [(ChangeResource.guideline, "guideline_texts", "guideline_id", ["text"]),
                                                   (.section, "section_texts", "section_id", ["title"]),
                                                   (.topic, "topic_texts", "topic_id", ["title", "summary"])] {
            let condition = columns.map { needles.condition(column: $0) }.joined(separator: " OR ")
            let statement = try database.makeStatement("SELECT DISTINCT \(owner) FROM \(table) WHERE \(condition)")
            try statement.bind(needles.values)
            while try statement.step() { owners.insert(TextRows.Owner(resource: resource, id: statement.int(0))) }
        }
        return owners
    }
}
