import GuidebookText
internal import SQLite

/// The text rows of topics, sections and guidelines (`topic_texts`, `section_texts`,
/// `guideline_texts`), written with their source revisions: the one place that decides what a
/// translation was made from, for imports and edits alike.
///
/// A source-locale row's `source_revision` counts the versions of that source text (1, then one
/// more for each change of it); a translation's is the source revision it was made from, so it is
/// current while the two are equal. A translation whose own text does not change keeps the
/// revision it had: a changed source leaves it outdated rather than silently current.
///
/// Every text is stored as `TextNormalization.stored` writes it (NFC, fullwidth Latin as ASCII, no
/// zero-width spaces), so the search index, its snippets and every reader see one form of it
/// whatever the writer's keyboard or clipboard gave (issue 23 item 5). Rows written before are
/// normalized once by `normalizeStoredTexts`.
final class TextRows {
    let database: Database
    /// The change time written with every row.
    let now: String

    init(database: Database, now: String) {
        self.database = database
        self.now = now
    }

    // MARK: Guidelines

    /// Writes a guideline's text in `locale`. `sourceHash` is the fingerprint of the guideline's
    /// source text as it is after this write (kept with translations, for rows of older binaries);
    /// `isNew`: the guideline was just created, so no row can exist (and its source is revision 1).
    func putGuidelineText(id: Int, locale: String, text: String, sourceHash: String, isNew: Bool) throws -> WriteOutcome {
        let text = TextNormalization.stored(text)
        let key: [SQLValue] = [.int(id), .text(locale)]
        let existing = isNew ? nil : try database.firstRow("SELECT text, source_revision FROM guideline_texts WHERE guideline_id = ? AND locale = ?",
                                                          key) { ($0.text(0), $0.optionalInt(1)) }
        if let existing, existing.0 == text { return .unchanged }
        if locale == SourceLocale.code {
            let revision = (existing?.1 ?? 0) + 1
            if let existing {
                try pinLegacyTranslations(table: "guideline_texts", owner: "guideline_id", id: id,
                                          oldSourceHash: ContentHash.hex(existing.0), oldRevision: existing.1 ?? 1)
                try noteOutdated(.guideline, table: "guideline_texts", owner: "guideline_id", id: id, sourceRevision: existing.1 ?? 1)
            }
            try database.run("""
                INSERT INTO guideline_texts (guideline_id, locale, text, source_hash, source_revision, updated_at) VALUES (?, ?, ?, NULL, ?, ?)
                ON CONFLICT (guideline_id, locale) DO UPDATE SET text = excluded.text, source_revision = excluded.source_revision,
                    updated_at = excluded.updated_at
                """, key + [.text(text), .int(revision), .text(now)])
        } else {
            let sourceRevision = isNew ? 1 : try sourceRevision(table: "guideline_texts", owner: "guideline_id", id: id)
            try database.run("""
                INSERT INTO guideline_texts (guideline_id, locale, text, source_hash, source_revision, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (guideline_id, locale) DO UPDATE SET text = excluded.text, source_hash = excluded.source_hash,
                    source_revision = excluded.source_revision, updated_at = excluded.updated_at
                """, key + [.text(text), .text(sourceHash), .int(sourceRevision), .text(now)])
            outdated.remove(OutdatedTranslation(resource: .guideline, ownerID: id, locale: locale))
        }
        return existing == nil ? .created : .updated
    }

    /// Removes a guideline's translation into `locale`; false when there was none.
    func deleteGuidelineText(id: Int, locale: String) throws -> Bool {
        try deleteText(.guideline, table: "guideline_texts", owner: "guideline_id", id: id, locale: locale)
    }

    // MARK: Topics

