import SQLite

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
        let guidelineIDs = hits.filter { $0.kind == .guideline }.map(\.recordID)
        var guidelineTexts: [Int64: LocalizedText] = [:]
        var sectionOfGuideline: [Int64: Int64] = [:]
        try database.forEachRow("""
            SELECT g.id, g.section_id, gt.locale, gt.text FROM guidelines g JOIN guideline_texts gt ON gt.guideline_id = g.id
            WHERE g.id IN (SELECT value FROM json_each(?1)) AND gt.text != ''
            """, [.text(Self.jsonList(guidelineIDs))]) {
            sectionOfGuideline[$0.int64(0)] = $0.int64(1)
            guidelineTexts[$0.int64(0), default: [:]][$0.text(2)] = $0.text(3)
        }

        let sectionIDs = hits.filter { $0.kind == .section }.map(\.recordID) + Array(sectionOfGuideline.values)
        var sectionTitles: [Int64: LocalizedText] = [:]
        try database.forEachRow("""
            SELECT section_id, locale, title FROM section_texts WHERE section_id IN (SELECT value FROM json_each(?1)) AND title != ''
            """, [.text(Self.jsonList(sectionIDs))]) {
            sectionTitles[$0.int64(0), default: [:]][$0.text(1)] = $0.text(2)
        }

        var topicTitles: [String: LocalizedText] = [:]
        var topicSummaries: [String: LocalizedText] = [:]
        let slugs = Array(Set(hits.map(\.topic)))
        try database.forEachRow("""
            SELECT t.slug, tt.locale, tt.title, tt.summary FROM topics t JOIN topic_texts tt ON tt.topic_id = t.id
            WHERE t.slug IN (SELECT value FROM json_each(?1))
            """, [.text(Self.jsonList(slugs))]) {
            if !$0.isEmptyText(2) { topicTitles[$0.text(0), default: [:]][$0.text(1)] = $0.text(2) }
            if !$0.isEmptyText(3) { topicSummaries[$0.text(0), default: [:]][$0.text(1)] = $0.text(3) }
        }

        return hits.map { hit in
            var texts = SearchHitTexts(topicTitle: topicTitles[hit.topic] ?? [:])
            switch hit.kind {
            case .guideline:
                texts.text = guidelineTexts[hit.recordID] ?? [:]
                texts.sectionTitle = sectionOfGuideline[hit.recordID].flatMap { sectionTitles[$0] } ?? [:]
            case .topic:
                texts.text = topicSummaries[hit.topic] ?? [:]
            case .section:
                texts.sectionTitle = sectionTitles[hit.recordID] ?? [:]
                texts.text = texts.sectionTitle
            }
            return texts
        }
    }

    private static func jsonList(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    private static func jsonList(_ strings: [String]) -> String {
        var json = "["
        for (index, string) in strings.enumerated() {
            if index > 0 { json += "," }
            json += "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        json.unicodeScalars.append(scalar)
                    }
                }
            }
            json += "\""
        }
        return json + "]"
    }
}
