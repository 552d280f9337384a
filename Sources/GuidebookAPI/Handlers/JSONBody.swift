import Foundation
import GuidebookBase
import GuidebookText

/// The JSON object a write request sends: another media type than JSON is a 415, a body that is
/// empty, not JSON or not an object a 400 (`example` says what to send). Field checks are the
/// handler's (422 with every invalid field: `Problem.validationFailed`).
enum JSONBody {
    static func object(_ request: APIRequest, example: String) throws -> [String: Any] {
        if let type = request.http.header("content-type"),
           type.split(separator: ";", omittingEmptySubsequences: false)[0].trimmingSpaces().lowercased() != MediaType.json.rawValue {
            throw Problem.unsupportedMediaType(type, supported: [MediaType.json.rawValue])
        }
        guard case .bytes(let body) = request.http.body, !body.isEmpty else {
            throw Problem.invalidBody("send a JSON object: \(example)")
        }
        // The strict parser first: Foundation's takes a trailing comma and keeps one of a member
        // given twice, so a body the editing routes refuse would otherwise pass here.
        do {
            _ = try JSONValue.parse(body)
        } catch let error as JSONValue.SyntaxError {
            throw Problem.invalidBody("the body is not acceptable JSON: \(error.message) (at byte \(error.offset))")
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(body))
        } catch {
            throw Problem.invalidBody("the body is not valid JSON")
        }
        guard let object = parsed as? [String: Any] else { throw Problem.invalidBody("the body must be a JSON object: \(example)") }
        return object
    }

    /// An invalid entry for each member of `object` not in `known` (unknown fields are refused,
    /// not ignored), named by `prefix` + the member.
    static func unknownFields(_ object: [String: Any], known: Set<String>, prefix: String = "", what: String) -> [(name: String, reason: String)] {
        object.keys.sorted().filter { !known.contains($0) }.map { (prefix + String($0.prefix(100)), "is not a field of \(what)") }
    }
}
