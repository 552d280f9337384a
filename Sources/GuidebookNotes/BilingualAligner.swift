import Foundation
import GuidebookText

/// Aligns a run of English passages with the run of Korean passages that follows it (or precedes
/// it), deciding which Korean text translates which English text.
///
/// Most of the time the counts match and the passages pair in order, but notes also skip
/// translations ("For developer guidance, see …"), add Korean captions of videos, and sometimes
/// translate two paragraphs as one. The aligner is a small dynamic program in the manner of
/// Gale and Church's sentence aligner: passages are matched one to one, two to one, one to two,
/// or left alone, and the alignment with the lowest total cost wins. Costs come from
///
/// - length: Korean text without spaces is about half as long as the English it translates
///   (measured on real notes: mean ratio 0.52), with more spread for short passages;
/// - anchors: Latin words kept in the Korean ("UIProgressView", "SF Symbols") should occur in the
///   English it translates, and identifiers in the English should reappear in the Korean;
/// - kinds: captions and "see also" pointers are cheap to leave alone, anything else is dear.
struct BilingualAligner: Sendable {
    /// One step of an alignment, in terms of indexes into the English and Korean arrays.
    enum Bead: Sendable, Equatable {
        /// English passages (one or two) and their translation (one or two passages).
        case pair(english: [Int], korean: [Int])
        /// An English passage without a translation.
        case englishOnly(Int)
        /// A Korean passage without an English counterpart.
        case koreanOnly(Int)
    }

    /// The beads of an alignment in reading order, and its total cost.
    struct Alignment: Sendable {
        var beads: [Bead]
        var cost: Double
    }

    /// Korean-to-English length ratio of a faithful translation.
    static let expectedRatio = 0.52
    /// Cost of leaving a passage unpaired; a mismatched pair must cost more than this to lose.
    static let unpairedCost = 2.5
    /// Cost of leaving a caption or a "see also" pointer unpaired: that is what usually happens to them.
    static let expectedUnpairedCost = 0.4
    /// Extra cost of a two-to-one pairing over two one-to-one pairings.
    static let mergeCost = 1.2
    /// Extra cost of each passage that does not end like a sentence when paired with passages that do.
    static let fragmentCost = 1.5
    /// Extra cost of using a caption as a translation.
    static let captionAsTranslationCost = 2.0
    /// Groups larger than this many cells are paired in order instead, to keep parsing linear.
    static let maximumCells = 200_000

    /// Aligns `english` with `korean`, both in reading order.
    func align(english: [TextUnit], korean: [TextUnit]) -> Alignment {
        let englishCount = english.count
        let koreanCount = korean.count
        if englishCount == 0 || koreanCount == 0 {
            let beads = english.indices.map(Bead.englishOnly) + korean.indices.map(Bead.koreanOnly)
            let cost = english.reduce(0) { $0 + unpairedCost(of: $1) } + korean.reduce(0) { $0 + unpairedCost(of: $1) }
            return Alignment(beads: beads, cost: cost)
        }
        if (englishCount + 1) * (koreanCount + 1) > Self.maximumCells {
            return inOrder(english: english, korean: korean)
        }

        let englishWeights = english.map(\.weight)
        let koreanWeights = korean.map(\.weight)
        let width = koreanCount + 1
        var cost = [Double](repeating: .infinity, count: (englishCount + 1) * width)
        var step = [Bead?](repeating: nil, count: (englishCount + 1) * width)
        cost[0] = 0

        for i in 0...englishCount {
            for j in 0...koreanCount where !(i == 0 && j == 0) {
                var best = Double.infinity
                var bestBead: Bead?
                func consider(_ previous: Double, _ extra: Double, _ bead: Bead) {
                    let total = previous + extra
                    if total < best {
                        best = total
                        bestBead = bead
                    }
                }
                if i >= 1 && j >= 1 {
                    consider(cost[(i - 1) * width + j - 1],
                             pairCost(english: english[(i - 1)...(i - 1)], korean: korean[(j - 1)...(j - 1)],
                                      englishWeight: englishWeights[i - 1], koreanWeight: koreanWeights[j - 1]),
                             .pair(english: [i - 1], korean: [j - 1]))
                }
                if i >= 1 {
                    consider(cost[(i - 1) * width + j], unpairedCost(of: english[i - 1]), .englishOnly(i - 1))
                }
                if j >= 1 {
                    consider(cost[i * width + j - 1], unpairedCost(of: korean[j - 1]), .koreanOnly(j - 1))
                }
                if i >= 2 && j >= 1 {
                    consider(cost[(i - 2) * width + j - 1],
                             Self.mergeCost + pairCost(english: english[(i - 2)...(i - 1)], korean: korean[(j - 1)...(j - 1)],
                                                       englishWeight: englishWeights[i - 2] + englishWeights[i - 1],
                                                       koreanWeight: koreanWeights[j - 1]),
                             .pair(english: [i - 2, i - 1], korean: [j - 1]))
                }
                if i >= 1 && j >= 2 {
                    consider(cost[(i - 1) * width + j - 2],
                             Self.mergeCost + pairCost(english: english[(i - 1)...(i - 1)], korean: korean[(j - 2)...(j - 1)],
                                                       englishWeight: englishWeights[i - 1],
                                                       koreanWeight: koreanWeights[j - 2] + koreanWeights[j - 1]),
                             .pair(english: [i - 1], korean: [j - 2, j - 1]))
                }
                cost[i * width + j] = best
                step[i * width + j] = bestBead
            }
        }

        var beads: [Bead] = []
        var i = englishCount
        var j = koreanCount
        while i > 0 || j > 0, let bead = step[i * width + j] {
            beads.append(bead)
            switch bead {
            case .pair(let englishIndexes, let koreanIndexes):
                i -= englishIndexes.count
                j -= koreanIndexes.count
            case .englishOnly:
                i -= 1
            case .koreanOnly:
                j -= 1
            }
        }
        return Alignment(beads: beads.reversed(), cost: cost[englishCount * width + koreanCount])
    }

