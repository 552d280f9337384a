internal import SQLite

/// The edits of the API, on the writer of one transaction (`KnowledgeWriter.editor`): create,
/// replace and delete topics, sections and guidelines, reorder a section's guidelines, write and
/// delete translations.
///
/// Each edit checks its precondition (`If-Match`) and every rule inside the transaction, so that
/// no other write comes between the check and the change; a refused edit throws before changing
/// anything (`StoreError.validation` lists every invalid field at once, `preconditionFailed`,
/// `notFound`, `alreadyExists`). What an edit changes goes to the search index (only the rows it
/// touched) and the change log, in the same transaction. Each returns the resource's new version.
public struct KnowledgeEditor {
    let writer: KnowledgeWriter
    var database: Database { writer.database }
    var now: String { writer.now }

    // MARK: Topics

    /// Creates a topic, last in its category.
    @discardableResult
    public func createTopic(_ draft: TopicDraft, problems: [InvalidField] = []) throws -> String {
        var problems = problems
        EditRules.checkIdentifier(draft.slug, name: "slug", into: &problems)
        let categoryID = try checkTopicFields(draft, into: &problems)
        try refuse(problems)
        guard let slug = draft.slug, let categoryID else { throw StoreError.corrupt("validated topic draft lacks fields") }
        try refuseExisting("topic", id: slug, "SELECT 1 FROM topics WHERE slug = ?", [.text(slug)])
        try database.run("""
            INSERT INTO topics (slug, category_id, position, created_at, updated_at)
            VALUES (?1, ?2, (SELECT coalesce(max(position), -1) + 1 FROM topics WHERE category_id = ?2), ?3, ?3)
            """, [.text(slug), .int(categoryID), .text(now)])
        let id = Int(database.lastInsertRowID)
        _ = try writer.texts.putTopicText(topicID: id, locale: SourceLocale.code, title: draft.title ?? "", summary: draft.summary ?? "",
                                          sourceHash: "")
        try writer.indexer.indexTopic(id: Int64(id), isNew: true)
        let version = ResourceVersion.of("topic", key: slug, createdAt: now, revision: 1)
        writer.changeLog.record(.topic, slug, .created, version: version)
        return version
    }

    /// Replaces a topic's own fields (its slug cannot change: `draft.slug` must be nil or the same).
    @discardableResult
    public func replaceTopic(slug: String, _ draft: TopicDraft, precondition: WritePrecondition, problems: [InvalidField] = []) throws -> String {
        let topic = try existingTopic(slug, precondition: precondition)
        var problems = problems
        if let given = draft.slug, given != slug { problems.append(InvalidField("slug", "cannot change (it is the topic's address); create a new topic instead")) }
        let categoryID = try checkTopicFields(draft, into: &problems)
        try refuse(problems)
        guard let categoryID else { throw StoreError.corrupt("validated topic draft lacks its category") }
        var changed = false
        let categoryChanged = categoryID != topic.categoryID
        if categoryChanged {
            try database.run("""
                UPDATE topics SET category_id = ?2, position = (SELECT coalesce(max(position), -1) + 1 FROM topics WHERE category_id = ?2) WHERE id = ?1
                """, [.int(topic.id), .int(categoryID)])
            changed = true
        }
        let outcome = try writer.texts.putTopicText(topicID: topic.id, locale: SourceLocale.code, title: draft.title ?? "",
                                                    summary: draft.summary ?? "", sourceHash: "")
        changed = changed || outcome != .unchanged
        guard changed else { return topic.version }
        let version = try bumpTopic(topic)
        if categoryChanged { try writer.indexer.indexTopic(id: Int64(topic.id)) } else { try writer.indexer.indexTopicRow(id: Int64(topic.id)) }
        writer.changeLog.record(.topic, slug, .updated, version: version)
        return version
    }

    /// Deletes a topic with its sections and guidelines.
    public func deleteTopic(slug: String, precondition: WritePrecondition) throws {
        let topic = try existingTopic(slug, precondition: precondition)
        let sections = try database.rows("SELECT key FROM sections WHERE topic_id = ?", [.int(topic.id)]) { slug + "#" + $0.text(0) }
        let guidelines = try database.rows("SELECT key FROM guidelines WHERE topic_id = ?", [.int(topic.id)]) { $0.text(0) }
        // The delete triggers remove the search rows of the topic, its sections and its guidelines.
        try database.run("DELETE FROM topics WHERE id = ?", [.int(topic.id)])
        for id in guidelines { writer.changeLog.record(.guideline, id, .deleted, version: nil) }
        for id in sections { writer.changeLog.record(.section, id, .deleted, version: nil) }
        writer.changeLog.record(.topic, slug, .deleted, version: nil)
    }

