import GuidebookCore
import XCTest

/// A test case whose tests each get a fresh temporary folder for their database files and the
/// package's migrations; the folder is deleted after the test.
class StoreTestCase: XCTestCase {
    /// This test's folder.
    private(set) var directory: TemporaryDirectory!
    /// The migrations in `Migrations/`.
    private(set) var migrations: [Migration] = []

    /// The start of the folder's name (it says which suite left it, should one be left behind).
    class var folderPrefix: String { "guidebook-store" }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(Self.folderPrefix)
        migrations = try Migration.load(from: PackagePaths.migrations)
    }

    override func tearDown() {
        directory?.remove()
        directory = nil
    }
}
