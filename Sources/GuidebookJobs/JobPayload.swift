import Foundation

/// A job's parameters or result as JSON: the work of the job's kind encodes and decodes it; the
/// runner and the jobs store pass it along and store it as it is.
public struct JobPayload: Sendable, Equatable {
    /// The JSON text (keys sorted, so equal values are equal texts).
    public let json: String

    public init(json: String) {
        self.json = json
    }

    /// `value` encoded as JSON.
    public init<Value: Encodable>(encoding value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        json = String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The payload read back as `type`.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
