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
        var after: [Int64]? = nil
        repeat {
            let page = try reader.topics(category: nil, after: after, limit: 500)
            for summary in page.items {
                guard let topic = try reader.topic(slug: summary.slug) else { continue }
                bundle.topics.append(BundleTopic(
                    slug: summary.slug,
                    category: summary.category,
                    title: summary.title,
                    summary: summary.summary.filter { !$0.value.isEmpty },
                    sections: topic.sections.map { section in
                        BundleSection(key: section.key, title: section.title,
                                      guidelines: section.guidelines.map { BundleGuideline(id: $0.id, text: $0.text) })
                    }
                ))
            }
            after = page.nextAfter
        } while after != nil
        bundle.glossary = try glossary(database)
        return bundle
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
