internal import SQLite

extension KnowledgeEditor {
    /// Writes a guideline's translation into `locale` under the review rules (`ReviewRules`,
    /// `write`); it records the source revision it was made from, so it is current until the
    /// source text changes. Returns the guideline's new version. `madeFrom`: the source revision
    /// the text translates when it is not the current one (a translation imported from a file of
    /// older English: it is written outdated).
    @discardableResult
    public func putGuidelineTranslation(id key: String, locale: String, text: String?, precondition: WritePrecondition,
                                        problems: [InvalidField] = [], write: TranslationWrite = TranslationWrite(), madeFrom: Int? = nil) throws -> String {
        let target = try resolve(.guideline(key), precondition: precondition)
        var problems = problems
        try checkTranslationLocale(locale)
        EditRules.checkText(text, name: "text", required: true, maxLength: EditRules.maxTextLength, into: &problems)
        try refuse(problems)
        return try writeTranslation(target, locale: locale, fields: [text ?? ""], write: write, madeFrom: madeFrom)
    }

    /// Deletes a guideline's translation into `locale` (a 404 when there is none).
    @discardableResult
    public func deleteGuidelineTranslation(id key: String, locale: String, precondition: WritePrecondition,
                                           role: TranslationRole = .editor) throws -> String {
        try deleteTranslation(.guideline(key), locale: locale, precondition: precondition, role: role)
    }

    /// Writes a topic's title and summary in `locale` (the title is required; the summary may be left
    /// out); `madeFrom` as for guidelines.
    @discardableResult
    public func putTopicTranslation(slug: String, locale: String, title: String?, summary: String?, precondition: WritePrecondition,
                                    problems: [InvalidField] = [], write: TranslationWrite = TranslationWrite(), madeFrom: Int? = nil) throws -> String {
        let target = try resolve(.topic(slug), precondition: precondition)
        var problems = problems
        try checkTranslationLocale(locale)
        EditRules.checkText(title, name: "title", required: true, maxLength: EditRules.maxTitleLength, into: &problems)
        EditRules.checkText(summary, name: "summary", required: false, maxLength: EditRules.maxTextLength, into: &problems)
        try refuse(problems)
        return try writeTranslation(target, locale: locale, fields: [title ?? "", summary ?? ""], write: write, madeFrom: madeFrom)
    }

    @discardableResult
    public func deleteTopicTranslation(slug: String, locale: String, precondition: WritePrecondition, role: TranslationRole = .editor) throws -> String {
        try deleteTranslation(.topic(slug), locale: locale, precondition: precondition, role: role)
    }

    /// Writes a section's title in `locale`; `madeFrom` as for guidelines.
    @discardableResult
    public func putSectionTranslation(topic slug: String, key: String, locale: String, title: String?, precondition: WritePrecondition,
                                      problems: [InvalidField] = [], write: TranslationWrite = TranslationWrite(), madeFrom: Int? = nil) throws -> String {
        let target = try resolve(.section(topic: slug, key: key), precondition: precondition)
        var problems = problems
        try checkTranslationLocale(locale)
        EditRules.checkText(title, name: "title", required: true, maxLength: EditRules.maxTitleLength, into: &problems)
        try refuse(problems)
        return try writeTranslation(target, locale: locale, fields: [title ?? ""], write: write, madeFrom: madeFrom)
    }

    @discardableResult
    public func deleteSectionTranslation(topic slug: String, key: String, locale: String, precondition: WritePrecondition,
                                         role: TranslationRole = .editor) throws -> String {
        try deleteTranslation(.section(topic: slug, key: key), locale: locale, precondition: precondition, role: role)
    }

    // MARK: Review

    /// Approves the translation of `owner` into `locale` as it stands (a reviewer's action): it must
    /// exist (404), be current (409 when the English changed since it was made) and not be approved
    /// already (409); then `decideApproval` decides. Returns the resource's new version.
    @discardableResult
    public func approveTranslation(_ owner: TextOwner, locale: String, precondition: WritePrecondition, role: TranslationRole,
                                   overrideReason: String? = nil) throws -> String {
        let target = try resolve(owner, precondition: precondition)
        try checkTranslationLocale(locale)
        guard role == .reviewer else { throw ReviewRefusal.reviewerOnly("only a reviewer approves a translation") }
        let stored = try existingTranslation(target, locale: locale)
        guard stored.sourceRevision == (try writer.texts.sourceRevision(target.table, id: target.existing.id)) else {
            throw ReviewRefusal.outdated("the \(locale) translation of \(owner.id) is outdated (the English changed since it was made): update it before approving it")
        }
        guard stored.review != .approved else { throw ReviewRefusal.conflict("the \(locale) translation of \(owner.id) is already approved") }
        return try writeTranslation(target, locale: locale, fields: stored.fields,
                                    write: TranslationWrite(state: .approved, role: role, overrideReason: overrideReason), action: .approved)
    }

