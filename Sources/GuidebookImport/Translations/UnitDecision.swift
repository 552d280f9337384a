import GuidebookCore
import GuidebookTranslationFiles

/// What to do with one offered unit, given the unit as the knowledge base has it and who imports:
/// the rules of a translation import in one place (the review rules, `ReviewRules`, decide the
/// same way when the write happens).
///
/// - No translation offered: `untranslated`.
/// - A conflict is a unit whose English changed since the file's revision (the file's revision or
///   its English differs from the stored one). Its changed translation is never applied as a
///   finished one: `conflict-draft` writes it in review state `draft` (never shown to readers,
///   listed for review), or `conflict-skipped` leaves the unit alone; it is also skipped when the
///   base already has a finished translation (`translated`, `approved`) of the new English, which
///   a translation of the old English must not replace.
/// - The same text as stored is `unchanged`, unless there is no conflict, the file marks the unit
///   finished and the stored one is outdated or a draft: then the translator confirmed it for the
///   current English (`confirmed`, written `translated` at the current revision).
/// - A changed translation is `written` (`translated`) when the file marks it finished, else a
///   `draft`. An import never approves: approving is a reviewer's act on the base.
/// - A change to an approved, current translation by an editor's import is `kept-approved`: only
///   a reviewer changes it (an editor suggests instead).
struct UnitDecision: Equatable {
    let outcome: UnitOutcome
    /// The review state written.
    let state: ReviewState?
    /// The English revision the written text translates; nil: the current one.
    let madeFrom: Int?
    let isConflict: Bool

    init(_ offered: OfferedUnit, stored: TranslationUnit, policy: ConflictPolicy, role: TranslationRole) {
        let revisionMoved = offered.revision.map { $0 != stored.sourceRevision } ?? false
        let sourceMoved = offered.source.map { $0 != stored.source } ?? false
        isConflict = revisionMoved || sourceMoved
        let storedState = stored.workflowState
        guard let target = offered.target else {
            (outcome, state, madeFrom) = (.untranslated, nil, nil)
            return
        }
        if target == stored.target {
            if !isConflict, offered.isFinished, storedState == .outdated || storedState == .draft {
                (outcome, state, madeFrom) = (.confirmed, .translated, stored.sourceRevision)
            } else {
                (outcome, state, madeFrom) = (.unchanged, nil, nil)
            }
            return
        }
        madeFrom = nil
        if isConflict {
            if policy == .skip || storedState == .translated || storedState == .approved {
                (outcome, state) = (.conflictSkipped, nil)
            } else {
                (outcome, state) = (.conflictDraft, .draft)
            }
        } else if storedState == .approved, role == .editor {
            (outcome, state) = (.keptApproved, nil)
        } else {
            (outcome, state) = offered.isFinished ? (.written, .translated) : (.draft, .draft)
        }
    }
}
