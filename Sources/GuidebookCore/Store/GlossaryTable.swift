internal import SQLite

/// The glossary's tables: `glossary_terms` (the English term and its note), `glossary_translations`
/// (the approved equivalent per locale) and `glossary_forbidden` (`Migrations/NNNN_glossary.sql`).
/// The one place in the code that reads and writes them for the glossary API (imports upsert
/// terms through `KnowledgeWriter.upsertGlossaryEntry`).
struct GlossaryTable {
    let database: Database

    /// The terms with the given ids (every term when nil), in id order.
    func terms(ids: [Int64]? = nil, after: Int64 = 0, limit: Int = Int.max) throws -> [GlossaryTerm] {
        let rows: [(Int64, String, String?)]
        if let ids {
            rows = try ids.compactMap { id in
                try database.firstRow("SELECT id, source_term, note FROM glossary_terms WHERE id = ?1", [.integer(id)]) {
                    ($0.int64(0), $0.text(1), $0.optionalText(2))
                }
            }
        } else {
            rows = try database.rows("SELECT id, source_term, note FROM glossary_terms WHERE id > ?1 ORDER BY id LIMIT ?2",
                                     [.integer(after), .integer(Int64(min(limit, Int(Int32.max))))]) {
                ($0.int64(0), $0.text(1), $0.optionalText(2))
            }
        }
        guard !rows.isEmpty else { return [] }
        var terms: [Int64: GlossaryTerm] = [:]
        for (id, source, note) in rows { terms[id] = GlossaryTerm(id: id, term: [SourceLocale.code: source], note: note) }
        let low = rows.map(\.0).min()!, high = rows.map(\.0).max()!
        try database.forEachRow("SELECT term_id, locale, term FROM glossary_translations WHERE term_id BETWEEN ?1 AND ?2",
                                [.integer(low), .integer(high)]) {
            terms[$0.int64(0)]?.term[$0.text(1)] = $0.text(2)
        }
        try database.forEachRow("SELECT term_id, locale, variant FROM glossary_forbidden WHERE term_id BETWEEN ?1 AND ?2 ORDER BY variant",
                                [.integer(low), .integer(high)]) {
            terms[$0.int64(0)]?.forbidden[$0.text(1), default: []].append($0.text(2))
        }
        return rows.compactMap { terms[$0.0] }
    }

    /// The id of the term whose English is `source` in any letter case, or nil: "SHEET" is the
    /// term "sheet", since the checks match English terms whatever their case.
    func id(ofSource source: String) throws -> Int64? {
        try database.firstRow("SELECT id FROM glossary_terms WHERE source_term = ?1 COLLATE NOCASE ORDER BY id LIMIT 1", [.text(source)]) { $0.int64(0) }
    }

    /// Adds a term and returns its id; the caller has found its English term new (`id(ofSource:)`).
    func insert(_ term: GlossaryTerm) throws -> Int64 {
        try database.run("INSERT INTO glossary_terms (source_term, note) VALUES (?1, ?2)",
                         [.text(term.source), .optionalText(term.note)])
        let id = database.lastInsertRowID
        try insertLocalized(term, id: id)
        return id
    }

    /// Replaces the term `term.id` as a whole: false when there is none.
    func replace(_ term: GlossaryTerm) throws -> Bool {
        try database.run("UPDATE glossary_terms SET source_term = ?2, note = ?3 WHERE id = ?1",
                         [.integer(term.id), .text(term.source), .optionalText(term.note)])
        guard database.changes == 1 else { return false }
        try database.run("DELETE FROM glossary_translations WHERE term_id = ?1", [.integer(term.id)])
        try database.run("DELETE FROM glossary_forbidden WHERE term_id = ?1", [.integer(term.id)])
        try insertLocalized(term, id: term.id)
        return true
    }

    /// Deletes the term `id` (its equivalents and variants go with it); false when there is none.
    func delete(id: Int64) throws -> Bool {
        try database.run("DELETE FROM glossary_terms WHERE id = ?1", [.integer(id)])
        return database.changes == 1
    }

    private func insertLocalized(_ term: GlossaryTerm, id: Int64) throws {
        for (locale, text) in term.term where locale != SourceLocale.code {
            try database.run("INSERT INTO glossary_translations (term_id, locale, term) VALUES (?1, ?2, ?3)",
                             [.integer(id), .text(locale), .text(text)])
        }
        for (locale, variants) in term.forbidden {
            for variant in Set(variants) {
                try database.run("INSERT INTO glossary_forbidden (term_id, locale, variant) VALUES (?1, ?2, ?3)",
                                 [.integer(id), .text(locale), .text(variant)])
            }
        }
    }
}

/// What a glossary write did.
public enum GlossaryWriteOutcome: Sendable, Equatable {
    /// Written; the term as stored.
    case written(GlossaryTerm)
    /// No term with that id.
    case notFound
    /// Another term has that English term (its id).
    case duplicate(Int64)
}

extension Store {
    /// Every glossary term, in id order.
    public func glossary() throws -> [GlossaryTerm] {
        try read { try GlossaryTable(database: $0.database).terms() }
    }

