import GuidebookChecks
internal import SQLite

/// The `translation_findings` table's writes (`Migrations/0017_translation_findings.sql`): a
/// record's findings made again from its texts, for every translated locale, and every record's at
/// once. The one place that writes findings (the counts follow by trigger).
struct FindingsTable {
    let database: Database

    /// One finding as stored, less its id and record: what tells a finding that stays from one
    /// that goes or comes.
    private struct Row: Hashable {
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
    private struct Placement {
        var topic: Int
        var section: Int?
        var guideline: Int?
    }

    /// Checks the translations of `owner` again: its findings become what `run` finds in its texts
    /// as they are now (none when the record is gone). Findings that stay are left as they are
    /// (their rows, indexes and counts untouched), so a write rewrites only what it changed.
    func recheck(_ owner: TextRows.Owner, with run: TranslationCheckRun) throws {
        let condition: String
        switch owner.resource {
        case .guideline: condition = "guideline_id = ?1"
        case .section: condition = "section_id = ?1 AND guideline_id IS NULL"
        case .topic: condition = "topic_id = ?1 AND section_id IS NULL AND guideline_id IS NULL"
        case .glossary: return
        }
        var stored: [Row: [Int64]] = [:]
        try database.forEachRow("""
            SELECT id, locale, field, check_name, severity, message, found, fix, at_offset, corrected FROM translation_findings WHERE \(condition)
            """, [.int(owner.id)]) {
            stored[Row(locale: $0.text(1), field: $0.text(2), check: $0.text(3), severity: $0.text(4), message: $0.text(5), found: $0.optionalText(6),
                       fix: $0.optionalText(7), offset: $0.optionalInt(8), corrected: $0.optionalText(9)), default: []].append($0.int64(0))
        }
        let (placement, rows) = try findings(of: owner, with: run)
        var added: [Row] = []
        for row in rows {
            if stored[row]?.popLast() == nil { added.append(row) }
        }
        for id in stored.values.joined() { try database.run("DELETE FROM translation_findings WHERE id = ?1", [.integer(id)]) }
        if let placement { for row in added { try insert(row, at: placement) } }
    }

    /// Checks every translation from scratch (a new file, or other check options).
    func recheckAll(with run: TranslationCheckRun) throws {
        try database.run("DELETE FROM translation_findings")
        try database.run("DELETE FROM translation_finding_counts")
        for (resource, table) in [(ChangeResource.topic, "topics"), (.section, "sections"), (.guideline, "guidelines")] {
            for id in try database.rows("SELECT id FROM \(table) ORDER BY id", [], { $0.int(0) }) {
                let (placement, rows) = try findings(of: TextRows.Owner(resource: resource, id: id), with: run)
                if let placement { for row in rows { try insert(row, at: placement) } }
            }
        }
    }

    /// What `run` finds in the translations of `owner`, and where they belong (nil: no such record).
    private func findings(of owner: TextRows.Owner, with run: TranslationCheckRun) throws -> (Placement?, [Row]) {
        switch owner.resource {
        case .guideline:
            var placement: Placement?, key = "", texts: [String: String] = [:]
            try database.forEachRow("""
                SELECT g.topic_id, g.key, t.locale, t.text FROM guidelines g JOIN guideline_texts t ON t.guideline_id = g.id WHERE g.id = ?1
                """, [.int(owner.id)]) { placement = Placement(topic: $0.int(0), guideline: owner.id); key = $0.text(1); texts[$0.text(2)] = $0.text(3) }
            return (placement, rows(texts, field: "text", key: key, run: run))
        case .section:
            var placement: Placement?, key = "", texts: [String: String] = [:]
            try database.forEachRow("""
                SELECT s.topic_id, s.key, t.locale, t.title FROM sections s JOIN section_texts t ON t.section_id = s.id WHERE s.id = ?1
                """, [.int(owner.id)]) { placement = Placement(topic: $0.int(0), section: owner.id); key = $0.text(1); texts[$0.text(2)] = $0.text(3) }
            return (placement, rows(texts, field: "title", key: key, run: run))
        case .topic:
            var placement: Placement?, slug = "", titles: [String: String] = [:], summaries: [String: String] = [:]
            try database.forEachRow("""
                SELECT t.slug, x.locale, x.title, x.summary FROM topics t JOIN topic_texts x ON x.topic_id = t.id WHERE t.id = ?1
                """, [.int(owner.id)]) {
                placement = Placement(topic: owner.id); slug = $0.text(0); titles[$0.text(1)] = $0.text(2); summaries[$0.text(1)] = $0.text(3)
            }
            return (placement, rows(titles, field: "title", key: slug, run: run) + rows(summaries, field: "summary", key: slug, run: run))
        case .glossary:
            return (nil, [])
        }
    }

    /// The findings of one field in each translated locale of `texts` (by locale, the English among them).
    private func rows(_ texts: [String: String], field: String, key: String, run: TranslationCheckRun) -> [Row] {
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

    private func insert(_ row: Row, at placement: Placement) throws {
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
