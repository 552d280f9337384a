internal import SQLite

/// What a search hit shows, in every locale that has it: the record's own text (a guideline's
/// text, a topic's summary, a section's title), its section's title and its topic's title.
public struct SearchHitTexts: Sendable {
    public var text: LocalizedText = [:]
    public var sectionTitle: LocalizedText = [:]
    public var topicTitle: LocalizedText = [:]
}

extension KnowledgeReader {
    /// The texts of a page of hits, read with three statements for the whole page (one per table)
    /// rather than several per hit. Parallel to `hits`. Empty texts (not translated) are left out.
    public func searchHitTexts(_ hits: [SearchHit]) throws -> [SearchHitTexts] {
        var topicOfHit: [Int64?] = hits.map { $0.kind == .topic ? $0.recordID : nil }

        var guidelineTexts: [Int64: LocalizedText] = [:]
        var sectionOfGuideline: [Int64: Int64] = [:]
        var topicOfGuideline: [Int64: Int64] = [:]
        try database.forEachRow("""
            SELECT g.id, g.section_id, g.topic_id, gt.locale, gt.text FROM guidelines g JOIN guideline_texts gt ON gt.guideline_id = g.id
            WHERE g.id IN (SELECT value FROM json_each(?1)) AND gt.text != ''
            """, [.jsonArray(hits.filter { $0.kind == .guideline }.map(\.recordID))]) {
            sectionOfGuideline[$0.int64(0)] = $0.int64(1)
            topicOfGuideline[$0.int64(0)] = $0.int64(2)
            guidelineTexts[$0.int64(0), default: [:]][$0.text(3)] = $0.text(4)
        }

        var sectionTitles: [Int64: LocalizedText] = [:]
        var topicOfSection: [Int64: Int64] = [:]
        try database.forEachRow("""
            SELECT s.id, s.topic_id, st.locale, st.title FROM sections s JOIN section_texts st ON st.section_id = s.id
            WHERE s.id IN (SELECT value FROM json_each(?1)) AND st.title != ''
            """, [.jsonArray(hits.filter { $0.kind == .section }.map(\.recordID) + Array(sectionOfGuideline.values))]) {
            topicOfSection[$0.int64(0)] = $0.int64(1)
            sectionTitles[$0.int64(0), default: [:]][$0.text(2)] = $0.text(3)
        }
        for (index, hit) in hits.enumerated() where hit.kind != .topic {
            topicOfHit[index] = hit.kind == .guideline ? topicOfGuideline[hit.recordID] : topicOfSection[hit.recordID]
        }

        var topicTitles: [Int64: LocalizedText] = [:]
        var topicSummaries: [Int64: LocalizedText] = [:]
        try database.forEachRow("""
            SELECT topic_id, locale, title, summary FROM topic_texts WHERE topic_id IN (SELECT value FROM json_each(?1))
            """, [.jsonArray(Array(Set(topicOfHit.compactMap { $0 })))]) {
            if !$0.isEmptyText(2) { topicTitles[$0.int64(0), default: [:]][$0.text(1)] = $0.text(2) }
            if !$0.isEmptyText(3) { topicSummaries[$0.int64(0), default: [:]][$0.text(1)] = $0.text(3) }
        }

        return hits.enumerated().map { index, hit in
            let topic = topicOfHit[index]
            var texts = SearchHitTexts(topicTitle: topic.flatMap { topicTitles[$0] } ?? [:])
            switch hit.kind {
            case .guideline:
                texts.text = guidelineTexts[hit.recordID] ?? [:]
                texts.sectionTitle = sectionOfGuideline[hit.recordID].flatMap { sectionTitles[$0] } ?? [:]
            case .topic:
                texts.text = topic.flatMap { topicSummaries[$0] } ?? [:]
            case .section:
                texts.sectionTitle = sectionTitles[hit.recordID] ?? [:]
                texts.text = texts.sectionTitle
            }
            return texts
        }
    }
}
