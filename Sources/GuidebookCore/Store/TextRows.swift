import GuidebookText
internal import SQLite

/// The text rows of topics, sections and guidelines (`topic_texts`, `section_texts`,
/// `guideline_texts`), written with their source revisions, review states and versions: the one
/// place that decides what a translation was made from and keeps the versions a text had before
/// (`text_versions`), for imports and edits alike.
///
/// A source-locale row's `source_revision` counts the versions of that source text (1, then one
/// more for each change of it); a translation's is the source revision it was made from, so it is
/// current while the two are equal. A translation whose own text does not change keeps the
/// revision it had: a changed source leaves it outdated rather than silently current.
///
/// Every row is the current version of its text (`version`, who made it, how); before a row
/// changes or is deleted, it is copied into `text_versions`, so a text written once costs one row.
///
/// Every text is stored as `TextNormalization.stored` writes it (NFC, fullwidth Latin as ASCII, no
/// zero-width spaces), so the search index, its snippets and every reader see one form of it
/// whatever the writer's keyboard or clipboard gave (issue 23 item 5). Rows written before are
/// normalized once by `normalizeStoredTexts`.
final class TextRows {
    let database: Database
    /// The change time written with every row.
    let now: String
    /// The name of the token that makes the change (nil: none).
    let token: String?

    init(database: Database, now: String, token: String? = nil) {
        self.database = database
        self.now = now
        self.token = token
    }

    // MARK: Guidelines

    /// Writes a guideline's text in `locale`. `sourceHash` is the fingerprint of the guideline's
    /// source text as it is after this write (kept with translations, for rows of older binaries);
    /// `isNew`: the guideline was just created, so no row can exist (and its source is revision 1).
    /// `mark` says how the version came about (a translation's review state: `VersionMark`).
    func putGuidelineText(id: Int, locale: String, text: String, sourceHash: String, isNew: Bool, mark: VersionMark = .written) throws -> WriteOutcome {
        try write(.guideline, id: id, locale: locale, fields: [text], sourceHash: sourceHash, isNew: isNew, mark: mark)
    }

    /// Removes a guideline's translation into `locale`; false when there was none.
    func deleteGuidelineText(id: Int, locale: String) throws -> Bool {
        try delete(.guideline, id: id, locale: locale)
    }

    // MARK: Topics

    /// Writes a topic's title and summary in `locale` ("" stands for "not translated"); `sourceHash`
    /// is the fingerprint of the source title and summary after this write.
    func putTopicText(topicID: Int, locale: String, title: String, summary: String, sourceHash: String, mark: VersionMark = .written) throws -> WriteOutcome {
        try write(.topic, id: topicID, locale: locale, fields: [title, summary], sourceHash: sourceHash, isNew: false, mark: mark)
    }

    /// Removes a topic's translation into `locale`; false when there was none.
    func deleteTopicText(topicID: Int, locale: String) throws -> Bool {
        try delete(.topic, id: topicID, locale: locale)
    }

    // MARK: Sections

    /// Writes a section's title in `locale`; `isNew`: the section was just created.
    func putSectionTitle(sectionID: Int, locale: String, title: String, isNew: Bool, mark: VersionMark = .written) throws -> WriteOutcome {
        try write(.section, id: sectionID, locale: locale, fields: [title], sourceHash: nil, isNew: isNew, mark: mark)
    }

    /// Removes a section's title in `locale`; false when there was none.
    func deleteSectionTitle(sectionID: Int, locale: String) throws -> Bool {
        try delete(.section, id: sectionID, locale: locale)
    }

    // MARK: Writing a version

    /// One locale's text of `id` as stored now.
    struct Stored {
        /// The text columns (`TextTable.columns`).
        var fields: [String]
        var sourceRevision: Int?
        var review: ReviewState
        var version: Int
    }

    /// The stored text of `id` in `locale`, nil when there is none.
    func stored(_ table: TextTable, id: Int, locale: String) throws -> Stored? {
        try database.firstRow(table.selectCurrent, [.int(id), .text(locale)]) { row in
            let count = table.columns.count
            return Stored(fields: (0..<count).map { row.text($0) }, sourceRevision: row.optionalInt(count),
                          review: ReviewState(rawValue: row.text(count + 1)) ?? .translated, version: row.int(count + 2))
        }
    }

