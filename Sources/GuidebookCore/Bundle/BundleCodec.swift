import Foundation

/// Reads and writes bundles as JSON, with errors that say where the input went wrong.
public enum BundleCodec {
    /// Decodes a bundle. Throws `StoreError.invalid` naming the field or JSON position.
    public static func decode(_ data: Data) throws -> KnowledgeBundle {
        do {
            return try JSONDecoder().decode(KnowledgeBundle.self, from: data)
        } catch let error as DecodingError {
            throw StoreError.invalid(field: describe(error).field, reason: describe(error).reason)
        }
    }

    /// Decodes any `Decodable` record of the bundle format (used per line by the NDJSON reader).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw StoreError.invalid(field: describe(error).field, reason: describe(error).reason)
        }
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
            let underlying = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"] as? String
            return (path(context.codingPath), underlying ?? "is not valid JSON")
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