    private func checkTopicFields(_ draft: TopicDraft, into problems: inout [InvalidField]) throws -> Int? {
        EditRules.checkText(draft.title, name: "title", required: true, maxLength: EditRules.maxTitleLength, into: &problems)
        EditRules.checkText(draft.summary, name: "summary", required: false, maxLength: EditRules.maxTextLength, into: &problems)
        guard let category = draft.category else {
            problems.append(InvalidField("category", "is required"))
            return nil
        }
        guard let id = try database.scalarInt("SELECT id FROM categories WHERE slug = ?", [.text(category)]) else {
            problems.append(InvalidField("category", "no category '\(category.prefix(100))'; see /v1/categories"))
            return nil
        }
        return id
    }

    // MARK: Sections

    /// Creates a section in a topic, at `draft.position` (last when nil). A new section is a new
    /// version of its topic, so `precondition` (`If-Match`) is the topic's: a create based on a
    /// topic that has changed since is refused like an edit of it.
    @discardableResult
    public func createSection(topic slug: String, _ draft: SectionDraft, precondition: WritePrecondition = .none,
                              problems: [InvalidField] = []) throws -> String {
        let topic = try existingTopic(slug, precondition: precondition)
        var problems = problems
        EditRules.checkIdentifier(draft.key, name: "key", into: &problems)
        checkSectionFields(draft, into: &problems)
        try refuse(problems)
        guard let key = draft.key else { throw StoreError.corrupt("validated section draft lacks its key") }
        try refuseExisting("section", id: slug + "#" + key, "SELECT 1 FROM sections WHERE topic_id = ? AND key = ?", [.int(topic.id), .text(key)])
        try database.run("INSERT INTO sections (topic_id, key, position, created_at, updated_at) VALUES (?1, ?2, 1000000, ?3, ?3)",
                         [.int(topic.id), .text(key), .text(now)])
        let id = Int(database.lastInsertRowID)
        try place(id, at: draft.position, among: "sections", where: "topic_id", equals: topic.id)
        if let title = draft.title, !title.isEmpty {
            _ = try writer.texts.putSectionTitle(sectionID: id, locale: SourceLocale.code, title: title, isNew: true)
        }
        try writer.indexer.indexSection(id: Int64(id))
        let version = ResourceVersion.of("section", key: slug + "#" + key, createdAt: now, revision: 1)
        writer.changeLog.record(.section, slug + "#" + key, .created, version: version)
        let topicVersion = try bumpTopic(topic)
        writer.changeLog.record(.topic, slug, .updated, version: topicVersion)
        return version
    }

    /// Replaces a section's title and, when given, its position (its key cannot change).
    @discardableResult
    public func replaceSection(topic slug: String, key: String, _ draft: SectionDraft, precondition: WritePrecondition,
                               problems: [InvalidField] = []) throws -> String {
        let section = try existingSection(slug, key, precondition: precondition)
        var problems = problems
        if let given = draft.key, given != key { problems.append(InvalidField("key", "cannot change (it is the section's address)")) }
        checkSectionFields(draft, into: &problems)
        try refuse(problems)
        var changed = false
        if let position = draft.position, position != section.position {
            try place(section.id, at: position, among: "sections", where: "topic_id", equals: section.topicID)
            changed = true
        }
        let title = draft.title ?? ""
        let current = try database.firstRow("SELECT title FROM section_texts WHERE section_id = ? AND locale = ?",
                                            [.int(section.id), .text(SourceLocale.code)]) { $0.text(0) } ?? ""
        if title != current {
            if title.isEmpty {
                // An untitled section has no source title row; its translations stay, outdated by
                // nothing they could be compared with, until they are deleted too.
                _ = try writer.texts.deleteSectionTitle(sectionID: section.id, locale: SourceLocale.code)
            } else {
                _ = try writer.texts.putSectionTitle(sectionID: section.id, locale: SourceLocale.code, title: title, isNew: false)
            }
            changed = true
        }
        guard changed else { return section.version }
        let version = try bumpSection(section)
        if title != current { try writer.indexer.indexSection(id: Int64(section.id)) }
        writer.changeLog.record(.section, slug + "#" + key, .updated, version: version)
        return version
    }