    /// Up to `limit` glossary terms after the id `after`, in id order.
    public func glossary(after: Int64?, limit: Int) throws -> [GlossaryTerm] {
        try read { try GlossaryTable(database: $0.database).terms(after: after ?? 0, limit: limit) }
    }

    /// The glossary term `id`, or nil.
    public func glossaryTerm(id: Int64) throws -> GlossaryTerm? {
        try read { try GlossaryTable(database: $0.database).terms(ids: [id]).first }
    }

    /// Adds a glossary term (its `id` is ignored); `token` names who did it, for the change log.
    public func addGlossaryTerm(_ term: GlossaryTerm, token: String? = nil) throws -> GlossaryWriteOutcome {
        try writeGlossary(.created, id: nil, token: token) { table in
            if let existing = try table.id(ofSource: term.source) { return .duplicate(existing) }
            // The write transaction holds off any other writer between the check and the insert.
            let id = try table.insert(term)
            return .written(try table.terms(ids: [id])[0])
        }
    }

    /// Replaces the glossary term `term.id` as a whole, if its current version satisfies
    /// `precondition` (`If-Match`; else `StoreError.preconditionFailed` and nothing changes).
    public func replaceGlossaryTerm(_ term: GlossaryTerm, precondition: WritePrecondition = .none,
                                    token: String? = nil) throws -> GlossaryWriteOutcome {
        try writeGlossary(.updated, id: term.id, precondition: precondition, token: token) { table in
            if let other = try table.id(ofSource: term.source), other != term.id { return .duplicate(other) }
            guard try table.replace(term) else { return .notFound }
            return .written(try table.terms(ids: [term.id])[0])
        }
    }

    /// Deletes the glossary term `id` if its current version satisfies `precondition` (`If-Match`);
    /// false when there is none.
    public func deleteGlossaryTerm(id: Int64, precondition: WritePrecondition = .none, token: String? = nil) throws -> Bool {
        try writeGlossary(.deleted, id: id, precondition: precondition, token: token) { table in
            try table.delete(id: id) ? .written(GlossaryTerm(id: id, term: [:])) : .notFound
        } != .notFound
    }

    /// Every glossary write, in one transaction, with its change-log entry (resource `glossary`,
    /// the term's id) when it wrote something, and the term as it was (`id`) and is noted for
    /// the translation checks. `precondition` is checked against the term as it is, inside the
    /// transaction, so that no other write comes between the check and the change.
    private func writeGlossary(_ kind: ChangeKind, id: Int64?, precondition: WritePrecondition = .none, token: String?,
                               _ body: (GlossaryTable) throws -> GlossaryWriteOutcome) throws -> GlossaryWriteOutcome {
        try write(token: token) { writer in
            let table = GlossaryTable(database: writer.database)
            let before = try id.flatMap { try table.terms(ids: [$0]).first }
            // As for the knowledge base: a missing term with a precondition is a 412 (RFC 9110).
            if precondition != .none, !precondition.isSatisfied(byVersion: before?.version) {
                throw StoreError.preconditionFailed(current: before?.version)
            }
            let outcome = try body(table)
            if case .written(let term) = outcome {
                writer.changeLog.record(.glossary, String(term.id), kind, version: nil)
                writer.noteGlossaryChange(before: before, after: kind == .deleted ? nil : term)
            }
            return outcome
        }
    }
}

/// A guideline's texts by locale, for checking translations against the glossary.
public struct GuidelineTexts: Sendable, Equatable {
    /// The row id: the order of `Store.guidelineTexts(after:limit:)` and its cursor.
    public var rowID: Int64
    /// The guideline's id (its key).
    public var key: String
    /// The text by locale (`en` and its translations).
    public var texts: LocalizedText
}

extension Store {
    /// Up to `limit` guidelines after the row id `after` (nil: from the first), in row-id order,
    /// with their texts.
    public func guidelineTexts(after: Int64?, limit: Int) throws -> [GuidelineTexts] {
        try read { reader in
            try Self.guidelineTexts(reader.database, "SELECT id, key FROM guidelines WHERE id > ?1 ORDER BY id LIMIT ?2",
                                    [.integer(after ?? 0), .integer(Int64(limit))])
        }
    }

    /// The guideline with the id (key) `key` with its texts, or nil.
    public func guidelineTexts(key: String) throws -> GuidelineTexts? {
        try read { reader in
            try Self.guidelineTexts(reader.database, "SELECT id, key FROM guidelines WHERE key = ?1", [.text(key)]).first
        }
    }

    private static func guidelineTexts(_ database: Database, _ sql: String, _ values: [SQLValue]) throws -> [GuidelineTexts] {
        var guidelines = try database.rows(sql, values) { GuidelineTexts(rowID: $0.int64(0), key: $0.text(1), texts: [:]) }
        guard let low = guidelines.first?.rowID, let high = guidelines.last?.rowID else { return [] }
        var index: [Int64: Int] = [:]
        for (position, guideline) in guidelines.enumerated() { index[guideline.rowID] = position }
        try database.forEachRow("SELECT guideline_id, locale, text FROM guideline_texts WHERE guideline_id BETWEEN ?1 AND ?2",
                                [.integer(low), .integer(high)]) {
            if let position = index[$0.int64(0)] { guidelines[position].texts[$0.text(1)] = $0.text(2) }
        }
        return guidelines
    }
}
