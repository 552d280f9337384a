@testable import GuidebookCore
@testable import GuidebookImport
import GuidebookChecks
import Foundation
import Synchronization
import XCTest

/// While requests are being served (`ForegroundActivity`), an import keeps to the writer's thread:
/// its checks are made on one thread and its lines decoded by the writer; otherwise it spreads.
final class ForegroundActivityTests: XCTestCase {
    func testActivityIsRecentWithinItsWindowOnly() {
        let long = ForegroundActivity(window: .seconds(3_600))
        XCTAssertFalse(long.isRecent, "nothing noted yet")
        long.note()
        XCTAssertTrue(long.isRecent)
        let short = ForegroundActivity(window: .milliseconds(1))
        short.note()
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertFalse(short.isRecent, "50 ms after the note, past a 1 ms window")
    }

    func testChecksKeepToOneThreadWhileRequestsAreServed() {
        let foreground = ForegroundActivity(window: .seconds(3_600))
        let checks = TranslationChecks(options: CheckOptions(), workers: 4, foreground: foreground)
        XCTAssertEqual(checks.workers, 4)
        foreground.note()
        XCTAssertEqual(checks.workers, 1)
        XCTAssertEqual(TranslationChecks(options: CheckOptions(), workers: 1, foreground: foreground).workers, 1)
    }

    func testLinesAreDecodedByTheCallerWhileRequestsAreServedAndGiveTheSame() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-prefetch-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = (1...200).map { "line \($0) \(String(repeating: "글", count: $0 % 7))" }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        func read(_ foreground: ForegroundActivity?) throws -> (values: [String], onCaller: Int) {
            let caller = pthread_self()
            let decodedOnCaller = Mutex(0)
            var values: [String] = []
            try PrefetchedLines<String>.forEachLine(path: path, foreground: foreground, decode: { number, bytes in
                if pthread_equal(pthread_self(), caller) != 0 { decodedOnCaller.withLock { $0 += 1 } }
                return "\(number): \(String(decoding: bytes, as: UTF8.self))"
            }) { _, value in values.append(value) }
            return (values, decodedOnCaller.withLock { $0 })
        }
        let expected = lines.enumerated().map { "\($0.offset + 1): \($0.element)" }
        let apart = try read(nil)
        XCTAssertEqual(apart.values, expected)
        XCTAssertEqual(apart.onCaller, 0, "decoded on the reading thread")
        let quiet = try read(ForegroundActivity(window: .seconds(3_600)))
        XCTAssertEqual(quiet.values, expected)
        XCTAssertEqual(quiet.onCaller, 0, "no request noted: decoded on the reading thread")
        let served = ForegroundActivity(window: .seconds(3_600))
        served.note()
        let busy = try read(served)
        XCTAssertEqual(busy.values, expected)
        XCTAssertEqual(busy.onCaller, lines.count, "every line decoded by the caller")
    }
}
