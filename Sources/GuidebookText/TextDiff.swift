/// A diff of two versions of a text by words: what was kept, deleted and inserted.
///
/// A text is cut into tokens: a run of letters and digits of an alphabetic script is one word; a
/// Hangul or CJK syllable is a token of its own (Korean is diffed by syllable clusters, so a changed
/// particle shows as one changed syllable, not a changed word); a run of whitespace is one token;
/// any other character (punctuation) is one. The pieces are found with Myers' O(ND) algorithm in
/// its linear-space form (the middle snake, divided and conquered), after the common start and end
/// are taken off.
public enum TextDiff {
    /// What a piece of the diff does.
    public enum Operation: String, Sendable, Equatable {
        /// In both versions.
        case equal
        /// Only in the old version.
        case delete
        /// Only in the new version.
        case insert
    }

    /// A run of tokens with one operation.
    public struct Piece: Sendable, Equatable {
        public var operation: Operation
        public var text: String

        public init(_ operation: Operation, _ text: String) {
            self.operation = operation
            self.text = text
        }
    }

    /// Past this many differences in one part the search stops and that part is shown as deleted
    /// and inserted whole (a complete rewrite, where a finer diff would say nothing more).
    public static let defaultEditLimit = 2_000

    /// The tokens of `text`, in order; joined they are `text`.
    public static func tokens(_ text: String) -> [Substring] {
        var tokens: [Substring] = []
        var start = text.startIndex
        var kind: TokenKind?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            let this = TokenKind(character)
            if let current = kind, current == this, this.joins {
                index = next
                continue
            }
            if kind != nil { tokens.append(text[start..<index]) }
            start = index
            kind = this
            index = next
        }
        if kind != nil { tokens.append(text[start..<text.endIndex]) }
        return tokens
    }

    /// The pieces that turn `old` into `new`: the `equal` and `delete` pieces joined are `old`,
    /// the `equal` and `insert` pieces joined are `new`; adjacent pieces have different
    /// operations, and a deletion comes before the insertion that replaces it.
    public static func diff(_ old: String, _ new: String, editLimit: Int = defaultEditLimit) -> [Piece] {
        let oldTokens = tokens(old), newTokens = tokens(new)
        // Tokens as numbers, so comparing them is cheap.
        var numbers: [Substring: Int] = [:]
        func number(_ token: Substring) -> Int {
            if let known = numbers[token] { return known }
            numbers[token] = numbers.count
            return numbers.count - 1
        }
        var search = Search(a: oldTokens.map(number), b: newTokens.map(number), editLimit: editLimit)
        search.run(0, oldTokens.count, 0, newTokens.count)
        // Runs of tokens: between two kept runs, the deleted tokens, then the inserted ones.
        var runs: [(Operation, [Substring])] = []
        var deleted: [Substring] = [], inserted: [Substring] = []
        func flushChanges() {
            if !deleted.isEmpty { runs.append((.delete, deleted)) }
            if !inserted.isEmpty { runs.append((.insert, inserted)) }
            (deleted, inserted) = ([], [])
        }
        for (operation, range) in search.script {
            switch operation {
            case .delete: deleted += oldTokens[range]
            case .insert: inserted += newTokens[range]
            case .equal:
                flushChanges()
                if let last = runs.last, last.0 == .equal { runs[runs.count - 1].1 += oldTokens[range] } else { runs.append((.equal, Array(oldTokens[range]))) }
            }
        }
        flushChanges()
        alignToWords(&runs)
        var pieces: [Piece] = []
        for (operation, tokens) in runs where !tokens.isEmpty {
            if pieces.last?.operation == operation { pieces[pieces.count - 1].text += tokens.joined() } else { pieces.append(Piece(operation, tokens.joined())) }
        }
        return pieces
    }

    /// A lone insertion or deletion between kept runs that starts with the whitespace the next
    /// kept run starts with moves one token on (`sheet{+ very+} short` reads `sheet {+very +}short`).
    private static func alignToWords(_ runs: inout [(Operation, [Substring])]) {
        guard runs.count >= 3 else { return }
        for index in 1..<(runs.count - 1) where runs[index].0 != .equal && runs[index - 1].0 == .equal && runs[index + 1].0 == .equal {
            while let first = runs[index].1.first, first.first?.isWhitespace == true, runs[index + 1].1.first == first {
                runs[index - 1].1.append(first)
                runs[index].1.removeFirst()
                runs[index].1.append(first)
                runs[index + 1].1.removeFirst()
            }
        }
    }

    /// What a character starts: tokens of the same joining kind run together.
    private enum TokenKind: Equatable {
        case word, space, syllable, other

        init(_ character: Character) {
            guard let scalar = character.unicodeScalars.first else { self = .other; return }
            if Hangul.contains(scalar) || CJK.contains(scalar) {
                self = .syllable
            } else if character.isWhitespace {
                self = .space
            } else if character.isLetter || character.isNumber {
                self = .word
            } else {
                self = .other
            }
        }

        /// Whether consecutive characters of this kind make one token.
        var joins: Bool { self == .word || self == .space }
    }

    /// Myers' search over two sequences of numbers, writing the edit script as ranges of them.
    private struct Search {
        let a: [Int]
        let b: [Int]
        let editLimit: Int
        /// The operations in order, each over a range of `a` (equal, delete) or `b` (insert).
        var script: [(Operation, Range<Int>)] = []

        init(a: [Int], b: [Int], editLimit: Int) {
            (self.a, self.b, self.editLimit) = (a, b, editLimit)
        }

        /// Diffs `a[aStart..<aEnd]` against `b[bStart..<bEnd]`.
        mutating func run(_ aStart: Int, _ aEnd: Int, _ bStart: Int, _ bEnd: Int) {
            var (aStart, aEnd, bStart, bEnd) = (aStart, aEnd, bStart, bEnd)
            var prefix = 0
            while aStart + prefix < aEnd, bStart + prefix < bEnd, a[aStart + prefix] == b[bStart + prefix] { prefix += 1 }
            var suffix = 0
            while aEnd - suffix > aStart + prefix, bEnd - suffix > bStart + prefix, a[aEnd - suffix - 1] == b[bEnd - suffix - 1] { suffix += 1 }
            if prefix > 0 { script.append((.equal, aStart..<(aStart + prefix))) }
            aStart += prefix
            bStart += prefix
            aEnd -= suffix
            bEnd -= suffix
            if aStart == aEnd {
                if bStart < bEnd { script.append((.insert, bStart..<bEnd)) }
            } else if bStart == bEnd {
                script.append((.delete, aStart..<aEnd))
            } else if let (x, y) = middleSnake(aStart, aEnd, bStart, bEnd) {
                run(aStart, x, bStart, y)
                run(x, aEnd, y, bEnd)
            } else {
                script.append((.delete, aStart..<aEnd))
                script.append((.insert, bStart..<bEnd))
            }
            if suffix > 0 { script.append((.equal, aEnd..<(aEnd + suffix))) }
        }

        /// Where the middle snake of the shortest edit script of the two ranges ends: a point that
        /// splits the problem in two smaller ones. Nil when the ranges have nothing in common, or
        /// when more than `editLimit` differences were searched.
        private func middleSnake(_ aStart: Int, _ aEnd: Int, _ bStart: Int, _ bEnd: Int) -> (Int, Int)? {
            let n = aEnd - aStart, m = bEnd - bStart
            let maxD = min((n + m + 1) / 2, editLimit)
            let offset = maxD + 1, length = 2 * maxD + 3
            // Furthest x reached on each diagonal k (x - y = k), forward from the start and backward from the end.
            var forward = [Int](repeating: -1, count: length), backward = [Int](repeating: -1, count: length)
            forward[offset + 1] = 0
            backward[offset + 1] = 0
            let delta = n - m
            let checkForward = delta % 2 != 0
            var forwardStart = 0, forwardEnd = 0, backwardStart = 0, backwardEnd = 0
            for d in 0..<maxD {
                var k = -d + forwardStart
                while k <= d - forwardEnd {
                    let index = offset + k
                    var x = (k == -d || (k != d && forward[index - 1] < forward[index + 1])) ? forward[index + 1] : forward[index - 1] + 1
                    var y = x - k
                    while x < n, y < m, a[aStart + x] == b[bStart + y] {
                        x += 1
                        y += 1
                    }
                    forward[index] = x
                    if x > n {
                        forwardEnd += 2
                    } else if y > m {
                        forwardStart += 2
                    } else if checkForward {
                        let other = offset + delta - k
                        if other >= 0, other < length, backward[other] != -1, x >= n - backward[other] {
                            return (aStart + x, bStart + y)
                        }
                    }
                    k += 2
                }
                k = -d + backwardStart
                while k <= d - backwardEnd {
                    let index = offset + k
                    var x = (k == -d || (k != d && backward[index - 1] < backward[index + 1])) ? backward[index + 1] : backward[index - 1] + 1
                    var y = x - k
                    while x < n, y < m, a[aEnd - x - 1] == b[bEnd - y - 1] {
                        x += 1
                        y += 1
                    }
                    backward[index] = x
                    if x > n {
                        backwardEnd += 2
                    } else if y > m {
                        backwardStart += 2
                    } else if !checkForward {
                        let other = offset + delta - k
                        if other >= 0, other < length, forward[other] != -1 {
                            let forwardX = forward[other]
                            let forwardY = forwardX - (other - offset)
                            if forwardX >= n - x { return (aStart + forwardX, bStart + forwardY) }
                        }
                    }
                    k += 2
                }
            }
            return nil
        }
    }
}