    /// Writes a topic's title and summary in `locale` ("" stands for "not translated"); `sourceHash`
    /// is the fingerprint of the source title and summary after this write.
    func putTopicText(topicID: Int, locale: String, title: String, summary: String, sourceHash: String) throws -> WriteOutcome {
        let (title, summary) = (TextNormalization.stored(title), TextNormalization.stored(summary))
        let key: [SQLValue] = [.int(topicID), .text(locale)]
        let existing = try database.firstRow("SELECT title, summary, source_revision FROM topic_texts WHERE topic_id = ? AND locale = ?", key) {
            ($0.text(0), $0.text(1), $0.optionalInt(2))
        }
        if let existing, existing.0 == title, existing.1 == summary { return .unchanged }
        if locale == SourceLocale.code {
            if let existing {
                try pinLegacyTranslations(table: "topic_texts", owner: "topic_id", id: topicID,
                                          oldSourceHash: ContentHash.hex(existing.0 + "\n" + existing.1), oldRevision: existing.2 ?? 1)
                try noteOutdated(.topic, table: "topic_texts", owner: "topic_id", id: topicID, sourceRevision: existing.2 ?? 1)
            }
            try database.run("""
                INSERT INTO topic_texts (topic_id, locale, title, summary, source_hash, source_revision, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?)
                ON CONFLICT (topic_id, locale) DO UPDATE SET title = excluded.title, summary = excluded.summary,
                    source_revision = excluded.source_revision, updated_at = excluded.updated_at
                """, key + [.text(title), .text(summary), .int((existing?.2 ?? 0) + 1), .text(now)])
        } else {
            let sourceRevision = try sourceRevision(table: "topic_texts", owner: "topic_id", id: topicID)
            try database.run("""
                INSERT INTO topic_texts (topic_id, locale, title, summary, source_hash, source_revision, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (topic_id, locale) DO UPDATE SET title = excluded.title, summary = excluded.summary,
                    source_hash = excluded.source_hash, source_revision = excluded.source_revision, updated_at = excluded.updated_at
                """, key + [.text(title), .text(summary), .text(sourceHash), .int(sourceRevision), .text(now)])
            outdated.remove(OutdatedTranslation(resource: .topic, ownerID: topicID, locale: locale))
        }
        return existing == nil ? .created : .updated
    }

    /// Removes a topic's translation into `locale`; false when there was none.
    func deleteTopicText(topicID: Int, locale: String) throws -> Bool {
        try deleteText(.topic, table: "topic_texts", owner: "topic_id", id: topicID, locale: locale)
    }

    // MARK: Sections

    /// Writes a section's title in `locale`; `isNew`: the section was just created.
    func putSectionTitle(sectionID: Int, locale: String, title: String, isNew: Bool) throws -> WriteOutcome {
        let title = TextNormalization.stored(title)
        let key: [SQLValue] = [.int(sectionID), .text(locale)]
        let existing = isNew ? nil : try database.firstRow("SELECT title, source_revision FROM section_texts WHERE section_id = ? AND locale = ?", key) {
            ($0.text(0), $0.optionalInt(1))
        }
        if let existing, existing.0 == title { return .unchanged }
        let revision = locale == SourceLocale.code ? (existing?.1 ?? 0) + 1
            : (isNew ? 1 : try sourceRevision(table: "section_texts", owner: "section_id", id: sectionID))
        if locale == SourceLocale.code, let existing {
            try noteOutdated(.section, table: "section_texts", owner: "section_id", id: sectionID, sourceRevision: existing.1 ?? 1)
        } else if locale != SourceLocale.code {
            outdated.remove(OutdatedTranslation(resource: .section, ownerID: sectionID, locale: locale))
        }
        try database.run("""
            INSERT INTO section_texts (section_id, locale, title, source_revision, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (section_id, locale) DO UPDATE SET title = excluded.title, source_revision = excluded.source_revision,
                updated_at = excluded.updated_at
            """, key + [.text(title), .int(revision), .text(now)])
        return existing == nil ? .created : .updated
    }

