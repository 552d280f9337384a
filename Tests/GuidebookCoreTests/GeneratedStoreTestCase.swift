import Foundation
@testable import GuidebookCore
import XCTest

/// A suite whose every test starts from a store on a file holding the seed and 1,500 generated
/// guidelines, imported in one bulk change (what the writers keep beside the index after one:
/// `StoredDirectoryTests`, `StoredVocabularyTests`).
class GeneratedStoreTestCase: StoreTestCase {
    /// The store on `path` (a test may open the file again in its place).
    var store: Store!
    /// The database file.
    var path: String { directory.path + "/kb.sqlite" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try Store(path: path, migrations: migrations)
        try GeneratedBase.fill(store, guidelines: 1_500, folder: directory.path)
    }

    override func tearDown() {
        store = nil
        super.tearDown()
    }
}
