/// Who writes a translation, as the review rules see them: the API's `editor` and `reviewer`
/// roles (an admin counts as a reviewer, an import as one too).
public enum TranslationRole: Sendable, Equatable {
    /// Writes drafts and translations; cannot approve or change what a reviewer approved.
    case editor
    /// Everything an editor does, and approves, un-approves and changes approved translations.
    case reviewer
}

/// What a translation write asks for besides its text.
public struct TranslationWrite: Sendable, Equatable {
    /// The review state to write. Nil: `translated` for a new or changed text; an unchanged text
    /// keeps its state.
    public var state: ReviewState?
    /// Who writes.
    public var role: TranslationRole
    /// A reviewer's reason for approving over an error of the quality checks (recorded with the
    /// approved version).
    public var overrideReason: String?

    public init(state: ReviewState? = nil, role: TranslationRole = .editor, overrideReason: String? = nil) {
        (self.state, self.role, self.overrideReason) = (state, role, overrideReason)
    }
}

/// A translation-workflow action the rules refuse (docs/review.md). Nothing is changed.
public enum ReviewRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// It needs a reviewer: approving, un-approving, or changing or deleting an approved translation (403).
    case reviewerOnly(String)
    /// The translation is outdated (the English changed since it was made): update it before approving (409).
    case outdated(String)
    /// What is acted on is not in a state the action allows: already approved, not approved, a
    /// suggestion already decided, a vote on one's own suggestion, a version that is a removal (409).
    case conflict(String)

    public var description: String {
        switch self {
        case .reviewerOnly(let detail), .outdated(let detail), .conflict(let detail): return detail
        }
    }
}

/// The rules a translation write follows, checked inside its transaction before anything changes:
///
/// - Editors write `draft` or `translated`; only a reviewer writes `approved`.
/// - An approved translation that is current (made from the English as it is) is changed, deleted
///   or un-approved only by a reviewer. An editor who wants it changed makes a suggestion. Once
///   the English changes, the translation is outdated and any editor may update it.
/// - Approving needs a current translation (an outdated one is updated first), and passes
///   `KnowledgeEditor.decideApproval`, where the quality checks gate it.
public enum ReviewRules {
    /// Checks a change of a translation that is `stored` now (nil: none), `isCurrent` against its
    /// English, to `state` (after the change), by `role`. A write that changes nothing is not a
    /// change and is not checked.
    static func checkChange(of stored: TextRows.Stored?, isCurrent: Bool, to state: ReviewState, by role: TranslationRole, name: String) throws {
        if state == .approved, role != .reviewer {
            throw ReviewRefusal.reviewerOnly("only a reviewer approves a translation; write it as draft or translated")
        }
        try checkChangeOfApproved(stored, isCurrent: isCurrent, by: role, name: name)
    }

    /// Refuses an editor's change of an approved, current translation (a write, a removal, a revert).
    static func checkChangeOfApproved(_ stored: TextRows.Stored?, isCurrent: Bool, by role: TranslationRole, name: String) throws {
        guard let stored, stored.review == .approved, isCurrent, role != .reviewer else { return }
        throw ReviewRefusal.reviewerOnly("\(name) is approved: only a reviewer changes an approved translation; suggest a change instead")
    }
}