    /// Removes a section's title in `locale`; false when there was none.
    func deleteSectionTitle(sectionID: Int, locale: String) throws -> Bool {
        try deleteText(.section, table: "section_texts", owner: "section_id", id: sectionID, locale: locale)
    }

    /// Removes the text of `owner` `id` in `locale` from `table` (a translation removed is no
    /// longer outdated); false when there was none.
    private func deleteText(_ resource: ChangeResource, table: String, owner: String, id: Int, locale: String) throws -> Bool {
        try database.run("DELETE FROM \(table) WHERE \(owner) = ? AND locale = ?", [.int(id), .text(locale)])
        outdated.remove(OutdatedTranslation(resource: resource, ownerID: id, locale: locale))
        return database.changes > 0
    }

    // MARK: Source revisions

    /// A translation this transaction left outdated, by its owner's row id.
    struct OutdatedTranslation: Hashable {
        var resource: ChangeResource
        var ownerID: Int
        var locale: String
    }

    /// Translations that were current until this transaction changed their source text (and were
    /// not written again after it): what `translation.outdated` reports.
    private(set) var outdated: Set<OutdatedTranslation> = []

    /// Before the source text of `owner` `id` changes from `sourceRevision`: its translations made
    /// from that revision are about to become outdated.
    private func noteOutdated(_ resource: ChangeResource, table: String, owner: String, id: Int, sourceRevision: Int) throws {
        try database.forEachRow("SELECT locale FROM \(table) WHERE \(owner) = ? AND locale <> ? AND source_revision = ?",
                                [.int(id), .text(SourceLocale.code), .int(sourceRevision)]) {
            outdated.insert(OutdatedTranslation(resource: resource, ownerID: id, locale: $0.text(0)))
        }
    }

    /// The revision of the source text of `owner` `id` in `table` (1 when it has none).
    private func sourceRevision(table: String, owner: String, id: Int) throws -> Int {
        try database.scalarInt("SELECT source_revision FROM \(table) WHERE \(owner) = ? AND locale = ?", [.int(id), .text(SourceLocale.code)]) ?? 1
    }

    /// Before a source text changes: translations written before source revisions existed (NULL)
    /// get the revision they were made from, judged by their fingerprint of the source (0 when it
    /// was already another text: they stay outdated).
    private func pinLegacyTranslations(table: String, owner: String, id: Int, oldSourceHash: String, oldRevision: Int) throws {
        try database.run("""
            UPDATE \(table) SET source_revision = CASE WHEN source_hash IS NULL OR source_hash = ?1 THEN ?2 ELSE 0 END
            WHERE \(owner) = ?3 AND source_revision IS NULL
            """, [.text(oldSourceHash), .int(oldRevision), .int(id)])
    }

    // MARK: Texts from before normalization

    /// True when the stored texts were written under other normalization rules than this binary's
    /// (or none: a file made before them).
    static func needsNormalizing(_ database: Database) throws -> Bool {
        try MetaTable(database: database).value(MetaTable.textNormalization) != TextNormalization.version
    }

