/// A `SearchCondition` flattened for testing many rows fast: which phrases hold a row is a bit
/// mask (bit `index` for phrase `index`), and the tree is a list of steps, children before their
/// parent, run on a stack of bits. No closure and no allocation per row: `WindowedSearch` asks it
/// for every sub-window and every row it walks.
///
/// Only for conditions whose phrases are numbered below 64 and whose tree needs a stack of at
/// most 64 values (`init` fails otherwise; the engine then scores every match).
struct CompiledCondition {
    private enum Step {
        case phrase(UInt64)
        case all(UInt64)
        case any(UInt64)
        case excluding
    }

    private let steps: [Step]
    /// Every phrase the condition names (scoring or excluded), one bit each.
    let named: UInt64
    /// The phrases of a condition that is every one of them (`all` of phrases, or one phrase), or
    /// any of them (`any` of phrases): tested with one mask, without running the steps.
    private let allOf: UInt64?
    private let anyOf: UInt64?

    init?(_ condition: SearchCondition) {
        var steps: [Step] = []
        var named: UInt64 = 0
        var height = 0
        func push() -> Bool {
            height += 1
            return height <= 64
        }
        func compile(_ condition: SearchCondition) -> Bool {
            switch condition {
            case .phrase(let index):
                guard index >= 0 && index < 64 else { return false }
                named |= 1 << UInt64(index)
                steps.append(.phrase(1 << UInt64(index)))
                return push()
            case .all(let parts), .any(let parts):
                guard !parts.isEmpty, parts.count <= 64 else { return false }
                for part in parts { guard compile(part) else { return false } }
                let mask: UInt64 = parts.count == 64 ? .max : (1 << UInt64(parts.count)) - 1
                if case .all = condition { steps.append(.all(mask)) } else { steps.append(.any(mask)) }
                height -= parts.count
                return push()
            case .excluding(let kept, let excluded):
                guard compile(kept), compile(excluded) else { return false }
                steps.append(.excluding)
                height -= 2
                return push()
            }
        }
        guard compile(condition) else { return nil }
        (self.steps, self.named) = (steps, named)
        func phrasesOnly(_ parts: [SearchCondition]) -> Bool { parts.allSatisfy { if case .phrase = $0 { true } else { false } } }
        switch condition {
        case .phrase: (allOf, anyOf) = (named, nil)
        case .all(let parts) where phrasesOnly(parts): (allOf, anyOf) = (named, nil)
        case .any(let parts) where phrasesOnly(parts): (allOf, anyOf) = (nil, named)
        default: (allOf, anyOf) = (nil, nil)
        }
    }

    /// True when a row the phrases of `holds` hold (and no other) matches.
    @inline(__always)
    func matches(_ holds: UInt64) -> Bool { run(holds, excludes: true) }

    /// False when no row can match where only the phrases of `present` hold any: an excluded
    /// phrase may or may not hold a given row, so it rules nothing out.
    @inline(__always)
    func canMatch(_ present: UInt64) -> Bool { run(present, excludes: false) }

    /// The steps on a stack of bits: the top of the stack is bit 0.
    @inline(__always)
    private func run(_ holds: UInt64, excludes: Bool) -> Bool {
        if let allOf { return holds & allOf == allOf }
        if let anyOf { return holds & anyOf != 0 }
        var stack: UInt64 = 0
        for step in steps {
            switch step {
            case .phrase(let bit):
                stack = stack << 1 | (holds & bit != 0 ? 1 : 0)
            case .all(let mask):
                let value: UInt64 = stack & mask == mask ? 1 : 0
                stack = (mask == .max ? 0 : stack >> UInt64(mask.nonzeroBitCount)) << 1 | value
            case .any(let mask):
                let value: UInt64 = stack & mask != 0 ? 1 : 0
                stack = (mask == .max ? 0 : stack >> UInt64(mask.nonzeroBitCount)) << 1 | value
            case .excluding:
                let excluded = stack & 1
                stack >>= 1
                if excludes && excluded != 0 { stack &= ~1 }
            }
        }
        return stack & 1 != 0
    }
}
