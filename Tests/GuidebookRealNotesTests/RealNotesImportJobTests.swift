import Foundation
import GuidebookTestSupport
import XCTest

/// The four real study notes imported as jobs over HTTP into the seeded knowledge base. The notes
/// are not in the repository: they come from the folder named by `GUIDEBOOK_REAL_NOTES`.
final class RealNotesImportJobTests: XCTestCase {
    private var server: TestServer!

    override func setUpWithError() throws {
        server = try TestServer()
    }

    override func tearDown() {
        server.stop()
        server = nil
    }

    func testTheFourStudyNotesImportIntoTopicsWithEnglishKoreanPairs() throws {
        let notes = try NotesFolder.realNotes()
        let files = notes.fileNames
        XCTAssertEqual(files.count, 4, "the four study notes in \(notes.path)")
        for file in files {
            let body = try notes.bytes(of: file)
            let final = try server.followJob(try server.submitJob(body, query: "format=notes&name=\(file)", contentType: "text/plain")).last!
            XCTAssertEqual(final["status"] as? String, "succeeded", "\(file): \(final)")
        }
        // A pair from the Progress Indicators notes, merged into the existing topic.
        let topic = try server.get("/v1/topics/progress-indicators?lang=en,ko").jsonObject()
        let guidelines = (topic["sections"] as? [[String: Any]] ?? []).flatMap { $0["guidelines"] as? [[String: Any]] ?? [] }
        let pair = guidelines.compactMap { $0["text"] as? [String: Any] }.first { ($0["en"] as? String ?? "").hasPrefix("Keep activity indicators moving.") }
        XCTAssertNotNil(pair, "the notes' paragraph is imported")
        XCTAssertTrue((pair?["ko"] as? String ?? "").hasPrefix("활동 표시기를 계속 움직입니다."), "\(String(describing: pair))")
        XCTAssertEqual(topic["category"] as? String, "controls", "an existing topic keeps its category")
        // Split Views notes: English with its Korean translation.
        let split = try server.get("/v1/guidelines?topic=split-views&lang=en,ko&limit=100").jsonObject()
        let texts = (split["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? [String: Any] }
        XCTAssertTrue(texts.contains { ($0["en"] as? String ?? "").hasPrefix("On iPad, use a split view instead of a tab bar.")
            && ($0["ko"] as? String ?? "").hasPrefix("iPad에선 스플릿뷰를 탭바 대신 사용하세요.") })
    }
}
