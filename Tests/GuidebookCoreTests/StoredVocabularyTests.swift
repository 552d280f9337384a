import Archive
import Foundation
@testable import GuidebookCore
import GuidebookImport
import SQLite
import XCTest

/// The vocabulary a bulk change of the index stores (`SearchVocabulary+Stored.swift`), so that the
/// first half-typed search after a start reads one blob instead of every word's count
/// (`search_surface_forms`). It is used only at the generation it was read at, and is then exactly
/// what the counts give.
final class StoredVocabularyTests: GeneratedStoreTestCase {
    override class var folderPrefix: String { "guidebook-stored-vocabulary" }

    /// Each word of both scripts with the rows holding it, in character order.
    private func words(_ vocabulary: SearchVocabulary) -> [String] {
        [vocabulary.latin, vocabulary.korean].flatMap { words in
            words.alphabetical.map { "\(words.text(of: Int($0))) \(words.frequencies[Int($0)])" }
        }
    }

    /// The stored generation, the stored vocabulary, what a search at the current generation loads
    /// and what the counts give now, in one read transaction.
    private func vocabularies() throws -> (storedGeneration: Int64?, stored: SearchVocabulary?, loaded: SearchVocabulary, counted: SearchVocabulary, generation: Int64) {
        try store.read { reader in
            let database = reader.database
            let meta = MetaTable(database: database)
            let generation = try meta.integer(MetaTable.searchGeneration)
            let stored = try meta.withBytes(MetaTable.searchVocabulary) { try? SearchVocabulary.decoded($0) } ?? nil
            return (try meta.value(MetaTable.searchVocabularyGeneration).flatMap { Int64($0) }, stored,
                    try SearchVocabulary.load(from: database, generation: generation), try SearchVocabulary.load(from: database), generation)
        }
    }

    func testAnImportStoresTheVocabularyItsCountsGive() throws {
        let (storedGeneration, stored, loaded, counted, generation) = try vocabularies()
        XCTAssertEqual(storedGeneration, generation, "the import stored the vocabulary of its own generation")
        let kept = try XCTUnwrap(stored)
        XCTAssertGreaterThan(counted.latin.count, 50)
        XCTAssertGreaterThan(counted.korean.count, 50)
        XCTAssertEqual(words(kept), words(counted), "what the import stored is what the counts give after it committed")
        XCTAssertEqual(words(loaded), words(counted))
        XCTAssertEqual(kept.korean.byInitials.count, counted.korean.byInitials.count, "the initials index is built again from it")
        XCTAssertEqual(kept.completions(of: "she", limit: 8, rowBudget: 10_000).forms, counted.completions(of: "she", limit: 8, rowBudget: 10_000).forms)
        // The import stored the lists as read, without making the vocabulary first: the bytes the
        // vocabulary made of them encodes to.
        let storedBytes = try store.read { try MetaTable(database: $0.database).withBytes(MetaTable.searchVocabulary) { Array($0) } }
        XCTAssertEqual(storedBytes, try counted.encoded())
        // Encoded and decoded again: the same bytes.
        let bytes = try kept.encoded()
        XCTAssertEqual(try bytes.withUnsafeBytes { try SearchVocabulary.decoded($0) }.encoded(), bytes)
    }

    func testTheStoredFormIsCompressedAndTheUncompressedVersion1IsStillRead() throws {
        let counted = try vocabularies().counted
        let bytes = try counted.encoded()
        // "GBVO", version 2, the lists' length, then the lists compressed.
        XCTAssertEqual(Array(bytes.prefix(12)), Array("GBVO".utf8) + [2, 0, 0, 0, 0, 0, 0, 0])
        let length = bytes[12..<20].reversed().reduce(0) { $0 << 8 | Int($1) }
        let lists = try bytes[20...].withUnsafeBytes { try ZlibBuffer.restored($0, count: length) }
        XCTAssertLessThan(bytes.count * 4, lists.count * 3, "the word lists take a quarter less at least, compressed")
        // A file written before the lists were compressed: version 1, the lists as they are.
        let version1 = Array("GBVO".utf8) + [1, 0, 0, 0, 0, 0, 0, 0] + lists
        XCTAssertEqual(words(try version1.withUnsafeBytes { try SearchVocabulary.decoded($0) }), words(counted))
    }

    func testASearchAtTheStoredGenerationReadsTheStoredOne() throws {
        // Stored under the current generation, a vocabulary of one made-up word is what a search loads:
        // the search read the blob, not the counts.
        let planted = SearchVocabulary(latin: ["zzyzx": 7], korean: [:])
        try store.write { writer in
            let meta = MetaTable(database: writer.database)
            try meta.set(MetaTable.searchVocabulary, toBytes: try planted.encoded())
        }
        let (storedGeneration, _, loaded, _, generation) = try vocabularies()
        XCTAssertEqual(storedGeneration, generation, "a commit that leaves the index alone leaves the generation")
        XCTAssertEqual(words(loaded), ["zzyzx 7"])
    }

    func testASmallCommitLeavesItBehindAndSearchesReadTheCounts() throws {
        let before = try vocabularies()
        try store.write { writer in
            _ = try writer.editor.replaceGuideline(id: "sheets.mail-compose",
                                                   GuidelineDraft(topic: "sheets", section: "overview", text: "Quokkas edit sheets."),
                                                   precondition: .none)
        }
        let after = try vocabularies()
        XCTAssertEqual(after.storedGeneration, before.generation, "a small commit stores nothing")
        XCTAssertGreaterThan(after.generation, before.generation)
        XCTAssertTrue(words(after.loaded).contains("quokkas 1"), "a search after it reads the counts: the new word is there")
        XCTAssertEqual(words(after.loaded), words(after.counted))
    }

    func testADamagedStoredVocabularyIsCountedAgain() throws {
        let whole = try vocabularies().counted.encoded()
        var lengthened = whole
        lengthened[12] &+= 1
        for damaged in [Array("GBVO".utf8) + [1, 0, 0, 0, 0, 0, 0, 0, 0xFF], Array(whole.dropLast(3)), lengthened,
                        Array("GBVO".utf8) + [3, 0, 0, 0, 0, 0, 0, 0] + whole.dropFirst(12)] {
            try store.write { writer in
                try MetaTable(database: writer.database).set(MetaTable.searchVocabulary, toBytes: damaged)
            }
            let (_, stored, loaded, counted, _) = try vocabularies()
            XCTAssertNil(stored, "the blob does not decode")
            XCTAssertEqual(words(loaded), words(counted))
        }
    }
}
