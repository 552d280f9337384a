import GuidebookText

/// Pairs each English passage with its Korean translation.
///
/// Passages are taken in groups: a run of passages in the *leading* language and the run of the
/// other language that follows it, up to the next heading, topic or tip-block edge. Each group is
/// aligned by `BilingualAligner`. Notes normally lead with English; when a file consistently puts
/// the Korean first, aligning with Korean leading costs clearly less, and that order is used.
struct ParagraphPairer: Sendable {
    /// The pairer's output, in reading order.
    enum Output: Sendable {
        case topic(TopicHeader)
        case heading(SectionHeading)
        case pair(GuidelinePair)
    }

    /// An English passage and its translation, if one was found.
    struct GuidelinePair: Sendable, Equatable {
        var english: String
        var korean: String?
        /// The line the English passage starts on.
        var line: Int
    }

    /// A stretch of the element stream: markers and runs of passages between them.
    private enum Piece {
        case marker(NoteElement)
        case passages([TextUnit])
    }

    private struct Group {
        var english: [TextUnit]
        var korean: [TextUnit]
        var alignment: BilingualAligner.Alignment
    }

    private let aligner = BilingualAligner()

    /// How many passages from the start of a file decide which language leads; a file keeps
    /// one order throughout, and a sample keeps the decision cheap for huge files.
    static let orderSampleSize = 400

    /// Pairs the passages of `elements`, reporting unpaired ones to `log`.
    func pair(_ elements: [NoteElement], log: inout WarningLog) -> [Output] {
        let pieces = Self.pieces(of: elements)
        let leading = leadingLanguage(of: Self.sample(of: pieces))
        let chosen = groups(of: pieces, leading: leading)

        var output: [Output] = []
        var groupIndex = 0
        for piece in pieces {
            switch piece {
            case .marker(.topic(let header)):
                output.append(.topic(header))
            case .marker(.heading(let heading)):
                output.append(.heading(heading))
            case .marker:
                continue
            case .passages:
                for group in chosen[groupIndex] {
                    emit(group, into: &output, log: &log)
                }
                groupIndex += 1
            }
        }
        return output
    }

    /// English, unless aligning with Korean leading costs clearly less: on a tie the usual
    /// English-first order is the safer reading.
    private func leadingLanguage(of sample: [Piece]) -> Script {
        let englishCost = groups(of: sample, leading: .english).joined().reduce(0) { $0 + $1.alignment.cost }
        let koreanCost = groups(of: sample, leading: .korean).joined().reduce(0) { $0 + $1.alignment.cost }
        return koreanCost + 1.0 < englishCost * 0.75 ? .korean : .english
    }

    /// The runs of passages holding the first `orderSampleSize` passages.
    private static func sample(of pieces: [Piece]) -> [Piece] {
        var sample: [Piece] = []
        var count = 0
        for case .passages(let units) in pieces where count < orderSampleSize {
            let taken = Array(units.prefix(orderSampleSize - count))
            sample.append(.passages(taken))
            count += taken.count
        }
        return sample
    }

    private static func pieces(of elements: [NoteElement]) -> [Piece] {
        var pieces: [Piece] = []
        var passages: [TextUnit] = []
        for element in elements {
            if case .unit(let unit) = element {
                passages.append(unit)
                continue
            }
            if !passages.isEmpty {
                pieces.append(.passages(passages))
                passages = []
            }
            pieces.append(.marker(element))
        }
        if !passages.isEmpty { pieces.append(.passages(passages)) }
        return pieces
    }

    /// The aligned groups of every run of passages, when `leading` is the language that comes first.
    private func groups(of pieces: [Piece], leading: Script) -> [[Group]] {
        pieces.compactMap { piece -> [Group]? in
            guard case .passages(let units) = piece else { return nil }
            var groups: [Group] = []
            var index = 0
            while index < units.count {
                var leaders: [TextUnit] = []
                var followers: [TextUnit] = []
                while index < units.count, units[index].script == leading {
                    leaders.append(units[index])
                    index += 1
                }
                while index < units.count, units[index].script != leading {
                    followers.append(units[index])
                    index += 1
                }
                let english = leading == .english ? leaders : followers
                let korean = leading == .english ? followers : leaders
                groups.append(Group(english: english, korean: korean, alignment: aligner.align(english: english, korean: korean)))
            }
            return groups
        }
    }

    private func emit(_ group: Group, into output: inout [Output], log: inout WarningLog) {
        for bead in group.alignment.beads {
            switch bead {
            case .pair(let englishIndexes, let koreanIndexes):
                let english = englishIndexes.map { group.english[$0] }
                let korean = koreanIndexes.map { group.korean[$0] }
                output.append(.pair(GuidelinePair(english: Self.joined(english), korean: Self.joined(korean),
                                                  line: english.first?.line ?? 1)))
            case .englishOnly(let index):
                let unit = group.english[index]
                log.add(line: unit.line, "English paragraph \"\(WarningLog.excerpt(unit.text))\" has no Korean translation; imported in English only")
                output.append(.pair(GuidelinePair(english: unit.text, korean: nil, line: unit.line)))
            case .koreanOnly(let index):
                let unit = group.korean[index]
                let what = unit.isCaption ? "Korean caption of a video or screenshot" : "Korean paragraph"
                log.add(line: unit.line, "\(what) \"\(WarningLog.excerpt(unit.text))\" has no English counterpart; not imported")
            }
        }
    }

    /// Passages of one pairing joined: with a space when they share a line, as paragraphs otherwise.
    private static func joined(_ units: [TextUnit]) -> String {
        var text = ""
        var previousLine: Int?
        for unit in units {
            if let line = previousLine { text += line == unit.line ? " " : "\n\n" }
            text += unit.text
            previousLine = unit.line
        }
        return text
    }
}