    /// Writes the text of `id` in `locale` in `table` as a new version (the current one goes to the
    /// history first), unless it is the same text in the same state.
    func write(_ table: TextTable, id: Int, locale: String, fields: [String], sourceHash: String?, isNew: Bool,
               mark: VersionMark) throws -> WriteOutcome {
        let fields = fields.map(TextNormalization.stored)
        let key: [SQLValue] = [.int(id), .text(locale)]
        let existing = isNew ? nil : try stored(table, id: id, locale: locale)
        let isSource = locale == SourceLocale.code
        let ref = TranslationRef(resource: table.resource, ownerID: id, locale: locale)
        if let existing, existing.fields == fields {
            // The same text: a translation's state (or, for a revert, the revision it translates) may still change.
            let review = mark.review ?? existing.review
            let madeFrom = try mark.madeFrom ?? (mark.isOutdated && !isSource
                ? earlierRevision(table, id: id, isNew: false, keeping: existing.sourceRevision) : existing.sourceRevision)
            guard !isSource, review != existing.review || madeFrom != existing.sourceRevision else { return .unchanged }
            try database.run(table.archive, [.text(SourceLocale.code)] + key)
            try database.run(table.restamp, key + [.text(review.rawValue), .optionalInt(madeFrom), .int(existing.version + 1),
                                                   .optionalText(token), .optionalText(mark.action?.rawValue), .optionalText(mark.note), .text(now)])
            if review == .approved, existing.review != .approved { approved.insert(ref) }
            return .updated
        }
        changed.insert(Owner(resource: table.resource, id: id))
        let version: Int
        if let existing {
            try database.run(table.archive, [.text(SourceLocale.code)] + key)
            version = existing.version + 1
        } else {
            version = isNew ? 1 : (try database.scalarInt(table.lastVersion, key) ?? 0) + 1
        }
        let sourceRevision: Int
        let review: ReviewState
        if isSource {
            sourceRevision = (existing?.sourceRevision ?? 0) + 1
            review = .translated
            if let existing {
                if table.keepsSourceHash {
                    try pinLegacyTranslations(table, id: id, oldSourceHash: ContentHash.hex(existing.fields.joined(separator: "\n")),
                                              oldRevision: existing.sourceRevision ?? 1)
                }
                try noteOutdated(table, id: id, sourceRevision: existing.sourceRevision ?? 1)
                changedSources.insert(SourceRef(resource: table.resource, ownerID: id))
            }
        } else {
            sourceRevision = try mark.madeFrom ?? (mark.isOutdated ? earlierRevision(table, id: id, isNew: isNew, keeping: existing?.sourceRevision)
                                                                    : isNew ? 1 : self.sourceRevision(table, id: id))
            review = mark.review ?? .translated
            outdated.remove(ref)
            if review == .approved { approved.insert(ref) }
        }
        var values = key + fields.map(SQLValue.text)
        if table.keepsSourceHash { values.append(isSource ? .null : .optionalText(sourceHash)) }
        values += [.int(sourceRevision), .text(review.rawValue), .int(version), .optionalText(token), .optionalText(mark.action?.rawValue),
                   .optionalText(mark.note), .text(now)]
        try database.run(table.upsert, values)
        return existing == nil ? .created : .updated
    }

    /// Removes the text of `id` in `locale` (a translation removed is no longer outdated), keeping
    /// its last version and a version that records the removal; false when there was none.
    func delete(_ table: TextTable, id: Int, locale: String) throws -> Bool {
        let key: [SQLValue] = [.int(id), .text(locale)]
        guard let existing = try stored(table, id: id, locale: locale) else { return false }
        try database.run(table.archive, [.text(SourceLocale.code)] + key)
        try database.run(table.tombstone, key + [.int(existing.version + 1), .optionalText(token), .text(now)])
        try database.run(table.deleteRow, key)
        outdated.remove(TranslationRef(resource: table.resource, ownerID: id, locale: locale))
        changed.insert(Owner(resource: table.resource, id: id))
        return true
    }

    // MARK: What changed

    /// A topic, section or guideline, by its row id.
    struct Owner: Hashable, Comparable {
        var resource: ChangeResource
        var id: Int

        /// The order records are checked and their findings written in: by resource, then row id.
        static func < (lhs: Owner, rhs: Owner) -> Bool {
            (lhs.resource.rawValue, lhs.id) < (rhs.resource.rawValue, rhs.id)
        }
    }

    /// The records whose texts (in any locale) this transaction wrote or deleted since their
    /// translations were last checked: they are checked again while a large write goes on
    /// (`FindingsAhead`) and before it commits (`TranslationCheckObserver`).
    private(set) var changed: Set<Owner> = []

    /// `changed`, emptied: its records are about to be checked.
    func takeChanged() -> Set<Owner> {
        defer { changed = [] }
        return changed
    }

    // MARK: Source revisions

    /// One locale's text of one topic, section or guideline, by its owner's row id.
    struct TranslationRef: Hashable {
        var resource: ChangeResource
        var ownerID: Int
        var locale: String
    }

    /// The source text of one topic, section or guideline, by its owner's row id.
    struct SourceRef: Hashable {
        var resource: ChangeResource
        var ownerID: Int
    }

