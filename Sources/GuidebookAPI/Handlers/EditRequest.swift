import GuidebookBase
import GuidebookCore
import HTTPServer

/// What the editing routes read from a request: the JSON body (strictly parsed, the media type
/// checked), its fields with their types (every wrong or unknown field collected), and the
/// `If-Match` precondition.
struct EditRequest {
    /// The media type of a merge patch (RFC 7396).
    static let mergePatchType = "application/merge-patch+json"

    /// The body as a JSON object. `PATCH` takes `application/merge-patch+json`, the others
    /// `application/json`; anything else is a 415, bad JSON a 400.
    static func body(_ request: APIRequest) throws -> JSONValue {
        let expected = request.http.method == "PATCH" ? mergePatchType : MediaType.json.rawValue
        let type = request.http.header("content-type").map { $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard type == expected else { throw Problem.unsupportedMediaType(type.isEmpty ? "(no Content-Type)" : type, supported: [expected]) }
        guard case .bytes(let bytes) = request.http.body, !bytes.isEmpty else { throw Problem.invalidBody("the request needs a JSON object as its body") }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch let error as JSONValue.SyntaxError {
            throw Problem.invalidBody("the body is not acceptable JSON: \(error.message) (at byte \(error.offset))")
        }
        guard case .object = value else { throw Problem.invalidBody("the body must be a JSON object, not \(value.typeName)") }
        return value
    }

    /// What `If-Match` requires (RFC 9110): `*` that the resource exists, a list of ETags that it
    /// is at one of their versions (weak tags never match). Without the header: nothing, or a 428
    /// when the server requires it (`--require-if-match`).
    static func precondition(_ request: APIRequest, required: Bool) throws -> WritePrecondition {
        guard let header = request.http.header("if-match") else {
            if required {
                throw Problem(.preconditionRequired, detail: "this server requires If-Match on writes: read the resource and send its ETag")
            }
            return .none
        }
        var versions: Set<String> = []
        for candidate in header.split(separator: ",") {
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return .exists }
            guard tag.hasPrefix("\""), tag.hasSuffix("\""), tag.count >= 2 else { continue }
            versions.insert(ETag.version(of: String(tag.dropFirst().dropLast())))
        }
        return .version(in: versions)
    }

    /// The body as a JSON object, or an empty object when the request has none (an action whose
    /// body is optional, such as an approval); a body given is checked as `body` checks it.
    static func optionalBody(_ request: APIRequest) throws -> JSONValue {
        request.http.body.count == 0 ? .object([]) : try body(request)
    }

    /// A `DELETE`: `remove` runs in one write of `store` with the request's `If-Match`
    /// precondition (`required`: `--require-if-match`); the answer is a 204.
    static func delete(_ request: APIRequest, in store: Store, required: Bool,
                       _ remove: (KnowledgeWriter, WritePrecondition) throws -> Void) throws -> APIResponse {
        let precondition = try precondition(request, required: required)
        try store.write(token: request.tokenName) { try remove($0, precondition) }
        return EditingController.noContent
    }

    /// The members of a JSON object, read by type; what is wrong is collected in `problems`.
    struct Fields {
        private let members: [(key: String, value: JSONValue)]
        private(set) var problems: [InvalidField] = []
        private var read: Set<String> = []

        init(_ object: JSONValue) {
            if case .object(let members) = object { self.members = members } else { self.members = [] }
        }

        private mutating func value(_ name: String) -> JSONValue? {
            read.insert(name)
            return members.first { $0.key == name }?.value
        }

        /// A string member; nil when absent (or null, or of another type: then a problem).
        mutating func string(_ name: String) -> String? {
            switch value(name) {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case let other?:
                problems.append(InvalidField(name, "must be a string, not \(other.typeName)"))
                return nil
            }
        }

        /// A whole-number member.
        mutating func int(_ name: String) -> Int? {
            switch value(name) {
            case nil, .null?: return nil
            case .number(let number)? where number == number.rounded() && abs(number) < 1e9: return Int(number)
            case let other?:
                problems.append(InvalidField(name, "must be a whole number, not \(other.typeName)"))
                return nil
            }
        }

        /// An array of strings.
        mutating func strings(_ name: String) -> [String]? {
            switch value(name) {
            case nil, .null?: return nil
            case .array(let items)?:
                var strings: [String] = []
                for item in items {
                    guard case .string(let text) = item else {
                        problems.append(InvalidField(name, "must be an array of strings"))
                        return nil
                    }
                    strings.append(text)
                }
                return strings
            case let other?:
                problems.append(InvalidField(name, "must be an array of strings, not \(other.typeName)"))
                return nil
            }
        }

        /// Adds a problem with a member that was read (a value of the right type that breaks a rule).
        mutating func reject(_ name: String, _ reason: String) {
            problems.append(InvalidField(name, reason))
        }

        /// `finish()` of a body none of whose members is expected.
        func finishing() -> [InvalidField] {
            var copy = self
            return copy.finish()
        }

        /// The problems so far plus one per member that was never read (unknown fields are refused).
        mutating func finish() -> [InvalidField] {
            for member in members where !read.contains(member.key) {
                problems.append(InvalidField(String(member.key.prefix(100)), "is not a field of this resource"))
            }
            return problems
        }
    }
}

extension APIRequest {
    /// The name of the token that sent the request (nil on a route that asked for none): what the
    /// change log records as the author of a write.
    var tokenName: String? { context.principal?.name }
}