    /// Rewrites every text row `TextNormalization.stored` would write otherwise (decomposed Hangul
    /// from a file made before it, say), keeping its revision and time (it reads the same), has
    /// `indexer` put the search rows that show it back, and records the rules' version. Returns
    /// how many rows changed. One pass over the text tables; only changed rows are held.
    @discardableResult
    func normalizeStoredTexts(indexer: SearchIndexer) throws -> Int {
        var guidelines: [(id: Int, locale: String, text: String)] = []
        try database.forEachRow("SELECT guideline_id, locale, text FROM guideline_texts") { row in
            if let text = TextNormalization.storedIfChanged(row.text(2)) { guidelines.append((row.int(0), row.text(1), text)) }
        }
        var topics: [(id: Int, locale: String, title: String, summary: String)] = []
        try database.forEachRow("SELECT topic_id, locale, title, summary FROM topic_texts") { row in
            let (title, summary) = (row.text(2), row.text(3))
            let newTitle = TextNormalization.storedIfChanged(title), newSummary = TextNormalization.storedIfChanged(summary)
            if newTitle != nil || newSummary != nil { topics.append((row.int(0), row.text(1), newTitle ?? title, newSummary ?? summary)) }
        }
        var sections: [(id: Int, locale: String, title: String)] = []
        try database.forEachRow("SELECT section_id, locale, title FROM section_texts") { row in
            if let title = TextNormalization.storedIfChanged(row.text(2)) { sections.append((row.int(0), row.text(1), title)) }
        }
        for row in guidelines {
            try database.run("UPDATE guideline_texts SET text = ?3 WHERE guideline_id = ?1 AND locale = ?2", [.int(row.id), .text(row.locale), .text(row.text)])
            try indexer.indexGuideline(id: Int64(row.id))
        }
        for row in topics {
            try database.run("UPDATE topic_texts SET title = ?3, summary = ?4 WHERE topic_id = ?1 AND locale = ?2",
                             [.int(row.id), .text(row.locale), .text(row.title), .text(row.summary)])
            try indexer.indexTopicRow(id: Int64(row.id))
        }
        for row in sections {
            try database.run("UPDATE section_texts SET title = ?3 WHERE section_id = ?1 AND locale = ?2", [.int(row.id), .text(row.locale), .text(row.title)])
            try indexer.indexSection(id: Int64(row.id))
        }
        try MetaTable(database: database).set(MetaTable.textNormalization, to: TextNormalization.version)
        return guidelines.count + topics.count + sections.count
    }

    // MARK: Translations from before source revisions

    /// True when some translation has no source revision yet (a file made before migration 7, the change log).
    static func hasUnpinnedTranslations(_ database: Database) throws -> Bool {
        try database.scalarInt("""
            SELECT EXISTS (SELECT 1 FROM guideline_texts WHERE source_revision IS NULL) OR EXISTS (SELECT 1 FROM topic_texts WHERE source_revision IS NULL)
            """) == 1
    }

    /// Gives every translation without a source revision the one it was made from, judged by its
    /// fingerprint of the source (none recorded, or the source's own: the current revision;
    /// another: 0, outdated), so coverage and work lists can compare revisions in SQL alone.
    func pinUnpinnedTranslations() throws {
        for (id, text) in try database.rows("""
            SELECT s.guideline_id, s.text FROM guideline_texts s WHERE s.locale = ?1 AND EXISTS
                (SELECT 1 FROM guideline_texts t WHERE t.guideline_id = s.guideline_id AND t.source_revision IS NULL)
            """, [.text(SourceLocale.code)], { ($0.int(0), $0.text(1)) }) {
            try pinLegacyTranslations(table: "guideline_texts", owner: "guideline_id", id: id, oldSourceHash: ContentHash.hex(text),
                                      oldRevision: try sourceRevision(table: "guideline_texts", owner: "guideline_id", id: id))
        }
        for (id, title, summary) in try database.rows("""
            SELECT s.topic_id, s.title, s.summary FROM topic_texts s WHERE s.locale = ?1 AND EXISTS
                (SELECT 1 FROM topic_texts t WHERE t.topic_id = s.topic_id AND t.source_revision IS NULL)
            """, [.text(SourceLocale.code)], { ($0.int(0), $0.text(1), $0.text(2)) }) {
            try pinLegacyTranslations(table: "topic_texts", owner: "topic_id", id: id, oldSourceHash: ContentHash.hex(title + "\n" + summary),
                                      oldRevision: try sourceRevision(table: "topic_texts", owner: "topic_id", id: id))
        }
        // Rows whose source row is missing altogether: nothing to compare with, count them current.
        try database.run("UPDATE guideline_texts SET source_revision = 1 WHERE source_revision IS NULL")
        try database.run("UPDATE topic_texts SET source_revision = 1 WHERE source_revision IS NULL")
    }
}
