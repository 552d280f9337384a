import Foundation
import GuidebookText
import XCTest

/// The search index must stay byte-identical across refactorings: a change to what the segmenter
/// makes of text would need `TextSegmenter.version` bumped (and every index rebuilt at start).
/// `Tests/Fixtures/text/segmentation-expected.txt` is what the segmenter and the particle rule made
/// of `segmentation-input.txt` when they were captured (before they moved to this target).
final class TextSegmenterFixtureTests: XCTestCase {
    private static let fixtures: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures/text")
    }()

    func testSegmentationMatchesTheCapturedTranscript() throws {
        let input = try String(contentsOf: Self.fixtures.appendingPathComponent("segmentation-input.txt"), encoding: .utf8)
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("segmentation-expected.txt"), encoding: .utf8)
        let texts = SegmentationTranscript.texts(ofFixture: input)
        XCTAssertGreaterThanOrEqual(texts.count, 30, "the input fixture lost its texts")
        let actual = SegmentationTranscript.transcript(of: texts)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(actualLines.count, expectedLines.count, "the transcript has another number of lines")
        for (number, (line, wanted)) in zip(actualLines, expectedLines).enumerated() where line != wanted {
            XCTFail("segmentation-expected.txt line \(number + 1): expected «\(wanted)», got «\(line)»")
            break
        }
        XCTAssertEqual(actual, expected)
    }

    func testTheIndexVersionIsUnchanged() {
        // Stored indexes record this; another value would rebuild every index at start.
        XCTAssertEqual(TextSegmenter.version, "1")
    }

    func testTheTranscriptEscapesRoundTrip() {
        let text = "a\\b\tc\nd\re\u{0}f 한\u{301}"
        XCTAssertEqual(SegmentationTranscript.escaped(text), "a\\\\b\\tc\\nd\\re\\u{0}f 한\u{301}")
        XCTAssertEqual(SegmentationTranscript.unescaped("a\\\\b\\tc\\nd\\re\\u{0}f \\u{D55C}"), "a\\b\tc\nd\re\u{0}f 한")
    }
}
