import GuidebookCore
import GuidebookTranslationFiles

/// What to do with one offered unit, given the unit as the knowledge base has it: the rules of a
/// translation import in one place.
///
/// - No translation offered: `untranslated`.
/// - A conflict is a unit whose English changed since the file's revision (the file's revision or
///   its English differs from the stored one). A changed translation there is never applied as
///   current: `conflict-draft` writes it as a translation of the old revision (so it shows as
///   outdated), or `conflict-skipped` leaves the unit alone.
/// - The same text as stored is `unchanged`, unless the stored one is outdated, there is no
///   conflict and the file marks the unit finished: then the translator confirmed it for the new
///   English (`confirmed`, written at the current revision).
/// - A changed translation is `written` when the file marks it finished, else a `draft`.
struct UnitDecision: Equatable {
    let outcome: UnitOutcome
    /// The English revision the written text translates; nil: the current one.
    let madeFrom: Int?
    let isConflict: Bool

    /// The revision a draft of the current English is written from: none, so that it shows as
    /// outdated (needing review) rather than current.
    static let draftRevision = 0

    init(_ offered: OfferedUnit, stored: TranslationUnit, policy: ConflictPolicy) {
        let revisionMoved = offered.revision.map { $0 != stored.sourceRevision } ?? false
        let sourceMoved = offered.source.map { $0 != stored.source } ?? false
        isConflict = revisionMoved || sourceMoved
        guard let target = offered.target else {
            (outcome, madeFrom) = (.untranslated, nil)
            return
        }
        if target == stored.target {
            if !isConflict, offered.isFinished, stored.state == .outdated {
                (outcome, madeFrom) = (.confirmed, stored.sourceRevision)
            } else {
                (outcome, madeFrom) = (.unchanged, nil)
            }
        } else if isConflict {
            switch policy {
            case .draft: (outcome, madeFrom) = (.conflictDraft, revisionMoved ? offered.revision : Self.draftRevision)
            case .skip: (outcome, madeFrom) = (.conflictSkipped, nil)
            }
        } else if offered.isFinished {
            (outcome, madeFrom) = (.written, nil)
        } else {
            (outcome, madeFrom) = (.draft, Self.draftRevision)
        }
    }
}
