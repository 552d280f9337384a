import Foundation
import GuidebookTestSupport
import XCTest

/// The folders of notes the notes tests read: the fixtures, and the real study notes named by
/// `GUIDEBOOK_REAL_NOTES`. A folder that is missing, empty or not a folder must fail those tests
/// with a message that names it, never crash them or let them pass without notes.
final class NotesFolderTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-notes-folder-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    /// The message of the error that opening the real-notes folder with `environment` throws.
    private func realNotesError(_ environment: [String: String]) -> String? {
        do {
            let folder = try NotesFolder.realNotes(environment: environment)
            XCTFail("expected an error, got the folder \(folder.path) with \(folder.fileNames)")
            return nil
        } catch {
            return (error as? NotesFolder.Unusable)?.description
        }
    }

    func testTheFixturesFolderHoldsTheRepositorysNotes() throws {
        let fixtures = try NotesFolder.fixtures()
        XCTAssertTrue(fixtures.path.hasSuffix("/Tests/Fixtures/notes"), fixtures.path)
        XCTAssertEqual(fixtures.fileNames.count, 5)
        XCTAssertFalse(try fixtures.text(of: "index-page.txt").isEmpty)
    }

    func testAMissingOrEmptyVariableSaysWhatToSet() throws {
        for environment in [[:], ["GUIDEBOOK_REAL_NOTES": ""], ["GUIDEBOOK_REAL_NOTES": "  "]] {
            let message = try XCTUnwrap(realNotesError(environment))
            XCTAssertTrue(message.hasPrefix("GUIDEBOOK_REAL_NOTES is not set"), message)
            XCTAssertTrue(message.contains("make test-real-notes GUIDEBOOK_REAL_NOTES="), message)
        }
    }

    func testAFileIsNotAFolder() throws {
        let file = directory + "/notes.txt"
        try Data("Sliders\n".utf8).write(to: URL(fileURLWithPath: file))

        let message = try XCTUnwrap(realNotesError(["GUIDEBOOK_REAL_NOTES": file]))
        XCTAssertEqual(message, "GUIDEBOOK_REAL_NOTES=\(file): \(file) is not a folder")
    }

    func testAMissingFolderIsNamed() throws {
        let missing = directory + "/no-such-folder"

        let message = try XCTUnwrap(realNotesError(["GUIDEBOOK_REAL_NOTES": missing]))
        XCTAssertEqual(message, "GUIDEBOOK_REAL_NOTES=\(missing): the folder \(missing) does not exist")
    }

    func testAFolderWithoutNotesIsNamed() throws {
        let message = try XCTUnwrap(realNotesError(["GUIDEBOOK_REAL_NOTES": directory]))
        XCTAssertEqual(message, "GUIDEBOOK_REAL_NOTES=\(directory!): the folder \(directory!) holds no notes files (*.txt)")

        // Files of other kinds are not notes either.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: directory + "/bundle.json"))
        XCTAssertEqual(realNotesError(["GUIDEBOOK_REAL_NOTES": directory]), message)
    }

    func testARelativePathIsTakenFromTheGivenBase() throws {
        try FileManager.default.createDirectory(atPath: directory + "/seeds", withIntermediateDirectories: true)
        try Data("Sliders\n".utf8).write(to: URL(fileURLWithPath: directory + "/seeds/b.txt"))
        try Data("Pickers\n".utf8).write(to: URL(fileURLWithPath: directory + "/seeds/a.txt"))

        let folder = try NotesFolder(path: "../seeds", origin: "test", relativeTo: directory + "/elsewhere")
        XCTAssertEqual(folder.path, directory + "/seeds")
        XCTAssertEqual(folder.fileNames, ["a.txt", "b.txt"])
        XCTAssertEqual(try folder.text(of: "a.txt"), "Pickers\n")

        XCTAssertThrowsError(try NotesFolder(path: "seeds", origin: "test", relativeTo: directory + "/elsewhere")) { error in
            XCTAssertEqual((error as? NotesFolder.Unusable)?.description, "test: the folder \(self.directory!)/elsewhere/seeds does not exist")
        }
    }
}
