import GuidebookChecks
internal import SQLite

/// The quality checks' part of approving a translation (`KnowledgeEditor.decideApproval`), inside
/// the write's transaction: the texts about to be approved are checked as they are (not the
/// findings on file, which are of the text before this write), with the glossary as the
/// transaction sees it. An `error` refuses the approval (`CheckGateRefusal`) unless the reviewer
/// gave a reason; the reason is then the approved version's note (its history), the change log
/// entry's note, and the translation's override (`approval_overrides`, shown with its findings)
/// while the approval stands. With the checks off (`--checks off`) nothing is checked or refused.
struct ApprovalGate {
    let writer: KnowledgeWriter

    /// The note to record with the approval (the override reason), nil when nothing was overridden.
    func decide(_ candidate: ApprovalCandidate) throws -> String? {
        let errors = try self.errors(candidate)
        if !errors.isEmpty, candidate.overrideReason == nil {
            throw CheckGateRefusal(owner: candidate.owner, locale: candidate.locale, errors: errors)
        }
        guard writer.checks.hasTables, let record = try writer.readerOfEverything.rowID(of: candidate.owner) else { return nil }
        let overrides = ApprovalOverrides(database: writer.database)
        // A new approval replaces whatever override the translation had.
        try overrides.remove(candidate.owner.resource, record: record, locale: candidate.locale)
        guard let reason = candidate.overrideReason, !errors.isEmpty else { return nil }
        var checks: [CheckName] = []
        for error in errors where !checks.contains(error.finding.check) { checks.append(error.finding.check) }
        try overrides.insert(ApprovalOverride(reason: reason, checks: checks, token: writer.texts.token, at: writer.now),
                             resource: candidate.owner.resource, record: record, locale: candidate.locale)
        return reason
    }

    /// The `error` findings of the texts about to be approved, field by field (none with the checks off).
    private func errors(_ candidate: ApprovalCandidate) throws -> [CheckGateRefusal.FieldError] {
        guard writer.checks.isActive else { return [] }
        let run = try writer.checks.run(writer.database, glossaryChanged: !writer.changedGlossaryTerms.isEmpty)
        return candidate.owner.fieldNames.flatMap { field in
            run.findings(source: candidate.source[field] ?? "", translation: candidate.fields[field] ?? "", locale: candidate.locale, key: candidate.owner.id)
                .filter { $0.severity == .error }.map { CheckGateRefusal.FieldError(field: field, finding: $0) }
        }
    }
}
