/// Which records a query matches, as a tree over its phrases.
///
/// A leaf names one phrase of `SearchQuery.phrases` (an FTS5 expression matching on its own). The
/// engine fetches each phrase's rows from FTS5 and combines them here, so every match, count and
/// facet is exact.
public indirect enum SearchCondition: Sendable, Equatable {
    /// Rows matching `phrases[index]`.
    case phrase(Int)
    /// Rows matching every condition.
    case all([SearchCondition])
    /// Rows matching at least one condition.
    case any([SearchCondition])
    /// Rows matching the first condition and not the second.
    case excluding(SearchCondition, SearchCondition)

    /// False when no row can match, knowing which phrases match any row at all.
    public func canMatch(_ hasRows: (Int) -> Bool) -> Bool {
        switch self {
        case .phrase(let index): return hasRows(index)
        case .all(let conditions): return conditions.allSatisfy { $0.canMatch(hasRows) }
        case .any(let conditions): return conditions.contains { $0.canMatch(hasRows) }
        case .excluding(let kept, _): return kept.canMatch(hasRows)
        }
    }

    /// The phrases whose hits add to a matching row's score: all of them except those only excluded.
    public var scoringPhrases: Set<Int> {
        switch self {
        case .phrase(let index): return [index]
        case .all(let conditions), .any(let conditions): return conditions.reduce(into: []) { $0.formUnion($1.scoringPhrases) }
        case .excluding(let kept, _): return kept.scoringPhrases
        }
    }

    /// This condition with every node equal to `part` replaced by `replacement` (which is not searched again).
    public func replacing(_ part: SearchCondition, with replacement: SearchCondition) -> SearchCondition {
        if self == part { return replacement }
        switch self {
        case .phrase: return self
        case .all(let conditions): return .all(conditions.map { $0.replacing(part, with: replacement) })
        case .any(let conditions): return .any(conditions.map { $0.replacing(part, with: replacement) })
        case .excluding(let kept, let excluded): return .excluding(kept.replacing(part, with: replacement), excluded)
        }
    }
}
