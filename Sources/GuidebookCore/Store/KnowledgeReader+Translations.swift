internal import SQLite

extension KnowledgeReader {
    /// A topic's title and summary in the source locale and every translation, with their states;
    /// nil when there is no such topic.
    public func topicTranslations(slug: String) throws -> TranslatedFields? {
        guard let (id, summary) = try topicRow(slug: slug) else { return nil }
        var rows: [(locale: String, fields: [String: String], hash: String?, made: Int?, updatedAt: String)] = []
        try database.forEachRow("SELECT locale, title, summary, source_hash, source_revision, updated_at FROM topic_texts WHERE topic_id = ?",
                                [.integer(id)]) {
            var fields: [String: String] = [:]
            if !$0.isEmptyText(1) { fields["title"] = $0.text(1) }
            if !$0.isEmptyText(2) { fields["summary"] = $0.text(2) }
            rows.append(($0.text(0), fields, $0.optionalText(3), $0.optionalInt(4), $0.text(5)))
        }
        let source = rows.first { $0.locale == SourceLocale.code }
        // The fingerprint the importer has always kept: the source title and summary, one line apart.
        let sourceHash = ContentHash.hex((source?.fields["title"] ?? "") + "\n" + (source?.fields["summary"] ?? ""))
        return translated(version: summary.version, rows: rows, sourceHash: sourceHash)
    }

    /// A section's title in the source locale and every translation, with their states; nil when
    /// there is no such topic or section.
    public func sectionTranslations(topic slug: String, key: String) throws -> TranslatedFields? {
        guard let (topicID, _) = try topicRow(slug: slug),
              let (sectionID, version) = try database.firstRow("""
                  SELECT id, revision, created_at FROM sections WHERE topic_id = ? AND key = ?
                  """, [.integer(topicID), .text(key)], {
                      ($0.int64(0), ResourceVersion.of("section", key: slug + "#" + key, createdAt: $0.text(2), revision: $0.int(1)))
                  }) else { return nil }
        let rows = try database.rows("SELECT locale, title, source_revision, updated_at FROM section_texts WHERE section_id = ?", [.integer(sectionID)]) {
            (locale: $0.text(0), fields: $0.isEmptyText(1) ? [:] : ["title": $0.text(1)], hash: String?.none, made: $0.optionalInt(2), updatedAt: $0.text(3))
        }
        return translated(version: version, rows: rows, sourceHash: "")
    }

    private func translated(version: String, rows: [(locale: String, fields: [String: String], hash: String?, made: Int?, updatedAt: String)],
                            sourceHash: String) -> TranslatedFields {
        let source = rows.first { $0.locale == SourceLocale.code }
        let sourceRevision = source?.made ?? 1
        var translations: [String: TranslatedFields.Translation] = [:]
        for row in rows where row.locale != SourceLocale.code && !row.fields.isEmpty {
            translations[row.locale] = .init(fields: row.fields,
                                             state: .of(madeFrom: row.made, sourceRevision: sourceRevision, legacyHash: row.hash, sourceHash: sourceHash),
                                             sourceRevision: row.made, updatedAt: row.updatedAt)
        }
        return TranslatedFields(version: version, sourceRevision: sourceRevision, source: source?.fields ?? [:], translations: translations)
    }
}
