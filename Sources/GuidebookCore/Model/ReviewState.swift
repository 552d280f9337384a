/// Where a translation stands in the team's review (docs/review.md), stored with it.
public enum ReviewState: String, Sendable, Equatable, CaseIterable, Comparable {
    /// Needs editing: written, but not ready for review.
    case draft
    /// Waiting for review.
    case translated
    /// A reviewer approved it.
    case approved

    public static func < (lhs: ReviewState, rhs: ReviewState) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A translation's state as the API shows it: `missing`, `outdated` (the English changed since
/// the revision it was made from, whatever its review state was), or, made from the current
/// English, its review state.
public enum WorkflowState: String, Sendable, Equatable, CaseIterable {
    case missing, outdated, draft, translated, approved

    /// The state of a translation in review state `review` (nil: there is none) that is
    /// `freshness` against its source.
    public init(review: ReviewState?, freshness: TranslationState) {
        switch (review, freshness) {
        case (nil, _), (_, .missing): self = .missing
        case (_, .outdated): self = .outdated
        case (.draft?, .current): self = .draft
        case (.translated?, .current): self = .translated
        case (.approved?, .current): self = .approved
        }
    }

    /// The review state a current translation in this state has (nil for `missing` and `outdated`).
    public var review: ReviewState? { ReviewState(rawValue: rawValue) }

    /// Parses a state as the API's filters take it; `current` (made from the current English, in
    /// any review state) is kept from before review states existed and stands for the three of them.
    public static func parseFilter(_ text: String) -> Set<WorkflowState>? {
        if text == "current" { return [.draft, .translated, .approved] }
        return WorkflowState(rawValue: text).map { [$0] }
    }
}

/// What readers are shown of the translations (`guidebook serve --publish`): the renderings, the
/// embeds and the Markdown export show a translation only in a publishable review state, and fall
/// back to the English (`fallback: true`) otherwise, as for a missing one. Translators' and
/// reviewers' views (the translation routes, the work list, the files for translators) show all.
public enum TranslationPublication: String, Sendable, Equatable, CaseIterable {
    /// Translated and approved translations (the default).
    case translated
    /// Approved translations only.
    case approved

    /// True when a translation in `state` is shown to readers.
    public func publishes(_ state: ReviewState) -> Bool {
        switch self {
        case .translated: return state != .draft
        case .approved: return state == .approved
        }
    }
}