    /// Deletes a section and its guidelines.
    public func deleteSection(topic slug: String, key: String, precondition: WritePrecondition) throws {
        let section = try existingSection(slug, key, precondition: precondition)
        let guidelines = try database.rows("SELECT key FROM guidelines WHERE section_id = ?", [.int(section.id)]) { $0.text(0) }
        try database.run("DELETE FROM sections WHERE id = ?", [.int(section.id)])
        for id in guidelines { writer.changeLog.record(.guideline, id, .deleted, version: nil) }
        writer.changeLog.record(.section, slug + "#" + key, .deleted, version: nil)
        if let topic = try existingTopicIfAny(slug) { writer.changeLog.record(.topic, slug, .updated, version: try bumpTopic(topic)) }
    }

    /// Puts a section's guidelines in the order of `ids`, which must name each of them once.
    @discardableResult
    public func reorderGuidelines(topic slug: String, section key: String, ids: [String], precondition: WritePrecondition,
                                  problems: [InvalidField] = []) throws -> String {
        let section = try existingSection(slug, key, precondition: precondition)
        try refuse(problems)
        let current = try database.rows("SELECT id, key FROM guidelines WHERE section_id = ? ORDER BY position, id", [.int(section.id)]) {
            ($0.int(0), $0.text(1))
        }
        let byKey = Dictionary(current.map { ($0.1, $0.0) }, uniquingKeysWith: { first, _ in first })
        var problems: [InvalidField] = []
        let unknown = ids.filter { byKey[$0] == nil }
        if !unknown.isEmpty {
            problems.append(InvalidField("guidelines", "not in section '\(key)': \(unknown.prefix(5).joined(separator: ", "))"))
        }
        if Set(ids).count != ids.count { problems.append(InvalidField("guidelines", "names a guideline more than once")) }
        let missing = current.map(\.1).filter { !ids.contains($0) }
        if !missing.isEmpty {
            problems.append(InvalidField("guidelines", "must name every guideline of the section; missing \(missing.prefix(5).joined(separator: ", "))"))
        }
        try refuse(problems)
        guard ids != current.map(\.1) else { return section.version }
        for (position, id) in ids.enumerated() {
            guard let rowID = byKey[id] else { continue }
            try database.run("UPDATE guidelines SET position = ? WHERE id = ?", [.int(position), .int(rowID)])
        }
        let version = try bumpSection(section)
        writer.changeLog.record(.section, slug + "#" + key, .updated, version: version)
        return version
    }

    private func checkSectionFields(_ draft: SectionDraft, into problems: inout [InvalidField]) {
        EditRules.checkText(draft.title, name: "title", required: false, maxLength: EditRules.maxTitleLength, into: &problems)
        EditRules.checkPosition(draft.position, into: &problems)
    }

    // MARK: Guidelines

    /// Creates a guideline in a section of a topic, at `draft.position` (last when nil).
    @discardableResult
    public func createGuideline(_ draft: GuidelineDraft, problems: [InvalidField] = []) throws -> String {
        var problems = problems
        EditRules.checkIdentifier(draft.id, name: "id", allowingDots: true, into: &problems)
        let place = try checkGuidelineFields(draft, into: &problems)
        try refuse(problems)
        guard let key = draft.id, let place else { throw StoreError.corrupt("validated guideline draft lacks fields") }
        try refuseExisting("guideline", id: key, "SELECT 1 FROM guidelines WHERE key = ?", [.text(key)])
        try database.run("""
            INSERT INTO guidelines (key, topic_id, section_id, position, created_at, updated_at) VALUES (?1, ?2, ?3, 1000000, ?4, ?4)
            """, [.text(key), .int(place.topicID), .int(place.sectionID), .text(now)])
        let id = Int(database.lastInsertRowID)
        try self.place(id, at: draft.position, among: "guidelines", where: "section_id", equals: place.sectionID)
        _ = try writer.texts.putGuidelineText(id: id, locale: SourceLocale.code, text: draft.text ?? "", sourceHash: "", isNew: true)
        try writer.indexer.indexGuideline(id: Int64(id))
        let version = ResourceVersion.of("guideline", key: key, createdAt: now, revision: 1)
        writer.changeLog.record(.guideline, key, .created, version: version)
        try touchTopic(id: place.topicID)
        return version
    }

