import Foundation
import XCTest

extension GuidebookUnderTest {
    /// `GET /v1/translations/export?{query}` as text (200 asserted).
    public func translationFile(_ query: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let response = try get("/v1/translations/export?" + query)
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        return response.text
    }

    /// Sends `body` to `POST /v1/translations/import?{query}` with `authorization` (by default the
    /// admin token), asserts the 202, follows the job until it ends and returns it as JSON.
    public func importTranslations(_ body: String, query: String = "", authorization: (String, String) = TestGuidebook.adminHeader,
                                   file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let response = try request("POST", "/v1/translations/import?" + query, headers: [authorization, ("Content-Type", "application/octet-stream")],
                                   body: Array(body.utf8), timeoutSeconds: 60)
        XCTAssertEqual(response.status, 202, response.text, file: file, line: line)
        let id = try XCTUnwrap(response.jsonObject()["id"] as? String, response.text, file: file, line: line)
        XCTAssertEqual(response.header("Location"), "/v1/jobs/\(id)", file: file, line: line)
        let job = try XCTUnwrap(try followJob(id, seconds: 120).last, file: file, line: line)
        XCTAssertTrue(JobState.isFinished(job), "\(job)", file: file, line: line)
        return job
    }
}

/// Edits of exported translators' files as a translator's tool makes them: the target of one unit
/// replaced (or added), found by the unit's id.
public enum TranslatorEdit {
    /// `text` with unit `id`'s translation set to `target` (already escaped for the format).
    public static func setTarget(_ text: String, id: String, to target: String, format: String) -> String {
        switch format {
        case "po":
            var blocks = text.components(separatedBy: "\n\n")
            guard let index = blocks.firstIndex(where: { $0.contains("msgctxt \"\(id)\"\n") }) else { return text }
            var lines = blocks[index].components(separatedBy: "\n")
            let start = lines.firstIndex { $0.hasPrefix("msgstr ") }!
            lines.removeSubrange(start...)
            lines.append("msgstr \"\(target)\"")
            blocks[index] = lines.joined(separator: "\n")
            return blocks.joined(separator: "\n\n") + (blocks[index] == blocks.last ? "\n" : "")
        default:
            let open = format == "xliff2" ? "<unit id=\"\(id)\"" : "<trans-unit id=\"\(id)\""
            let close = format == "xliff2" ? "</unit>" : "</trans-unit>"
            guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) else { return text }
            var unit = String(text[start.lowerBound..<end.upperBound])
            if let targetStart = unit.range(of: "<target"), let targetEnd = unit.range(of: "</target>") {
                let openEnd = unit.range(of: ">", range: targetStart.upperBound..<unit.endIndex)!
                unit.replaceSubrange(openEnd.upperBound..<targetEnd.lowerBound, with: target)
            } else {
                let sourceEnd = unit.range(of: "</source>")!
                unit.insert(contentsOf: "<target>\(target)</target>", at: sourceEnd.upperBound)
            }
            return text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: unit)
        }
    }

    /// `text` with every state marker of unit `id` saying "finished" (no `#, fuzzy`; XLIFF states
    /// translated), as a translator does who confirms a unit.
    public static func markFinished(_ text: String, id: String, format: String) -> String {
        switch format {
        case "po":
            return text.components(separatedBy: "\n\n").map { block in
                block.contains("msgctxt \"\(id)\"\n") ? block.replacingOccurrences(of: "#, fuzzy\n", with: "") : block
            }.joined(separator: "\n\n")
        default:
            let open = format == "xliff2" ? "<unit id=\"\(id)\"" : "<trans-unit id=\"\(id)\""
            let close = format == "xliff2" ? "</unit>" : "</trans-unit>"
            guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) else { return text }
            let unit = String(text[start.lowerBound..<end.upperBound])
                .replacingOccurrences(of: #"state="initial"( subState="gb:[a-z]+")?"#, with: "state=\"translated\"", options: .regularExpression)
                .replacingOccurrences(of: #"state="needs-[a-z-]+""#, with: "state=\"translated\"", options: .regularExpression)
            return text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: unit)
        }
    }
}
