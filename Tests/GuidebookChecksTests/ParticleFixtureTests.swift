import Foundation
import GuidebookChecks
import GuidebookText
import XCTest

/// The particle check on the test set written for it (`Tests/Fixtures/checks/particles.tsv`: half
/// right, half wrong, over the eight pairs and glossary substitutions) and on the seed's Korean.
final class ParticleFixtureTests: XCTestCase {
    private static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    private struct Fixture {
        var terms: [String] = []
        var right: [String] = []
        var wrong: [(sentence: String, errors: [String])] = []
        var substitutions: [(old: String, new: String, text: String, expected: String)] = []
    }

    private func fixture() throws -> Fixture {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("Tests/Fixtures/checks/particles.tsv"), encoding: .utf8)
        var fixture = Fixture()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields[0] {
            case "term": fixture.terms.append(fields[1])
            case "right": fixture.right.append(fields[1])
            case "wrong": fixture.wrong.append((fields[1], fields[2].components(separatedBy: "; ")))
            case "subst": fixture.substitutions.append((fields[1], fields[2], fields[3], fields[4]))
            default: XCTFail("unknown fixture line: \(line)")
            }
        }
        return fixture
    }

    /// The last word of each term: what the store gives the checker from the glossary.
    private static func knownNouns(_ terms: [String]) -> [String] {
        terms.compactMap { $0.split(separator: " ").last.map(String.init) }
    }

    func testTheCheckFindsEverySeededErrorAndNothingInTheRightHalf() throws {
        let fixture = try fixture()
        XCTAssertGreaterThanOrEqual(fixture.right.count + fixture.wrong.count, 60)
        XCTAssertEqual(fixture.right.count, fixture.wrong.count, "half right, half wrong")
        let checker = ParticleChecker(knownNouns: Self.knownNouns(fixture.terms))
        var falsePositives: [String] = []
        for sentence in fixture.right {
            let errors = checker.errors(in: sentence)
            if !errors.isEmpty { falsePositives.append("\(sentence): \(errors.map { "\($0.found)→\($0.fix)" })") }
        }
        XCTAssertEqual(falsePositives, [], "false positives on the right half")
        var seeded = 0, found = 0
        for (sentence, expected) in fixture.wrong {
            let errors = checker.errors(in: sentence).map { "\($0.found)→\($0.fix)" }
            seeded += expected.count
            found += expected.filter(errors.contains).count
            XCTAssertEqual(errors, expected, sentence)
        }
        XCTAssertEqual(found, seeded, "seeded errors found")
        // Every pair is in the wrong half, in both directions where Korean has them.
        let particles = Set(fixture.wrong.flatMap(\.errors).compactMap { $0.split(separator: "→").first.map(String.init) }
            .flatMap { found in ParticlePair.endings.filter { found.hasSuffix($0.text) }.map(\.form) })
        for pair in ParticlePair.all {
            XCTAssertTrue(particles.contains(pair.afterConsonant) && particles.contains(pair.afterVowel),
                          "the wrong half uses both forms of \(pair.afterConsonant)/\(pair.afterVowel)")
        }
    }

    func testAnErrorsFixIsTheWordWithTheAgreeingParticleAtItsOffset() throws {
        let checker = ParticleChecker(knownNouns: ["시트"])
        let errors = checker.errors(in: "먼저 (시트을) 여세요.")
        XCTAssertEqual(errors, [ParticleError(found: "시트을", fix: "시트를", offset: 4, word: "시트", particle: "을", expected: "를")])
    }

    func testTheGlossarySubstitutionMakesTheParticlesAgree() throws {
        for substitution in try fixture().substitutions {
            XCTAssertEqual(TermSubstitution.replacing(substitution.old, with: substitution.new, in: substitution.text), substitution.expected,
                           substitution.text)
        }
    }

    /// The seed's Korean (every topic title and summary, section title and guideline) with the
    /// seed's glossary: each finding was looked at by hand; none is an error (the list is empty).
    func testTheSeedsKoreanHasNoParticleFinding() throws {
        let seed = Self.repository.appendingPathComponent("Seed")
        var texts: [String] = []
        var terms: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: seed.path).sorted() where file.hasSuffix(".json") {
            let bundle = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: seed.appendingPathComponent(file))) as? [String: Any])
            func korean(_ value: Any?) { if let text = (value as? [String: Any])?["ko"] as? String { texts.append(text) } }
            for entry in bundle["glossary"] as? [[String: Any]] ?? [] {
                if let term = (entry["term"] as? [String: Any])?["ko"] as? String { terms.append(term) }
            }
            for topic in bundle["topics"] as? [[String: Any]] ?? [] {
                korean(topic["title"]); korean(topic["summary"])
                for section in topic["sections"] as? [[String: Any]] ?? [] {
                    korean(section["title"])
                    for guideline in section["guidelines"] as? [[String: Any]] ?? [] { korean(guideline["text"]) }
                }
            }
        }
        XCTAssertGreaterThan(texts.count, 80, "the seed's Korean texts")
        XCTAssertGreaterThan(terms.count, 30, "the seed's glossary")
        let checker = ParticleChecker(knownNouns: Self.knownNouns(terms))
        let findings = texts.flatMap { text in checker.errors(in: text).map { "\($0.found)→\($0.fix) in \(text)" } }
        XCTAssertEqual(findings, [])
    }
}
