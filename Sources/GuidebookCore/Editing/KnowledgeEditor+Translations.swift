internal import SQLite

extension KnowledgeEditor {
    /// Writes a guideline's translation into `locale`; it records the source revision it was made
    /// from, so it is current until the source text changes. Returns the guideline's new version.
    /// `madeFrom`: the source revision the text translates when it is not the current one (a
    /// translation imported from a file of older English: it is written outdated).
    @discardableResult
    public func putGuidelineTranslation(id key: String, locale: String, text: String?, precondition: WritePrecondition,
                                        problems: [InvalidField] = [], madeFrom: Int? = nil) throws -> String {
        let guideline = try existingGuideline(key, precondition: precondition)
        var problems = problems
        try checkTranslationLocale(locale)
        EditRules.checkText(text, name: "text", required: true, maxLength: EditRules.maxTextLength, into: &problems)
        try refuse(problems)
        let outcome = try writer.texts.putGuidelineText(id: guideline.id, locale: locale, text: text ?? "", sourceHash: try guidelineSourceHash(guideline.id),
                                                        isNew: false, madeFrom: madeFrom)
        guard outcome != .unchanged else { return guideline.version }
        return try translated(guideline: guideline, locale: locale)
    }

    /// Deletes a guideline's translation into `locale` (a 404 when there is none).
    @discardableResult
    public func deleteGuidelineTranslation(id key: String, locale: String, precondition: WritePrecondition) throws -> String {
        let guideline = try existingGuideline(key, precondition: precondition)
        try checkTranslationLocale(locale)
        guard try writer.texts.deleteGuidelineText(id: guideline.id, locale: locale) else {
            throw StoreError.notFound(kind: "translation", id: key + "/" + locale)
        }
        return try translated(guideline: guideline, locale: locale)
    }

    /// Writes a topic's title and summary in `locale` (the title is required; the summary may be left out).
    @discardableResult
    public func putTopicTranslation(slug: String, locale: String, title: String?, summary: String?, precondition: WritePrecondition,
                                    problems: [InvalidField] = [], madeFrom: Int? = nil) throws -> String {
        let topic = try existingTopic(slug, precondition: precondition)
        var problems = problems
        try checkTranslationLocale(locale)
        EditRules.checkText(title, name: "title", required: true, maxLength: EditRules.maxTitleLength, into: &problems)
        EditRules.checkText(summary, name: "summary", required: false, maxLength: EditRules.maxTextLength, into: &problems)
        try refuse(problems)
        let source = try database.firstRow("SELECT title, summary FROM topic_texts WHERE topic_id = ? AND locale = ?",
                                           [.int(topic.id), .text(SourceLocale.code)]) { $0.text(0) + "\n" + $0.text(1) } ?? ""
        let outcome = try writer.texts.putTopicText(topicID: topic.id, locale: locale, title: title ?? "", summary: summary ?? "",
                                                    sourceHash: ContentHash.hex(source), madeFrom: madeFrom)
        guard outcome != .unchanged else { return topic.version }
        let version = try bumpTopic(topic)
        try writer.indexer.indexTopicRow(id: Int64(topic.id))
        writer.changeLog.record(.topic, slug, .translation, locale: locale, version: version)
        return version
    }

    @discardableResult
    public func deleteTopicTranslation(slug: String, locale: String, precondition: WritePrecondition) throws -> String {
        let topic = try existingTopic(slug, precondition: precondition)
        try checkTranslationLocale(locale)
        guard try writer.texts.deleteTopicText(topicID: topic.id, locale: locale) else {
            throw StoreError.notFound(kind: "translation", id: slug + "/" + locale)
        }
        let version = try bumpTopic(topic)
        try writer.indexer.indexTopicRow(id: Int64(topic.id))
        writer.changeLog.record(.topic, slug, .translation, locale: locale, version: version)
        return version
    }

    /// Writes a section's title in `locale`.
    @discardableResult
    public func putSectionTranslation(topic slug: String, key: String, locale: String, title: String?, precondition: WritePrecondition,
                                      problems: [InvalidField] = [], madeFrom: Int? = nil) throws -> String {
        let section = try existingSection(slug, key, precondition: precondition)
        var problems = problems
        try checkTranslationLocale(locale)
        EditRules.checkText(title, name: "title", required: true, maxLength: EditRules.maxTitleLength, into: &problems)
        try refuse(problems)
        let outcome = try writer.texts.putSectionTitle(sectionID: section.id, locale: locale, title: title ?? "", isNew: false, madeFrom: madeFrom)
        guard outcome != .unchanged else { return section.version }
        return try translated(section: section, slug: slug, key: key, locale: locale)
    }

    @discardableResult
    public func deleteSectionTranslation(topic slug: String, key: String, locale: String, precondition: WritePrecondition) throws -> String {
        let section = try existingSection(slug, key, precondition: precondition)
        try checkTranslationLocale(locale)
        guard try writer.texts.deleteSectionTitle(sectionID: section.id, locale: locale) else {
            throw StoreError.notFound(kind: "translation", id: slug + "#" + key + "/" + locale)
        }
        return try translated(section: section, slug: slug, key: key, locale: locale)
    }

    // MARK: Helpers

    /// A locale the knowledge base holds, other than the source (whose text is the resource itself).
    private func checkTranslationLocale(_ locale: String) throws {
        guard let isSource = try database.scalarInt("SELECT is_source FROM locales WHERE code = ?", [.text(locale)]) else {
            throw StoreError.notFound(kind: "locale", id: locale)
        }
        if isSource == 1 {
            throw StoreError.validation([InvalidField("locale", "'\(locale)' is the source locale: edit the resource itself")])
        }
    }

    private func guidelineSourceHash(_ id: Int) throws -> String {
        ContentHash.hex(try database.firstRow("SELECT text FROM guideline_texts WHERE guideline_id = ? AND locale = ?",
                                              [.int(id), .text(SourceLocale.code)]) { $0.text(0) } ?? "")
    }

    private func translated(guideline: Existing, locale: String) throws -> String {
        let version = try bumpGuideline(guideline)
        try writer.indexer.indexGuideline(id: Int64(guideline.id))
        writer.changeLog.record(.guideline, guideline.key, .translation, locale: locale, version: version)
        return version
    }

    private func translated(section: Existing, slug: String, key: String, locale: String) throws -> String {
        let version = try bumpSection(section)
        try writer.indexer.indexSection(id: Int64(section.id))
        writer.changeLog.record(.section, slug + "#" + key, .translation, locale: locale, version: version)
        return version
    }
}

extension KnowledgeEditor {
    /// Adds a locale translations can be written in (`POST /v1/locales`), listed after the others.
    public func addLocale(code: String?, name: String?, problems: [InvalidField] = []) throws {
        var problems = problems
        if let code {
            if !BundleValidator.isLocaleCode(code) {
                problems.append(InvalidField("code", "'\(code.prefix(40))' is not a locale code (2-3 lower-case letters, optionally '-' and a region)"))
            }
        } else {
            problems.append(InvalidField("code", "is required"))
        }
        EditRules.checkText(name, name: "name", required: true, maxLength: 100, into: &problems)
        try refuse(problems)
        guard let code, let name else { return }
        if try database.scalarInt("SELECT 1 FROM locales WHERE code = ?", [.text(code)]) != nil {
            throw StoreError.alreadyExists(kind: "locale", id: code)
        }
        try database.run("INSERT INTO locales (code, name, is_source, position) VALUES (?1, ?2, 0, (SELECT coalesce(max(position), -1) + 1 FROM locales))",
                         [.text(code), .text(name)])
    }
}