    /// Replaces a guideline's text, and its topic, section and position (a move) when they differ.
    @discardableResult
    public func replaceGuideline(id key: String, _ draft: GuidelineDraft, precondition: WritePrecondition, problems: [InvalidField] = []) throws -> String {
        let guideline = try existingGuideline(key, precondition: precondition)
        var problems = problems
        if let given = draft.id, given != key { problems.append(InvalidField("id", "cannot change (it is the guideline's address)")) }
        let place = try checkGuidelineFields(draft, into: &problems)
        try refuse(problems)
        guard let place else { throw StoreError.corrupt("validated guideline draft lacks its place") }
        var changed = false
        var moved = false
        if place.sectionID != guideline.sectionID {
            try database.run("UPDATE guidelines SET topic_id = ?, section_id = ?, position = 1000000 WHERE id = ?",
                             [.int(place.topicID), .int(place.sectionID), .int(guideline.id)])
            try self.place(guideline.id, at: draft.position, among: "guidelines", where: "section_id", equals: place.sectionID)
            changed = true
            moved = true
        } else if let position = draft.position, position != guideline.position {
            try self.place(guideline.id, at: position, among: "guidelines", where: "section_id", equals: place.sectionID)
            changed = true
        }
        let outcome = try writer.texts.putGuidelineText(id: guideline.id, locale: SourceLocale.code, text: draft.text ?? "", sourceHash: "", isNew: false)
        changed = changed || outcome != .unchanged
        guard changed else { return guideline.version }
        let version = try bumpGuideline(guideline)
        if moved || outcome != .unchanged { try writer.indexer.indexGuideline(id: Int64(guideline.id)) }
        writer.changeLog.record(.guideline, key, .updated, version: version)
        if moved {
            try touchTopic(id: guideline.topicID)
            if place.topicID != guideline.topicID { try touchTopic(id: place.topicID) }
        }
        return version
    }

    public func deleteGuideline(id key: String, precondition: WritePrecondition) throws {
        let guideline = try existingGuideline(key, precondition: precondition)
        try database.run("DELETE FROM guidelines WHERE id = ?", [.int(guideline.id)])
        writer.changeLog.record(.guideline, key, .deleted, version: nil)
        try touchTopic(id: guideline.topicID)
    }

    private func checkGuidelineFields(_ draft: GuidelineDraft, into problems: inout [InvalidField]) throws -> (topicID: Int, sectionID: Int)? {
        EditRules.checkText(draft.text, name: "text", required: true, maxLength: EditRules.maxTextLength, into: &problems)
        EditRules.checkPosition(draft.position, into: &problems)
        guard let topic = draft.topic else {
            problems.append(InvalidField("topic", "is required"))
            if draft.section == nil { problems.append(InvalidField("section", "is required")) }
            return nil
        }
        guard let topicID = try database.scalarInt("SELECT id FROM topics WHERE slug = ?", [.text(topic)]) else {
            problems.append(InvalidField("topic", "no topic '\(topic.prefix(100))'"))
            return nil
        }
        guard let section = draft.section else {
            problems.append(InvalidField("section", "is required"))
            return nil
        }
        guard let sectionID = try database.scalarInt("SELECT id FROM sections WHERE topic_id = ? AND key = ?", [.int(topicID), .text(section)]) else {
            problems.append(InvalidField("section", "topic '\(topic.prefix(100))' has no section '\(section.prefix(100))'"))
            return nil
        }
        return (topicID, sectionID)
    }

    // MARK: Existing resources

    struct Existing {
        var id: Int
        var version: String
        var revision: Int
        var createdAt: String
        var key: String
        var categoryID = 0
        var topicID = 0
        var sectionID = 0
        var position = 0
    }

    func existingTopicIfAny(_ slug: String) throws -> Existing? {
        try database.firstRow("SELECT id, revision, created_at, category_id FROM topics WHERE slug = ?", [.text(slug)]) {
            Existing(id: $0.int(0), version: ResourceVersion.of("topic", key: slug, createdAt: $0.text(2), revision: $0.int(1)),
                     revision: $0.int(1), createdAt: $0.text(2), key: slug, categoryID: $0.int(3))
        }
    }

    func existingTopic(_ slug: String, precondition: WritePrecondition) throws -> Existing {
        let topic = try existingTopicIfAny(slug)
        try check(precondition, topic?.version)
        guard let topic else { throw StoreError.notFound(kind: "topic", id: slug) }
        return topic
    }

