import GuidebookTestSupport
import XCTest

/// The base of the tests that run the real executable in child processes: each test gets a fresh
/// temporary folder for the database files and logs of the processes it starts.
class ProcessTestCase: XCTestCase {
    /// This test's folder.
    var directory = ""

    /// The start of the folder's name (it says which suite left it, should one be left behind).
    class var folderPrefix: String { "guidebook-process" }

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory(Self.folderPrefix)
    }

    /// A database file in the folder, not yet created.
    var databasePath: String { directory + "/kb.sqlite" }
}
