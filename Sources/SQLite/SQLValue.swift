/// A value bound to a statement parameter.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue {
    /// `.text` for a value, `.null` for nil.
    public static func optionalText(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
    /// `.integer` from an `Int`.
    public static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }
    /// `.integer` for a value, `.null` for nil.
    public static func optionalInt(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    /// Integers as one JSON array, for `IN (SELECT value FROM json_each(?))`: a list of any length
    /// is one bound value, so the statement stays the same (and cached).
    public static func jsonArray(_ integers: [Int64]) -> SQLValue {
        .text("[" + integers.map(String.init).joined(separator: ",") + "]")
    }
}
