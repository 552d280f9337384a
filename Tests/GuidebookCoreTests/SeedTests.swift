import Foundation
import GuidebookCore
import SQLite
import XCTest

/// The seed knowledge base in `Seed/`: complete, bilingual and loadable.
final class SeedTests: XCTestCase {
    static let expectedTopics: Set<String> = [
        "dark-mode", "launch-screen", "interface-essentials", "sheets", "modality", "popovers",
        "refresh-content-controls", "progress-indicators", "labels", "context-menus", "materials", "split-views",
    ]

    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("guidebook-seed-tests")
    }

    override func tearDown() {
        directory?.remove()
        directory = nil
    }

    private func bundle() throws -> KnowledgeBundle {
        try SeedLoader(directory: PackagePaths.seed).bundle()
    }

    private func isPresent(_ text: String?) -> Bool {
        !(text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    func testSeedCoversAllTwelveTopicsOnce() throws {
        let slugs = try bundle().topics.map(\.slug)
        XCTAssertEqual(slugs.count, 12, "\(slugs)")
        XCTAssertEqual(Set(slugs), Self.expectedTopics)
    }

    func testEveryTopicHasTitleAndSummaryInEnglishAndKorean() throws {
        for topic in try bundle().topics {
            for locale in ["en", "ko"] {
                XCTAssertTrue(isPresent(topic.title[locale]), "\(topic.slug) has no \(locale) title")
                XCTAssertTrue(isPresent(topic.summary[locale]), "\(topic.slug) has no \(locale) summary")
            }
            XCTAssertNotEqual(topic.title["en"], topic.title["ko"], "\(topic.slug): the Korean title is not a translation")
        }
    }

    func testEveryGuidelineHasEnglishAndKoreanText() throws {
        var count = 0
        var ids = Set<String>()
        for topic in try bundle().topics {
            XCTAssertFalse(topic.sections.isEmpty, "\(topic.slug) has no sections")
            let guidelines = topic.sections.flatMap(\.guidelines)
            XCTAssertFalse(guidelines.isEmpty, "\(topic.slug) has no guidelines")
            for guideline in guidelines {
                count += 1
                XCTAssertTrue(ids.insert(guideline.id).inserted, "guideline id \(guideline.id) appears twice")
                XCTAssertTrue(guideline.id.hasPrefix(topic.slug + "."), "\(guideline.id) is not named after \(topic.slug)")
                XCTAssertTrue(isPresent(guideline.text["en"]), "\(guideline.id) has no English text")
                XCTAssertTrue(isPresent(guideline.text["ko"]), "\(guideline.id) has no Korean text")
                // Korean text is written in Hangul.
                XCTAssertTrue(guideline.text["ko"]?.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } ?? false,
                              "\(guideline.id): the Korean text has no Hangul")
            }
        }
        XCTAssertEqual(count, 60)
    }

    func testSeedCategoriesAndLocales() throws {
        let bundle = try bundle()
        let categories = Set(bundle.categories.map(\.slug))
        for topic in bundle.topics {
            XCTAssertTrue(categories.contains(topic.category), "\(topic.slug) uses unknown category \(topic.category)")
        }
        for category in bundle.categories {
            XCTAssertTrue(isPresent(category.title["en"]) && isPresent(category.title["ko"]), "category \(category.slug)")
        }
        XCTAssertEqual(Set(bundle.locales.map(\.code)), ["en", "ko"])
        for entry in bundle.glossary {
            XCTAssertTrue(isPresent(entry.term["en"]) && isPresent(entry.term["ko"]), "glossary entry \(entry.term)")
        }
    }

    func testSeedIsValidAndLoadsIntoAStore() throws {
        XCTAssertNoThrow(try BundleValidator.validate(try bundle()))

        let store = try Store(path: directory.file("seed.sqlite"), migrations: try Migration.load(from: PackagePaths.migrations))
        let counts = try XCTUnwrap(try SeedLoader(directory: PackagePaths.seed).loadIfEmpty(into: store))
        XCTAssertEqual(counts.topics.created, 12)
        XCTAssertEqual(counts.guidelines.created, 60)
        XCTAssertEqual(counts.translations.created, 60)

        let stored = try store.read { reader -> [Topic] in
            try Self.expectedTopics.sorted().map { try XCTUnwrap(try reader.topic(slug: $0), "topic \($0) not stored") }
        }
        for topic in stored {
            XCTAssertEqual(Set(topic.summary.title.keys), ["en", "ko"], topic.summary.slug)
            XCTAssertEqual(Set(topic.summary.summary.keys), ["en", "ko"], topic.summary.slug)
            for guideline in topic.sections.flatMap(\.guidelines) {
                XCTAssertEqual(Set(guideline.text.keys), ["en", "ko"], guideline.id)
                XCTAssertEqual(guideline.translations["ko"]?.state, .current, guideline.id)
            }
        }
    }
}
