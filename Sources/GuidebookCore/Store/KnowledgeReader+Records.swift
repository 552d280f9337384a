internal import SQLite

/// Reads of a guideline and of a whole topic in a few prepared statements, handing each
/// guideline over as a `GuidelineRecord` as its rows arrive rather than building a model of the
/// whole topic first.
extension KnowledgeReader {
    /// The text columns every guideline statement below ends with, after the guideline's own.
    private static let textColumns = "gt.locale, gt.text, gt.source_hash, gt.updated_at, gt.source_revision, gt.review_state"
    /// The statements, made once: a statement's text is its key in the connection's cache, so one
    /// interpolated on every call would be built (and hashed) anew each time.
    private static let guidelineSQL = """
        SELECT g.id, g.key, g.topic_id, g.section_id, g.position, g.revision, g.updated_at, g.created_at, \(textColumns)
        FROM guidelines g LEFT JOIN guideline_texts gt ON gt.guideline_id = g.id
        WHERE g.key = ?1 ORDER BY gt.locale
        """
    private static let topicGuidelinesSQL = """
        SELECT g.id, g.key, g.section_id, g.position, g.revision, g.updated_at, g.created_at, \(textColumns)
        FROM guidelines g LEFT JOIN guideline_texts gt ON gt.guideline_id = g.id
        WHERE g.topic_id = ?1 ORDER BY g.position, g.id, gt.locale
        """

    /// One guideline by its public id with its texts (one statement; its topic's slug and its
    /// section's key as kept by `names`), or nil.
    public func guidelineRecord(id: String) throws -> GuidelineRecord? {
        var record = GuidelineRecord()
        var found = false
        var topicID: Int64 = 0, sectionID: Int64 = 0
        // The guideline's columns repeat on each of its text rows (one per locale); the primary
        // key of guideline_texts gives them in locale order.
        try database.forEachRow(Self.guidelineSQL, [.text(id)]) { row in
            if !found {
                found = true
                record.rowID = row.int64(0)
                record.idSpan = row.withText(1) { record.keep($0) }
                topicID = row.int64(2)
                sectionID = row.int64(3)
                Self.fillOwnFields(of: &record, from: row, at: 4)
            }
            appendText(from: row, at: 8, to: &record)
        }
        // A guideline whose topic or section row is gone (a file edited with foreign keys off) is
        // not shown, as the join to them did not show it.
        guard found, let named = try names(topic: topicID, section: sectionID) else { return nil }
        (record.topic, record.section) = named
        record.settleStates()
        return record
    }

    /// The slug of topic `topic` and the key of section `section`, nil when either row is
    /// missing: a pool reader keeps them (`KeptNames`); a writer's reader, which sees its own
    /// uncommitted writes, reads them each time.
    private func names(topic: Int64, section: Int64) throws -> (topic: String, section: String)? {
        guard searchCache != nil else {
            guard let slug = try topicSlug(topic), let key = try sectionKey(section) else { return nil }
            return (slug, key)
        }
        keptNames.keep(atDataVersion: try dataVersion())
        var slug = keptNames.topicSlug(topic)
        if slug == nil, let read = try topicSlug(topic) {
            keptNames.setTopicSlug(read, for: topic)
            slug = read
        }
        var key = keptNames.sectionKey(section)
        if key == nil, let read = try sectionKey(section) {
            keptNames.setSectionKey(read, for: section)
            key = read
        }
        guard let slug, let key else { return nil }
        return (slug, key)
    }

    private func topicSlug(_ id: Int64) throws -> String? {
        try database.firstRow("SELECT slug FROM topics WHERE id = ?1", [.integer(id)]) { $0.text(0) }
    }

    private func sectionKey(_ id: Int64) throws -> String? {
        try database.firstRow("SELECT key FROM sections WHERE id = ?1", [.integer(id)]) { $0.text(0) }
    }