    /// Translations that were current until this transaction changed their source text (and were
    /// not written again after it): what `translation.outdated` reports.
    private(set) var outdated: Set<TranslationRef> = []

    /// Translations this transaction approved: what `translation.approved` reports.
    private(set) var approved: Set<TranslationRef> = []

    /// Source texts this transaction changed (not those it created): what `source.changed` reports.
    private(set) var changedSources: Set<SourceRef> = []

    /// Before the source text of `id` changes from `sourceRevision`: its translations made from
    /// that revision are about to become outdated.
    private func noteOutdated(_ table: TextTable, id: Int, sourceRevision: Int) throws {
        try database.forEachRow(table.madeFrom, [.int(id), .text(SourceLocale.code), .int(sourceRevision)]) {
            outdated.insert(TranslationRef(resource: table.resource, ownerID: id, locale: $0.text(0)))
        }
    }

    /// The source revision a translation of `id` marked outdated is made from: the one it had
    /// (`keeping`) when that is already before the current source revision, else the one before
    /// the current (0 for a source at its first revision: an English no version of which is kept,
    /// as for a translation that already translated another text, `pinLegacyTranslations`).
    private func earlierRevision(_ table: TextTable, id: Int, isNew: Bool, keeping: Int?) throws -> Int {
        let current = isNew ? 1 : try sourceRevision(table, id: id)
        if let keeping, keeping < current { return keeping }
        return current - 1
    }

    /// The revision of the source text of `id` in `table` (1 when it has none).
    func sourceRevision(_ table: TextTable, id: Int) throws -> Int {
        try database.scalarInt(table.sourceRevision, [.int(id), .text(SourceLocale.code)]) ?? 1
    }

