internal import SQLite

/// Reads the whole knowledge base back as a bundle, in display order, so that exporting and
/// importing into an empty database reproduces it.
public struct BundleExporter {
    private let reader: KnowledgeReader

    public init(reader: KnowledgeReader) {
        self.reader = reader
    }

    /// The knowledge base as one bundle. Call it through `Store.read`, whose read transaction makes
    /// it one consistent snapshot.
    public func export() throws -> KnowledgeBundle {
        let database = reader.database

        var bundle = KnowledgeBundle()
        bundle.locales = try reader.locales().map { BundleLocale(code: $0.code, name: $0.name) }
        bundle.categories = try reader.categories().map { BundleCategory(slug: $0.slug, title: $0.title) }
        let topicReviews = try reviews(of: .topic, database)
        let sectionReviews = try reviews(of: .section, database)
        var after: [Int64]? = nil
        repeat {
            let page = try reader.topics(category: nil, after: after, limit: 500)
            for summary in page.items {
                guard let topic = try reader.topic(slug: summary.slug) else { continue }
                let texts = summary.summary.filter { !$0.value.isEmpty }
                bundle.topics.append(BundleTopic(
                    slug: summary.slug,
                    category: summary.category,
                    title: summary.title,
                    summary: texts,
                    sections: topic.sections.map { section in
                        BundleSection(key: section.key, title: section.title,
                                      guidelines: section.guidelines.map { BundleGuideline(id: $0.id, text: $0.text, review: Self.review(of: $0)) },
                                      review: Self.review(of: sectionReviews[summary.slug + "#" + section.key]) { section.title[$0] != nil })
                    },
                    review: Self.review(of: topicReviews[summary.slug]) { summary.title[$0] != nil || texts[$0] != nil }
                ))
            }
            after = page.nextAfter
        } while after != nil
        bundle.glossary = try glossary(database)
        return bundle
    }

    /// Where a guideline's translations stand, as the bundle says it (`BundleReview`).
    private static func review(of guideline: Guideline) -> BundleReview {
        var review = BundleReview()
        for (locale, translation) in guideline.translations.sorted(by: { $0.key < $1.key }) where guideline.text[locale] != nil {
            if let state = translation.review, state != .translated { review.states[locale] = state.rawValue }
            if translation.state == .outdated { review.outdated.append(locale) }
        }
        return review
    }

    /// One translation of a topic or section that is not simply `translated` and current.
    private struct StoredReview {
        var locale: String
        var state: ReviewState
        var isOutdated: Bool
    }

    /// `stored` as the bundle says it, for the locales the bundle has a text in (`hasText`).
    private static func review(of stored: [StoredReview]?, hasText: (String) -> Bool) -> BundleReview {
        var review = BundleReview()
        for item in (stored ?? []).sorted(by: { $0.locale < $1.locale }) where hasText(item.locale) {
            if item.state != .translated { review.states[item.locale] = item.state.rawValue }
            if item.isOutdated { review.outdated.append(item.locale) }
        }
        return review
    }

    /// The translations of every topic (by slug) or section (by "slug#key") that are not
    /// `translated` or not current, read in one pass over their table.
    private func reviews(of table: TextTable, _ database: Database) throws -> [String: [StoredReview]] {
        let (key, owners) = table.resource == .topic
            ? ("t.slug", "topic_texts tt JOIN topics t ON t.id = tt.topic_id")
            : ("t.slug || '#' || s.key", "section_texts tt JOIN sections s ON s.id = tt.section_id JOIN topics t ON t.id = s.topic_id")
        // A topic translation written before source revisions (NULL) is judged by its hash, as the readers judge it.
        let legacy = table.keepsSourceHash ? "tt.source_hash, en.\(table.columns.joined(separator: " || char(10) || en."))" : "NULL, NULL"
        var result: [String: [StoredReview]] = [:]
        try database.forEachRow("""
            SELECT \(key), tt.locale, tt.review_state, tt.source_revision, en.source_revision, \(legacy) FROM \(owners)
            LEFT JOIN \(table.name) en ON en.\(table.owner) = tt.\(table.owner) AND en.locale = ?1
            WHERE tt.locale != ?1 AND (tt.review_state != 'translated' OR tt.source_revision IS NOT en.source_revision)
            """, [.text(SourceLocale.code)]) { row in
            let source = row.optionalText(6)
            let state = TranslationState.of(madeFrom: row.optionalInt(3), sourceRevision: row.optionalInt(4) ?? 1, legacyHash: row.optionalText(5),
                                            sourceHash: ContentHash.hex(source ?? ""))
            let review = ReviewState(rawValue: row.text(2)) ?? .translated
            guard review != .translated || state == .outdated else { return }
            result[row.text(0), default: []].append(StoredReview(locale: row.text(1), state: review, isOutdated: state == .outdated))
        }
        return result
    }

    private func glossary(_ database: Database) throws -> [BundleGlossaryEntry] {
        var translations: [Int64: LocalizedText] = [:]
        try database.forEachRow("SELECT term_id, locale, term FROM glossary_translations") {
            translations[$0.int64(0), default: [:]][$0.text(1)] = $0.text(2)
        }
        return try database.rows("SELECT id, source_term, note FROM glossary_terms ORDER BY id") { row in
            var term = translations[row.int64(0)] ?? [:]
            term[SourceLocale.code] = row.text(1)
            return BundleGlossaryEntry(term: term, note: row.optionalText(2))
        }
    }
}
