internal import SQLite

/// What a search hit shows, in every locale that has it: the record's own text (a guideline's
/// text, a topic's summary, a section's title), its section's title and its topic's title.
public struct SearchHitTexts: Sendable {
    public var text: LocalizedText = [:]
    public var sectionTitle: LocalizedText = [:]
    public var topicTitle: LocalizedText = [:]
}

extension KnowledgeReader {
    /// The texts of a page of hits, read with at most three statements for the whole page (one per
    /// text table) rather than several per hit; the hits carry their topic and section ids, so no
    /// other table is read. A pool reader keeps the texts it read (`KeptHitTexts`) while nobody
    /// commits, and reads only those of the records it has not seen. Parallel to `hits`. Empty
    /// texts (not translated) are left out.
    public func searchHitTexts(_ hits: [SearchHit]) throws -> [SearchHitTexts] {
        // A writer's reader is made for one use and sees its own uncommitted writes, which
        // `data_version` does not count: it starts from nothing every time. A pool reader's texts
        // are taken out while they are added to, so the dictionaries are not copied to be written.
        var kept = KeptHitTexts()
        if searchCache != nil { swap(&kept, &keptHitTexts) }
        kept.keep(atDataVersion: try dataVersion())
        let guidelineIDs = kept.guidelinesToRead(Set(hits.filter { $0.kind == .guideline }.map(\.recordID)))
        if !guidelineIDs.isEmpty {
            let read = try localizedTexts("""
                SELECT guideline_id, locale, text FROM guideline_texts WHERE guideline_id IN (SELECT value FROM json_each(?1)) AND text != ''
                """, of: guidelineIDs)
            for id in guidelineIDs { kept.setGuideline(id, text: read[id] ?? [:]) }
        }
        let sectionIDs = kept.sectionsToRead(Set(hits.compactMap { $0.kind == .section ? $0.recordID : $0.sectionID }))
        if !sectionIDs.isEmpty {
            let read = try localizedTexts("""
                SELECT section_id, locale, title FROM section_texts WHERE section_id IN (SELECT value FROM json_each(?1)) AND title != ''
                """, of: sectionIDs)
            for id in sectionIDs { kept.setSection(id, title: read[id] ?? [:]) }
        }
        let topicIDs = kept.topicsToRead(Set(hits.map(\.topicID)))
        if !topicIDs.isEmpty {
            var read: [Int64: (title: LocalizedText, summary: LocalizedText)] = [:]
            try database.forEachRow("""
                SELECT topic_id, locale, title, summary FROM topic_texts WHERE topic_id IN (SELECT value FROM json_each(?1))
                """, [.jsonArray(Array(topicIDs))]) {
                if !$0.isEmptyText(2) { read[$0.int64(0), default: ([:], [:])].title[$0.text(1)] = $0.text(2) }
                if !$0.isEmptyText(3) { read[$0.int64(0), default: ([:], [:])].summary[$0.text(1)] = $0.text(3) }
            }
            for id in topicIDs { kept.setTopic(id, title: read[id]?.title ?? [:], summary: read[id]?.summary ?? [:]) }
        }
        if searchCache != nil { keptHitTexts = kept }

        return hits.map { hit in
            let topic = kept.topics[hit.topicID]
            var texts = SearchHitTexts(topicTitle: topic?.title ?? [:])
            switch hit.kind {
            case .guideline:
                texts.text = kept.guidelines[hit.recordID] ?? [:]
                texts.sectionTitle = hit.sectionID.flatMap { kept.sections[$0] } ?? [:]
            case .topic:
                texts.text = topic?.summary ?? [:]
            case .section:
                texts.sectionTitle = kept.sections[hit.recordID] ?? [:]
                texts.text = texts.sectionTitle
            }
            return texts
        }
    }

    /// One text by locale, by record id, for the records `ids`: `sql` takes them as a JSON array
    /// in `?1` and gives each row's record id, locale and text.
    private func localizedTexts(_ sql: String, of ids: Set<Int64>) throws -> [Int64: LocalizedText] {
        var texts: [Int64: LocalizedText] = [:]
        try database.forEachRow(sql, [.jsonArray(Array(ids))]) {
            texts[$0.int64(0), default: [:]][$0.text(1)] = $0.text(2)
        }
        return texts
    }
}
