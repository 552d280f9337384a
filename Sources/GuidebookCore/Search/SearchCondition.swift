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

    /// True when a row matches, knowing which phrases hold it.
    public func matches(_ holds: (Int) -> Bool) -> Bool {
        switch self {
        case .phrase(let index): return holds(index)
        case .all(let conditions): return conditions.allSatisfy { $0.matches(holds) }
        case .any(let conditions): return conditions.contains { $0.matches(holds) }
        case .excluding(let kept, let excluded): return kept.matches(holds) && !excluded.matches(holds)
        }
    }

    /// Phrases whose rows together hold every row the condition matches, few rows in all
    /// (`rowCount(index)`: the rows phrase `index` holds): a phrase itself; for `all`, the cover
    /// of the child with the fewest rows; for `any`, the covers of every child; for `excluding`,
    /// the cover of what is kept. In the order first met, each once.
    public func cover(_ rowCount: (Int) -> Int) -> [Int] {
        switch self {
        case .phrase(let index):
            return [index]
        case .all(let conditions):
            let covers = conditions.map { $0.cover(rowCount) }
            return covers.min { $0.reduce(0) { $0 + rowCount($1) } < $1.reduce(0) { $0 + rowCount($1) } } ?? []
        case .any(let conditions):
            var cover: [Int] = []
            for condition in conditions {
                for index in condition.cover(rowCount) where !cover.contains(index) { cover.append(index) }
            }
            return cover
        case .excluding(let kept, _):
            return kept.cover(rowCount)
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