    /// Reads the topic `slug` in four statements: its own fields (two), its sections with their
    /// titles, and its guidelines with their texts (one ordered query, by the topics index: no
    /// sort). `head` gets the topic and its sections (their `guidelines` empty) first; then
    /// `guideline` gets each guideline with the index of its section in those sections, in the
    /// order of their positions within the topic, so the guidelines of different sections come
    /// interleaved; within one section they come in order. One `GuidelineRecord` is refilled for
    /// each. False when there is no such topic (nothing is called then).
    public func readTopic(slug: String, head: (TopicSummary, [Section]) throws -> Void,
                          guideline: (Int, GuidelineRecord) throws -> Void) throws -> Bool {
        guard let (topicID, summary) = try topicRow(slug: slug) else { return false }
        var sections: [Section] = []
        var sectionIDs: [Int64] = []
        try database.forEachRow("""
            SELECT s.id, s.key, s.position, s.revision, s.updated_at, s.created_at, st.locale, st.title, st.review_state
            FROM sections s LEFT JOIN section_texts st ON st.section_id = s.id
            WHERE s.topic_id = ?1 ORDER BY s.position, s.id, st.locale
            """, [.integer(topicID)]) { row in
            if sectionIDs.last != row.int64(0) {
                sectionIDs.append(row.int64(0))
                sections.append(section(from: row, topic: summary.slug, title: [:]))
            }
            if !row.isNull(6), isPublished(row, reviewColumn: 8, locale: row.text(6)) { sections[sections.count - 1].title[row.text(6)] = row.text(7) }
        }
        try head(summary, sections)

        // No local function touches `record` or `place`: one that captured them would box both,
        // and every access of the loop would then be checked for exclusivity at run time.
        var record = GuidelineRecord()
        record.topic = summary.slug
        var place = -1
        try database.forEachRow(Self.topicGuidelinesSQL, [.integer(topicID)]) { row in
            if row.int64(0) != record.rowID {
                try Self.hand(&record, place: place, to: guideline)
                record.startAnother()
                record.rowID = row.int64(0)
                record.idSpan = row.withText(1) { record.keep($0) }
                place = sectionIDs.firstIndex(of: row.int64(2)) ?? -1
                record.section = place >= 0 ? sections[place].key : ""
                Self.fillOwnFields(of: &record, from: row, at: 3)
            }
            appendText(from: row, at: 7, to: &record)
        }
        try Self.hand(&record, place: place, to: guideline)
        return true
    }

    /// Hands a guideline read whole to `guideline`, its states settled; nothing before the first.
    private static func hand(_ record: inout GuidelineRecord, place: Int, to guideline: (Int, GuidelineRecord) throws -> Void) throws {
        guard record.rowID != 0 else { return }
        record.settleStates()
        if place >= 0 { try guideline(place, record) }
    }

    /// Position, revision, update and creation times, from four columns starting at `column`.
    private static func fillOwnFields(of record: inout GuidelineRecord, from row: Statement, at column: Int) {
        record.position = row.int(column)
        record.revision = row.int(column + 1)
        record.updatedAtSpan = row.withText(column + 2) { record.keep($0) }
        record.createdAtSpan = row.withText(column + 3) { record.keep($0) }
    }

    /// One text row (the `textColumns` starting at `column`); none when the guideline has no text
    /// (the left join's NULLs). Its state is settled when the guideline's last text is in.
    private func appendText(from row: Statement, at column: Int, to record: inout GuidelineRecord) {
        guard !row.isNull(column) else { return }
        let locale = row.text(column)
        let review = locale == SourceLocale.code ? nil : ReviewState(rawValue: row.text(column + 5))
        let text = row.withText(column + 1) { record.keep($0) }
        let updatedAt = row.withText(column + 3) { record.keep($0) }
        // The source's fingerprint only decides the state of a text that records no source
        // revision (written before there were revisions); the others are not made a string of it.
        let sourceRevision = row.optionalInt(column + 4)
        record.texts.append(GuidelineRecord.Text(locale: locale, text: text, state: .current, updatedAt: updatedAt,
                                                 sourceRevision: sourceRevision, sourceHash: sourceRevision == nil ? row.optionalText(column + 2) : nil,
                                                 review: review, isPublished: isPublished(review, locale: locale)))
    }
}
