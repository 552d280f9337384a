import GuidebookText
import XCTest

/// The word-level diff: English by words, Korean by syllables, and on random texts the pieces give
/// back both texts and keep as many tokens as a longest common subsequence (counted here by the
/// textbook dynamic program, independently of Myers' search).
final class TextDiffTests: XCTestCase {
    private func render(_ pieces: [TextDiff.Piece]) -> String {
        pieces.map { piece in
            switch piece.operation {
            case .equal: return piece.text
            case .delete: return "[-\(piece.text)-]"
            case .insert: return "{+\(piece.text)+}"
            }
        }.joined()
    }

    func testEnglishIsDiffedByWords() {
        XCTAssertEqual(TextDiff.tokens("Keep it short, please."), ["Keep", " ", "it", " ", "short", ",", " ", "please", "."])
        XCTAssertEqual(render(TextDiff.diff("Keep a sheet short.", "Keep every sheet very short.")),
                       "Keep [-a-]{+every+} sheet {+very +}short.")
        XCTAssertEqual(render(TextDiff.diff("Use a progress bar", "Use a progress indicator")), "Use a progress [-bar-]{+indicator+}")
    }

    func testKoreanIsDiffedBySyllables() {
        XCTAssertEqual(TextDiff.tokens("시트를 쓰세요"), ["시", "트", "를", " ", "쓰", "세", "요"])
        // A wrong particle is one changed syllable, not a changed word.
        XCTAssertEqual(render(TextDiff.diff("시트을 닫으세요.", "시트를 닫으세요.")), "시트[-을-]{+를+} 닫으세요.")
        XCTAssertEqual(render(TextDiff.diff("진행률 표시줄을 쓰세요", "진행 표시기를 쓰세요")), "진행[-률-] 표시[-줄을-]{+기를+} 쓰세요")
        // Conjoining jamo (한 as ᄒ ᅡ ᆫ) are one syllable cluster.
        XCTAssertEqual(TextDiff.tokens("\u{1112}\u{1161}\u{11AB}글"), ["\u{1112}\u{1161}\u{11AB}", "글"])
        // Mixed text: the English word stays whole beside Korean syllables.
        XCTAssertEqual(render(TextDiff.diff("Mail 앱에서", "Mail 앱으로")), "Mail 앱[-에서-]{+으로+}")
    }

    func testEmptyAndIdenticalTexts() {
        XCTAssertEqual(TextDiff.diff("", ""), [])
        XCTAssertEqual(TextDiff.diff("same", "same"), [TextDiff.Piece(.equal, "same")])
        XCTAssertEqual(TextDiff.diff("", "new text"), [TextDiff.Piece(.insert, "new text")])
        XCTAssertEqual(TextDiff.diff("old", ""), [TextDiff.Piece(.delete, "old")])
    }

    func testRandomTextsRoundTripWithAMinimalDiff() {
        var generator = SystemRandomNumberGenerator()
        let words = ["a", "sheet", "bar", "시", "트", "를", " ", ".", "표", "진행", "b"]
        for round in 0..<300 {
            let old = (0..<Int.random(in: 0...25, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined()
            let new = (0..<Int.random(in: 0...25, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined()
            let pieces = TextDiff.diff(old, new)
            XCTAssertEqual(pieces.filter { $0.operation != .insert }.map(\.text).joined(), old, "round \(round)")
            XCTAssertEqual(pieces.filter { $0.operation != .delete }.map(\.text).joined(), new, "round \(round)")
            for (left, right) in zip(pieces, pieces.dropFirst()) { XCTAssertNotEqual(left.operation, right.operation) }
            let kept = pieces.filter { $0.operation == .equal }.reduce(0) { $0 + TextDiff.tokens($1.text).count }
            XCTAssertEqual(kept, lcs(TextDiff.tokens(old), TextDiff.tokens(new)), "round \(round): \(old) → \(new)")
        }
    }

    func testAWholeRewriteBeyondTheEditLimitIsOneDeletionAndOneInsertion() {
        let old = (0..<400).map { "o\($0)" }.joined(separator: " ")
        let new = (0..<400).map { "n\($0)" }.joined(separator: "-")
        let pieces = TextDiff.diff(old, new, editLimit: 10)
        XCTAssertEqual(pieces.map(\.operation), [.delete, .insert])
        XCTAssertEqual(pieces.map(\.text), [old, new])
    }

    /// The length of a longest common subsequence of the tokens, by the quadratic dynamic program.
    private func lcs(_ a: [Substring], _ b: [Substring]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            var row = [Int](repeating: 0, count: b.count + 1)
            for j in 1...b.count {
                row[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : max(previous[j], row[j - 1])
            }
            previous = row
        }
        return previous[b.count]
    }
}