    /// Takes a reviewer's approval back: the translation becomes `translated` (waiting for review).
    /// It must exist (404) and be approved (409). Returns the resource's new version.
    @discardableResult
    public func unapproveTranslation(_ owner: TextOwner, locale: String, precondition: WritePrecondition, role: TranslationRole) throws -> String {
        let target = try resolve(owner, precondition: precondition)
        try checkTranslationLocale(locale)
        guard role == .reviewer else { throw ReviewRefusal.reviewerOnly("only a reviewer takes an approval back") }
        let stored = try existingTranslation(target, locale: locale)
        guard stored.review == .approved else { throw ReviewRefusal.conflict("the \(locale) translation of \(owner.id) is not approved") }
        return try writeTranslation(target, locale: locale, fields: stored.fields, write: TranslationWrite(state: .translated, role: role),
                                    action: .unapproved)
    }

    /// Deletes the translation of `owner` into `locale` (a 404 when there is none; an approved,
    /// current one only by a reviewer).
    @discardableResult
    public func deleteTranslation(_ owner: TextOwner, locale: String, precondition: WritePrecondition, role: TranslationRole) throws -> String {
        let target = try resolve(owner, precondition: precondition)
        try checkTranslationLocale(locale)
        let stored = try existingTranslation(target, locale: locale)
        let isCurrent = stored.sourceRevision == (try writer.texts.sourceRevision(target.table, id: target.existing.id))
        try ReviewRules.checkChangeOfApproved(stored, isCurrent: isCurrent, by: role, name: "the \(locale) translation of \(owner.id)")
        _ = try writer.texts.delete(target.table, id: target.existing.id, locale: locale)
        return try finishTranslation(target, locale: locale, state: WorkflowState.missing.rawValue, textChanged: true)
    }

    // MARK: The one path of every translation write

    /// A topic, section or guideline found for a write, with its text table.
    struct Target {
        var owner: TextOwner
        var existing: Existing
        var table: TextTable
    }

    /// Finds `owner`, checking the write's precondition (`If-Match`) against its version.
    func resolve(_ owner: TextOwner, precondition: WritePrecondition) throws -> Target {
        switch owner {
        case .guideline(let key): return Target(owner: owner, existing: try existingGuideline(key, precondition: precondition), table: .guideline)
        case .topic(let slug): return Target(owner: owner, existing: try existingTopic(slug, precondition: precondition), table: .topic)
        case .section(let slug, let key):
            return Target(owner: owner, existing: try existingSection(slug, key, precondition: precondition), table: .section)
        }
    }

    /// The stored translation of `target` into `locale`; `StoreError.notFound` when there is none.
    func existingTranslation(_ target: Target, locale: String) throws -> TextRows.Stored {
        guard let stored = try writer.texts.stored(target.table, id: target.existing.id, locale: locale) else {
            throw StoreError.notFound(kind: "translation", id: target.owner.id + "/" + locale)
        }
        return stored
    }