    func existingSection(_ slug: String, _ key: String, precondition: WritePrecondition) throws -> Existing {
        let full = slug + "#" + key
        let section = try database.firstRow("""
            SELECT s.id, s.revision, s.created_at, s.topic_id, s.position FROM sections s JOIN topics t ON t.id = s.topic_id
            WHERE t.slug = ? AND s.key = ?
            """, [.text(slug), .text(key)]) {
            Existing(id: $0.int(0), version: ResourceVersion.of("section", key: full, createdAt: $0.text(2), revision: $0.int(1)),
                     revision: $0.int(1), createdAt: $0.text(2), key: full, topicID: $0.int(3), position: $0.int(4))
        }
        try check(precondition, section?.version)
        guard let section else { throw StoreError.notFound(kind: "section", id: full) }
        return section
    }

    func existingGuideline(_ key: String, precondition: WritePrecondition) throws -> Existing {
        let guideline = try database.firstRow("SELECT id, revision, created_at, topic_id, section_id, position FROM guidelines WHERE key = ?", [.text(key)]) {
            Existing(id: $0.int(0), version: ResourceVersion.of("guideline", key: key, createdAt: $0.text(2), revision: $0.int(1)),
                     revision: $0.int(1), createdAt: $0.text(2), key: key, topicID: $0.int(3), sectionID: $0.int(4), position: $0.int(5))
        }
        try check(precondition, guideline?.version)
        guard let guideline else { throw StoreError.notFound(kind: "guideline", id: key) }
        return guideline
    }

    /// A missing resource with no precondition is the caller's 404; with one, a 412 (RFC 9110:
    /// `If-Match` fails when there is no current representation).
    private func check(_ precondition: WritePrecondition, _ version: String?) throws {
        guard precondition != .none, !precondition.isSatisfied(byVersion: version) else { return }
        throw StoreError.preconditionFailed(current: version)
    }

    func refuse(_ problems: [InvalidField]) throws {
        if !problems.isEmpty { throw StoreError.validation(problems) }
    }

    /// Refuses to create a `kind` that exists already: `query` finds its row (a creation never replaces).
    private func refuseExisting(_ kind: String, id: String, _ query: String, _ arguments: [SQLValue]) throws {
        if try database.scalarInt(query, arguments) != nil { throw StoreError.alreadyExists(kind: kind, id: id) }
    }

    // MARK: Revisions and order

    func bumpTopic(_ topic: Existing) throws -> String {
        try database.run("UPDATE topics SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(topic.id)])
        return ResourceVersion.of("topic", key: topic.key, createdAt: topic.createdAt, revision: topic.revision + 1)
    }

    /// A topic whose set of guidelines changed (one created in it, moved into or out of it, or
    /// deleted from it) is a new version of the topic, as a change of its sections is: its version
    /// moves on and the change log says so, so a mirror of topic pages knows which to fetch again.
    private func touchTopic(id: Int) throws {
        guard let topic = try database.firstRow("SELECT slug, revision, created_at FROM topics WHERE id = ?", [.int(id)], {
            Existing(id: id, version: "", revision: $0.int(1), createdAt: $0.text(2), key: $0.text(0))
        }) else { return }
        writer.changeLog.record(.topic, topic.key, .updated, version: try bumpTopic(topic))
    }

    func bumpSection(_ section: Existing) throws -> String {
        try database.run("UPDATE sections SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(section.id)])
        return ResourceVersion.of("section", key: section.key, createdAt: section.createdAt, revision: section.revision + 1)
    }

    func bumpGuideline(_ guideline: Existing) throws -> String {
        try database.run("UPDATE guidelines SET revision = revision + 1, updated_at = ? WHERE id = ?", [.text(now), .int(guideline.id)])
        return ResourceVersion.of("guideline", key: guideline.key, createdAt: guideline.createdAt, revision: guideline.revision + 1)
    }

    /// Moves row `id` of `table` to `position` among the rows with the same `column` value (last
    /// when nil or beyond the end) and numbers them 0, 1, 2, ... again.
    private func place(_ id: Int, at position: Int?, among table: String, where column: String, equals value: Int) throws {
        var order = try database.rows("SELECT id FROM \(table) WHERE \(column) = ? AND id != ? ORDER BY position, id", [.int(value), .int(id)]) { $0.int(0) }
        order.insert(id, at: min(position ?? order.count, order.count))
        for (index, rowID) in order.enumerated() {
            try database.run("UPDATE \(table) SET position = ? WHERE id = ? AND position != ?", [.int(index), .int(rowID), .int(index)])
        }
    }
}