    /// Before a source text changes: translations written before source revisions existed (NULL)
    /// get the revision they were made from, judged by their fingerprint of the source (0 when it
    /// was already another text: they stay outdated).
    private func pinLegacyTranslations(_ table: TextTable, id: Int, oldSourceHash: String, oldRevision: Int) throws {
        try database.run("""
            UPDATE \(table.name) SET source_revision = CASE WHEN source_hash IS NULL OR source_hash = ?1 THEN ?2 ELSE 0 END
            WHERE \(table.owner) = ?3 AND source_revision IS NULL
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
            try pinLegacyTranslations(.guideline, id: id, oldSourceHash: ContentHash.hex(text), oldRevision: try sourceRevision(.guideline, id: id))
        }
        for (id, title, summary) in try database.rows("""
            SELECT s.topic_id, s.title, s.summary FROM topic_texts s WHERE s.locale = ?1 AND EXISTS
                (SELECT 1 FROM topic_texts t WHERE t.topic_id = s.topic_id AND t.source_revision IS NULL)
            """, [.text(SourceLocale.code)], { ($0.int(0), $0.text(1), $0.text(2)) }) {
            try pinLegacyTranslations(.topic, id: id, oldSourceHash: ContentHash.hex(title + "\n" + summary),
                                      oldRevision: try sourceRevision(.topic, id: id))
        }
        // Rows whose source row is missing altogether: nothing to compare with, count them current.
        try database.run("UPDATE guideline_texts SET source_revision = 1 WHERE source_revision IS NULL")
        try database.run("UPDATE topic_texts SET source_revision = 1 WHERE source_revision IS NULL")
    }
}

/// How a version of a text came about, besides its text: the review state a translation is
/// written in and the action and note the history shows.
public struct VersionMark: Sendable, Equatable {
    /// The review state to write. Nil: a new or changed text is `translated`, an unchanged one
    /// keeps its state (an import of the same text does not undo an approval).
    public var review: ReviewState?
    /// How it came about (nil: written).
    public var action: TextAction?
    /// What the action needs to be understood (an override's reason, the version a revert restores).
    public var note: String?
    /// The English revision it translates (nil: the current one); a revert restores the one the
    /// version it restores was made from.
    public var madeFrom: Int?
    /// Made from an English revision before the current one (when `madeFrom` is nil): a bundle's
    /// outdated translation. One that already is keeps its revision, so the same bundle imported
    /// again changes nothing.
    public var isOutdated: Bool

    public init(review: ReviewState? = nil, action: TextAction? = nil, note: String? = nil, madeFrom: Int? = nil, isOutdated: Bool = false) {
        (self.review, self.action, self.note, self.madeFrom, self.isOutdated) = (review, action, note, madeFrom, isOutdated)
    }

    /// A plain write.
    public static let written = VersionMark()
}

/// How a version came about, when it was not simply written (`action` in the text tables and
/// the history).
public enum TextAction: String, Sendable, Equatable, CaseIterable {
    /// A reviewer approved it (the text unchanged).
    case approved
    /// A reviewer took the approval back (the text unchanged).
    case unapproved
    /// An earlier version made current again (the note names it).
    case reverted
    /// An accepted suggestion (the note is its id).
    case suggestion
    /// The translation was removed (only in the history).
    case deleted
}

/// One of the text tables, with the statements `TextRows` runs on it (made once: the import runs
/// them for every row).
struct TextTable: Sendable {
    let resource: ChangeResource
    /// `guideline_texts`, `topic_texts` or `section_texts`.
    let name: String
    /// The column naming the owner (`guideline_id`, ...), in the table and in `text_versions`.
    let owner: String
    /// The text columns: a guideline's `text`, a topic's `title` and `summary`, a section's `title`.
    let columns: [String]
    /// Whether the table has `source_hash` (sections never had).
    let keepsSourceHash: Bool

    static let guideline = TextTable(.guideline, "guideline_texts", owner: "guideline_id", columns: ["text"], keepsSourceHash: true)
    static let topic = TextTable(.topic, "topic_texts", owner: "topic_id", columns: ["title", "summary"], keepsSourceHash: true)
    static let section = TextTable(.section, "section_texts", owner: "section_id", columns: ["title"], keepsSourceHash: false)

    /// The table of `resource` (nil for the glossary).
    static func of(_ resource: ChangeResource) -> TextTable? {
        switch resource {
        case .guideline: return .guideline
        case .topic: return .topic
        case .section: return .section
        case .glossary: return nil
        }
    }

    /// The text columns, source revision, review state and version of one row (?1 owner, ?2 locale).
    let selectCurrent: String
    /// Writes a whole row: ?1 owner, ?2 locale, then the text columns, the source hash (where
    /// kept), source revision, review state, version, token, action, note and time.
    let upsert: String
    /// A new state (and English revision) for the same text: ?3 state, ?4 revision, ?5 version, ?6 token, ?7 action, ?8 note, ?9 time.
    let restamp: String
    /// Copies the current row (?2 owner, ?3 locale) into the history; ?1 is the source locale, whose versions have no review state.
    let archive: String
    /// The version recording a removal: ?3 version, ?4 token, ?5 time.
    let tombstone: String
    let deleteRow: String
    /// The highest version the history holds of one text (a text written again after its removal continues from it).
    let lastVersion: String
    let sourceRevision: String
    /// The locales translated from one source revision (?1 owner, ?2 source locale, ?3 revision).
    let madeFrom: String

    private init(_ resource: ChangeResource, _ name: String, owner: String, columns: [String], keepsSourceHash: Bool) {
        (self.resource, self.name, self.owner, self.columns, self.keepsSourceHash) = (resource, name, owner, columns, keepsSourceHash)
        let key = "\(owner) = ?1 AND locale = ?2"
        selectCurrent = "SELECT \(columns.joined(separator: ", ")), source_revision, review_state, version FROM \(name) WHERE \(key)"
        let written = columns + (keepsSourceHash ? ["source_hash"] : [])
            + ["source_revision", "review_state", "version", "changed_by", "action", "note", "updated_at"]
        upsert = """
            INSERT INTO \(name) (\(owner), locale, \(written.joined(separator: ", "))) VALUES (?1, ?2, \((3..<(3 + written.count)).map { "?\($0)" }.joined(separator: ", ")))
            ON CONFLICT (\(owner), locale) DO UPDATE SET \(written.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """
        restamp = "UPDATE \(name) SET review_state = ?3, source_revision = ?4, version = ?5, changed_by = ?6, action = ?7, note = ?8, updated_at = ?9 WHERE \(key)"
        archive = """
            INSERT INTO text_versions (\(owner), locale, version, text, summary, review_state, source_revision, changed_by, changed_at, action, note)
            SELECT \(owner), locale, version, \(columns[0]), \(columns.count > 1 ? columns[1] : "NULL"),
                   CASE WHEN locale = ?1 THEN NULL ELSE review_state END, source_revision, changed_by, updated_at, action, note
            FROM \(name) WHERE \(owner) = ?2 AND locale = ?3
            """
        tombstone = "INSERT INTO text_versions (\(owner), locale, version, changed_by, changed_at, action) VALUES (?1, ?2, ?3, ?4, ?5, 'deleted')"
        deleteRow = "DELETE FROM \(name) WHERE \(key)"
        lastVersion = "SELECT max(version) FROM text_versions WHERE \(key)"
        sourceRevision = "SELECT source_revision FROM \(name) WHERE \(key)"
        madeFrom = "SELECT locale FROM \(name) WHERE \(owner) = ?1 AND locale <> ?2 AND source_revision = ?3"
    }
}