    /// Writes `fields` as the translation of `target` into `locale`, under the review rules: an
    /// unchanged text in an unchanged state changes nothing (and is not refused); otherwise the
    /// rules are checked and, for a translation becoming approved, `decideApproval`. `action` and
    /// `note` are what the history shows; `madeFrom` the English revision it translates (nil: the
    /// current one for a changed text, the one it had for the same text). Returns the resource's
    /// version after the write.
    func writeTranslation(_ target: Target, locale: String, fields: [String], write: TranslationWrite,
                          action: TextAction? = nil, note: String? = nil, madeFrom: Int? = nil) throws -> String {
        let id = target.existing.id
        let stored = try writer.texts.stored(target.table, id: id, locale: locale)
        let sourceRevision = try writer.texts.sourceRevision(target.table, id: id)
        let sameText = stored?.fields == fields
        let revision = madeFrom ?? (sameText ? stored?.sourceRevision : sourceRevision)
        let state = write.state ?? (sameText ? stored?.review ?? .translated : .translated)
        let name = "the \(locale) translation of \(target.owner.id)"
        // Asking for approval of a text that translates older English is refused even when it is approved already.
        if state == .approved, write.state == .approved, revision != sourceRevision {
            throw ReviewRefusal.outdated("\(name) translates an older English revision (\(revision ?? 0), now \(sourceRevision)): update it before approving it")
        }
        if let stored, sameText, state == stored.review, revision == stored.sourceRevision { return target.existing.version }
        try ReviewRules.checkChange(of: stored, isCurrent: stored?.sourceRevision == sourceRevision, to: state, by: write.role, name: name)
        var mark = VersionMark(review: state, action: action, note: note, madeFrom: madeFrom)
        var overrideNote: String?
        if state == .approved {
            guard revision == sourceRevision else {
                throw ReviewRefusal.outdated("\(name) translates an older English revision (\(revision ?? 0), now \(sourceRevision)): update it before approving it")
            }
            let source = try writer.texts.stored(target.table, id: id, locale: SourceLocale.code)?.fields ?? []
            let names = target.owner.fieldNames
            let candidate = ApprovalCandidate(owner: target.owner, locale: locale, fields: Self.named(fields, names), source: Self.named(source, names),
                                              overrideReason: write.overrideReason)
            if let recorded = try decideApproval(candidate) { (mark.note, overrideNote) = (recorded, recorded) }
            if sameText, mark.action == nil { mark.action = .approved }
        }
        let sourceHash = target.table.keepsSourceHash
            ? ContentHash.hex((try writer.texts.stored(target.table, id: id, locale: SourceLocale.code)?.fields ?? [""]).joined(separator: "\n")) : nil
        let outcome = try writer.texts.write(target.table, id: id, locale: locale, fields: fields, sourceHash: sourceHash, isNew: false, mark: mark)
        guard outcome != .unchanged else { return target.existing.version }
        let workflow = WorkflowState(review: state, freshness: revision == sourceRevision ? .current : .outdated)
        return try finishTranslation(target, locale: locale, state: workflow.rawValue, textChanged: !sameText, note: overrideNote)
    }

    /// After a translation of `target` changed: its resource's new version, the search rows of a
    /// changed text, and the change log's entry with the state it is in now (and `note`, an
    /// approval's override reason).
    private func finishTranslation(_ target: Target, locale: String, state: String, textChanged: Bool, note: String? = nil) throws -> String {
        try finishTextChange(target, kind: .translation, locale: locale, state: state, textChanged: textChanged, note: note)
    }

    /// After a text of `target` changed: its resource's new version, the search rows of a changed
    /// text, and the change log's entry (`kind`, with the locale and state of a translation).
    func finishTextChange(_ target: Target, kind: ChangeKind, locale: String?, state: String?, textChanged: Bool,
                          note: String? = nil) throws -> String {
        let version: String
        switch target.owner {
        case .guideline:
            version = try bumpGuideline(target.existing)
            if textChanged { try writer.indexer.indexGuideline(id: Int64(target.existing.id)) }
        case .topic:
            version = try bumpTopic(target.existing)
            if textChanged { try writer.indexer.indexTopicRow(id: Int64(target.existing.id)) }
        case .section:
            version = try bumpSection(target.existing)
            if textChanged { try writer.indexer.indexSection(id: Int64(target.existing.id)) }
        }
        writer.changeLog.record(target.owner.resource, target.owner.id, kind, locale: locale, version: version, state: state, note: note)
        return version
    }

    static func named(_ fields: [String], _ names: [String]) -> [String: String] {
        Dictionary(zip(names, fields).filter { !$0.1.isEmpty }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Helpers

    /// A locale the knowledge base holds, other than the source (whose text is the resource itself).
    func checkTranslationLocale(_ locale: String) throws {
        guard let isSource = try database.scalarInt("SELECT is_source FROM locales WHERE code = ?", [.text(locale)]) else {
            throw StoreError.notFound(kind: "locale", id: locale)
        }
        if isSource == 1 {
            throw StoreError.validation([InvalidField("locale", "'\(locale)' is the source locale: edit the resource itself")])
        }
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
        EditRules.checkText(name, name: "name", required: true, maxLength: 100, normalizedWhenStored: false, into: &problems)
        try refuse(problems)
        guard let code, let name else { return }
        if try database.scalarInt("SELECT 1 FROM locales WHERE code = ?", [.text(code)]) != nil {
            throw StoreError.alreadyExists(kind: "locale", id: code)
        }
        try database.run("INSERT INTO locales (code, name, is_source, position) VALUES (?1, ?2, 0, (SELECT coalesce(max(position), -1) + 1 FROM locales))",
                         [.text(code), .text(name)])
    }
}
