import Foundation
import GuidebookCore
import GuidebookImport
import XCTest

/// The knowledge base most search tests run on: the seed plus `guidelines` generated guidelines
/// (`guidebook generate`'s generator), imported as `guidebook import` imports them.
enum GeneratedBase {
    /// Fills `store` (a new, empty file) with the seed and `guidelines` generated guidelines; the
    /// generated file is written into `folder`.
    static func fill(_ store: Store, guidelines: Int, folder: String) throws {
        _ = try SeedLoader(directory: PackagePaths.seed).loadIfEmpty(into: store)
        let file = folder + "/generated.ndjson"
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: file))
        try KnowledgeGenerator(guidelineCount: guidelines).write { handle.write(Data($0)) }
        try handle.close()
        _ = try Importer(store: store).run(path: file, options: .init(format: .ndjson, displayName: "generated.ndjson"))
    }
}
