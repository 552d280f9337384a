internal import SQLite

extension KnowledgeReader {
    /// A topic's title and summary in the source locale and every translation, with their states;
    /// nil when there is no such topic.
    public func topicTranslations(slug: String) throws -> TranslatedFields? {
        guard let (id, summary) = try topicRow(slug: slug) else { return nil }
        var rows: [TextRow] = []
        try database.forEachRow("SELECT locale, title, summary, source_hash, source_revision, updated_at, review_state FROM topic_texts WHERE topic_id = ?",
                                [.integer(id)]) {
            var fields: [String: String] = [:]
            if !$0.isEmptyText(1) { fields["title"] = $0.text(1) }
            if !$0.isEmptyText(2) { fields["summary"] = $0.text(2) }
            rows.append(TextRow(locale: $0.text(0), fields: fields, hash: $0.optionalText(3), made: $0.optionalInt(4), updatedAt: $0.text(5),
                                review: ReviewState(rawValue: $0.text(6)) ?? .translated))
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
        let rows = try database.rows("SELECT locale, title, source_revision, updated_at, review_state FROM section_texts WHERE section_id = ?",
                                     [.integer(sectionID)]) {
            TextRow(locale: $0.text(0), fields: $0.isEmptyText(1) ? [:] : ["title": $0.text(1)], hash: nil, made: $0.optionalInt(2), updatedAt: $0.text(3),
                    review: ReviewState(rawValue: $0.text(4)) ?? .translated)
        }
        return translated(version: version, rows: rows, sourceHash: "")
    }

    /// One locale's row of a topic's or section's texts.
    private struct TextRow {
        var locale: String
        var fields: [String: String]
        var hash: String?
        var made: Int?
        var updatedAt: String
        var review: ReviewState
    }

    private func translated(version: String, rows: [TextRow], sourceHash: String) -> TranslatedFields {
        let source = rows.first { $0.locale == SourceLocale.code }
        let sourceRevision = source?.made ?? 1
        var translations: [String: TranslatedFields.Translation] = [:]
        for row in rows where row.locale != SourceLocale.code && !row.fields.isEmpty {
            translations[row.locale] = .init(fields: row.fields,
                                             state: .of(madeFrom: row.made, sourceRevision: sourceRevision, legacyHash: row.hash, sourceHash: sourceHash),
                                             sourceRevision: row.made, updatedAt: row.updatedAt, review: row.review)
        }
        return TranslatedFields(version: version, sourceRevision: sourceRevision, source: source?.fields ?? [:], translations: translations)
    }
}