    // MARK: Costs

    private func unpairedCost(of unit: TextUnit) -> Double {
        unit.isCaption || unit.isReference ? Self.expectedUnpairedCost : Self.unpairedCost
    }

    private func pairCost(english: ArraySlice<TextUnit>, korean: ArraySlice<TextUnit>, englishWeight: Int, koreanWeight: Int) -> Double {
        var total = lengthCost(english: englishWeight, korean: koreanWeight,
                               englishCut: english.last?.isTruncated ?? false, koreanCut: korean.last?.isTruncated ?? false)
        if korean.contains(where: \.isCaption) { total += Self.captionAsTranslationCost }
        // A translation ends like what it translates: a title-like fragment ("머티리얼은 이렇게 뒤를
        // 뿌옇게 만드는 효과") does not translate a paragraph, though two list items without full
        // stops may translate each other.
        let passages = english + korean
        let fragments = passages.filter { !NoteScanner.endsSentence($0.text) }.count
        if fragments < passages.count { total += Self.fragmentCost * Double(fragments) }
        total += anchorCost(english: english.map(\.text).joined(separator: " "), korean: korean.map(\.text).joined(separator: " "),
                            isReference: english.count == 1 && english.first?.isReference == true)
        return max(0, total)
    }

    /// Squared deviation of the log length ratio from the expected one, with more tolerance for
    /// short passages, where a kept English name ("Loading") weighs more. A side that the source
    /// cut off may be shorter than its counterpart suggests, so only the other direction counts.
    private func lengthCost(english: Int, korean: Int, englishCut: Bool, koreanCut: Bool) -> Double {
        let ratio = Double(max(korean, 1)) / Double(max(english, 1))
        var deviation = log(ratio / Self.expectedRatio)
        if koreanCut && deviation < 0 { deviation = 0 }
        if englishCut && deviation > 0 { deviation = 0 }
        let variance = 0.04 + 6.0 / Double(english + korean + 1)
        return deviation * deviation / (2 * variance)
    }

    /// Rewards Latin words of the Korean that the English contains and penalises those it lacks,
    /// and penalises English identifiers (inner capitals or digits) the Korean lacks. The name in
    /// a "see also" pointer is the whole point of it, so a translation without it is unlikely.
    private func anchorCost(english: String, korean: String, isReference: Bool) -> Double {
        let englishLower = english.lowercased()
        let koreanLower = korean.lowercased()
        var shared = 0
        var missing = 0
        for word in Self.latinWords(in: korean) where word.count >= 2 {
            if englishLower.contains(word.lowercased()) { shared += 1 } else { missing += 1 }
        }
        var lost = 0
        for word in Self.latinWords(in: english) where Self.isIdentifier(word) {
            // A translator may break a long name apart ("UIActivity를 … IndicatorView를"), so its
            // first six letters are enough.
            if !koreanLower.contains(word.lowercased().prefix(6)) { lost += 1 }
        }
        let lostCost = isReference ? 2.0 : 0.4
        return -0.3 * Double(min(shared, 3)) + 0.4 * Double(min(missing, 3)) + lostCost * Double(min(lost, 3))
    }

    /// Runs of Latin letters and digits.
    private static func latinWords(in text: String) -> [Substring] {
        text.split { character in
            guard let scalar = character.unicodeScalars.first else { return true }
            return !(Latin.isLetter(scalar) || ("0"..."9").contains(scalar))
        }
    }

    /// A name a translator keeps as written: an inner capital ("UIProgressView", "iPad") or a digit.
    private static func isIdentifier(_ word: Substring) -> Bool {
        word.contains(where: \.isNumber) || word.dropFirst().contains(where: \.isUppercase)
    }

    /// Pairs passages in order when a group is too large to align: one to one, then the rest alone.
    private func inOrder(english: [TextUnit], korean: [TextUnit]) -> Alignment {
        let paired = min(english.count, korean.count)
        var beads = (0..<paired).map { Bead.pair(english: [$0], korean: [$0]) }
        beads += (paired..<english.count).map(Bead.englishOnly)
        beads += (paired..<korean.count).map(Bead.koreanOnly)
        let cost = english[paired...].reduce(0) { $0 + unpairedCost(of: $1) } + korean[paired...].reduce(0) { $0 + unpairedCost(of: $1) }
        return Alignment(beads: beads, cost: cost)
    }
}
