import Foundation
import GuidebookBase

/// Reads and writes bundles as JSON, with errors that say where the input went wrong.
public enum BundleCodec {
    /// Decodes a bundle. Throws `StoreError.invalid` naming the field or JSON position.
    public static func decode(_ data: Data) throws -> KnowledgeBundle {
        try decode(KnowledgeBundle.self, from: data)
    }

    /// Decodes any `Decodable` record of the bundle format (used per line by the NDJSON reader).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            var (field, reason) = describe(error)
            // Foundation says only that the text is not JSON. The strict parser, run on the failed
            // input alone, says what is wrong and at which byte.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                let bytes = [UInt8](data)
                do {
                    _ = try JSONValue.parse(bytes)
                } catch let syntax as JSONValue.SyntaxError {
                    reason = "is not valid JSON: \(syntax.message) at \(position(of: syntax.offset, in: bytes))"
                }
                field = "body"
            }
            throw StoreError.invalid(field: field, reason: reason)
        }
    }

    /// "line L, column C" of a byte offset (only "column C" in a text of one line), counting
    /// characters as Unicode scalars.
    static func position(of offset: Int, in bytes: [UInt8]) -> String {
        let before = bytes[..<min(offset, bytes.count)]
        let lineStart = before.lastIndex(of: 0x0a).map { $0 + 1 } ?? 0
        let column = before[lineStart...].reduce(1) { $1 & 0xc0 == 0x80 ? $0 : $0 + 1 }
        guard bytes.contains(0x0a) else { return "column \(column)" }
        return "line \(before.reduce(1) { $1 == 0x0a ? $0 + 1 : $0 }), column \(column)"
    }

    /// Encodes a bundle as pretty, key-sorted JSON (stable output for diffs and tests).
    public static func encode(_ bundle: KnowledgeBundle) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(bundle)
    }

    /// Where and why decoding failed, in words a person can act on.
    public static func describe(_ error: DecodingError) -> (field: String, reason: String) {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
            return trimmed.isEmpty ? "body" : trimmed
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "is required")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(readable(type))")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(readable(type)), found null")
        case .dataCorrupted(let context):
            // A record's own refusal (an unknown kind) says why in its description.
            let underlying = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
            let own = context.codingPath.isEmpty || context.debugDescription.isEmpty ? nil : context.debugDescription
            return (path(context.codingPath), underlying ?? own ?? "is not valid JSON")
        @unknown default:
            return ("body", "cannot be decoded")
        }
    }

    private static func readable(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type: return "an integer"
        case is [String: String].Type: return "an object of locale codes to strings"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "an array" : (name.hasPrefix("Dictionary") ? "an object" : "a \(name) value")
        }
    }
}
