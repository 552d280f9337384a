import GuidebookChecks
internal import SQLite

/// The `translation_findings` table's writes (`Migrations/0017_translation_findings.sql`): a
/// record's findings made again from its texts, for every translated locale, and every record's at
/// once. The one place that writes findings (the counts follow by trigger).
struct FindingsTable {
    let database: Database

    /// Checks the translations of `owner` again: its findings are replaced by what `run` finds in
    /// its texts as they are now (none when the record is gone).
    func recheck(_ owner: TextRows.Owner, with run: TranslationCheckRun) throws {
        switch owner.resource {
        case .guideline:
            try database.run("DELETE FROM translation_findings WHERE guideline_id = ?1", [.int(owner.id)])
        case .section:
            try database.run("DELETE FROM translation_findings WHERE section_id = ?1 AND guideline_id IS NULL", [.int(owner.id)])
        case .topic:
            try database.run("DELETE FROM translation_findings WHERE topic_id = ?1 AND section_id IS NULL AND guideline_id IS NULL", [.int(owner.id)])
        case .glossary:
            return
        }
        try check(owner, with: run)
    }

    /// Checks every translation from scratch (a new file, or other check options).
    func recheckAll(with run: TranslationCheckRun) throws {
        try database.run("DELETE FROM translation_findings")
        try database.run("DELETE FROM translation_finding_counts")
        for (resource, table) in [(ChangeResource.topic, "topics"), (.section, "sections"), (.guideline, "guidelines")] {
            for id in try database.rows("SELECT id FROM \(table) ORDER BY id", [], { $0.int(0) }) {
                try check(TextRows.Owner(resource: resource, id: id), with: run)
            }
        }
    }

    /// Writes the findings of `owner`'s translations (its old ones are gone).
    private func check(_ owner: TextRows.Owner, with run: TranslationCheckRun) throws {
        switch owner.resource {
        case .guideline:
            var topic = 0, key = "", texts: [String: String] = [:]
            try database.forEachRow("""
                SELECT g.topic_id, g.key, t.locale, t.text FROM guidelines g JOIN guideline_texts t ON t.guideline_id = g.id WHERE g.id = ?1
                """, [.int(owner.id)]) { (topic, key) = ($0.int(0), $0.text(1)); texts[$0.text(2)] = $0.text(3) }
            try write(texts, field: "text", key: key, topic: topic, section: nil, guideline: owner.id, run: run)
        case .section:
            var topic = 0, key = "", texts: [String: String] = [:]
            try database.forEachRow("""
                SELECT s.topic_id, s.key, t.locale, t.title FROM sections s JOIN section_texts t ON t.section_id = s.id WHERE s.id = ?1
                """, [.int(owner.id)]) { (topic, key) = ($0.int(0), $0.text(1)); texts[$0.text(2)] = $0.text(3) }
            try write(texts, field: "title", key: key, topic: topic, section: owner.id, guideline: nil, run: run)
        case .topic:
            var slug = "", titles: [String: String] = [:], summaries: [String: String] = [:]
            try database.forEachRow("""
                SELECT t.slug, x.locale, x.title, x.summary FROM topics t JOIN topic_texts x ON x.topic_id = t.id WHERE t.id = ?1
                """, [.int(owner.id)]) { slug = $0.text(0); titles[$0.text(1)] = $0.text(2); summaries[$0.text(1)] = $0.text(3) }
            try write(titles, field: "title", key: slug, topic: owner.id, section: nil, guideline: nil, run: run)
            try write(summaries, field: "summary", key: slug, topic: owner.id, section: nil, guideline: nil, run: run)
        case .glossary:
            break
        }
    }

    /// Writes the findings of one field in each translated locale of `texts` (by locale, the English among them).
    private func write(_ texts: [String: String], field: String, key: String, topic: Int, section: Int?, guideline: Int?,
                       run: TranslationCheckRun) throws {
        guard let source = texts[SourceLocale.code] else { return }
        for (locale, text) in texts.sorted(by: { $0.key < $1.key }) where locale != SourceLocale.code {
            for finding in run.findings(source: source, translation: text, locale: locale, key: key) {
                try database.run("""
                    INSERT INTO translation_findings (topic_id, section_id, guideline_id, locale, field, check_name, severity, message,
                                                      found, fix, at_offset, corrected)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
                    """, [.int(topic), .optionalInt(section), .optionalInt(guideline), .text(locale), .text(field), .text(finding.check.rawValue),
                          .text(finding.severity.rawValue), .text(finding.message), .optionalText(finding.found), .optionalText(finding.fix),
                          .optionalInt(finding.offset), .optionalText(finding.correctedText)])
            }
        }
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
