internal import SQLite

/// What a search hit shows, in every locale that has it: the record's own text (a guideline's
/// text, a topic's summary, a section's title), its section's title and its topic's title.
public struct SearchHitTexts: Sendable {
    public var text: LocalizedText = [:]
    public var sectionTitle: LocalizedText = [:]
    public var topicTitle: LocalizedText = [:]
}

extension KnowledgeReader {
    /// The texts of a page of hits, read with three statements for the whole page (one per text
    /// table) rather than several per hit; the hits carry their topic and section ids, so no other
    /// table is read. Parallel to `hits`. Empty texts (not translated) are left out.
    public func searchHitTexts(_ hits: [SearchHit]) throws -> [SearchHitTexts] {
        var guidelineTexts: [Int64: LocalizedText] = [:]
        try database.forEachRow("""
            SELECT guideline_id, locale, text FROM guideline_texts WHERE guideline_id IN (SELECT value FROM json_each(?1)) AND text != ''
            """, [.jsonArray(hits.filter { $0.kind == .guideline }.map(\.recordID))]) {
            guidelineTexts[$0.int64(0), default: [:]][$0.text(1)] = $0.text(2)
        }

        var sectionTitles: [Int64: LocalizedText] = [:]
        try database.forEachRow("""
            SELECT section_id, locale, title FROM section_texts WHERE section_id IN (SELECT value FROM json_each(?1)) AND title != ''
            """, [.jsonArray(Array(Set(hits.compactMap { $0.kind == .section ? $0.recordID : $0.sectionID })))]) {
            sectionTitles[$0.int64(0), default: [:]][$0.text(1)] = $0.text(2)
        }

        var topicTitles: [Int64: LocalizedText] = [:]
        var topicSummaries: [Int64: LocalizedText] = [:]
        try database.forEachRow("""
            SELECT topic_id, locale, title, summary FROM topic_texts WHERE topic_id IN (SELECT value FROM json_each(?1))
            """, [.jsonArray(Array(Set(hits.map(\.topicID))))]) {
            if !$0.isEmptyText(2) { topicTitles[$0.int64(0), default: [:]][$0.text(1)] = $0.text(2) }
            if !$0.isEmptyText(3) { topicSummaries[$0.int64(0), default: [:]][$0.text(1)] = $0.text(3) }
        }

        return hits.map { hit in
            var texts = SearchHitTexts(topicTitle: topicTitles[hit.topicID] ?? [:])
            switch hit.kind {
            case .guideline:
                texts.text = guidelineTexts[hit.recordID] ?? [:]
                texts.sectionTitle = hit.sectionID.flatMap { sectionTitles[$0] } ?? [:]
            case .topic:
                texts.text = topicSummaries[hit.recordID] ?? [:]
            case .section:
                texts.sectionTitle = sectionTitles[hit.recordID] ?? [:]
                texts.text = texts.sectionTitle
            }
            return texts
        }
    }
}
