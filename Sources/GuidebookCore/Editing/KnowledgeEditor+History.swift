extension KnowledgeEditor {
    /// Makes version `number` of the text of `owner` in `locale` current again, as a new version
    /// (an edit, with its precondition, `If-Match`). A translation gets back its text, the English
    /// revision it translated (so it is outdated if the English changed since) and its review
    /// state, under the review rules: `approved` only for a reviewer and a current translation
    /// (through `decideApproval`), `translated` otherwise; an approved, current translation is
    /// reverted only by a reviewer. The English gets back its text as a new revision. Reverting to
    /// the current version changes nothing. A version that does not exist is `StoreError.notFound`;
    /// one that records a removal, `ReviewRefusal.conflict`. Returns the resource's version after it.
    @discardableResult
    public func revert(_ owner: TextOwner, locale: String, to number: Int, precondition: WritePrecondition, role: TranslationRole) throws -> String {
        let target = try resolve(owner, precondition: precondition)
        let isSource = locale == SourceLocale.code
        if !isSource { try checkTranslationLocale(locale) }
        guard let version = try writer.reader.textHistory(owner, locale: locale)?.first(where: { $0.number == number }) else {
            throw StoreError.notFound(kind: "version", id: "\(owner.id)/\(locale)/\(number)")
        }
        guard let restored = version.fields else {
            throw ReviewRefusal.conflict("version \(number) of the \(locale) text of \(owner.id) records its removal: delete the translation instead")
        }
        guard !version.isCurrent else { return target.existing.version }
        let fields = owner.fieldNames.map { restored[$0] ?? "" }
        if isSource {
            let outcome = try writer.texts.write(target.table, id: target.existing.id, locale: locale, fields: fields, sourceHash: nil, isNew: false,
                                                 mark: VersionMark(action: .reverted, note: String(number)))
            guard outcome != .unchanged else { return target.existing.version }
            return try finishTextChange(target, kind: .updated, locale: nil, state: nil, textChanged: true)
        }
        let current = try writer.texts.sourceRevision(target.table, id: target.existing.id)
        var state = version.review ?? .translated
        if state == .approved, role != .reviewer || version.sourceRevision != current { state = .translated }
        return try writeTranslation(target, locale: locale, fields: fields, write: TranslationWrite(state: state, role: role),
                                    action: .reverted, note: String(number), madeFrom: version.sourceRevision)
    }
}
