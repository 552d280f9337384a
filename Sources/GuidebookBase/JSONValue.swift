/// A parsed JSON value, objects keeping their members in order.
///
/// Request bodies of the editing routes are parsed with `JSONValue.parse`, which is stricter than
/// Foundation's parser where edits need it: a duplicate member name, invalid UTF-8, nesting deeper
/// than `maxDepth` or a lone surrogate escape is refused (a 400, never a crash or a guess).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 32

    /// Why a body is not acceptable JSON, with the byte offset where it went wrong.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
        public var offset: Int
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The member `key` of an object (nil for a missing member or a non-object).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The name of the value's JSON type, for messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Parses a whole body: one value, surrounded by nothing but whitespace.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected data after the JSON value") }
        return value
    }

    /// RFC 7396 JSON Merge Patch: `patch` applied to `self`.
    public func merged(with patch: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var members: [(key: String, value: JSONValue)] = []
        if case .object(let current) = self { members = current }
        for (key, change) in changes {
            let index = members.firstIndex { $0.key == key }
            if change == .null {
                if let index { members.remove(at: index) }
            } else if let index {
                members[index].value = members[index].value.merged(with: change)
            } else {
                members.append((key, JSONValue.null.merged(with: change)))
            }
        }
        return .object(members)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func error(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: index) }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard index < bytes.count else { throw error("unexpected end of the body") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONValue {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { throw error("unexpected character") }
            index += utf8.count
            return value
        }

        mutating func object(depth: Int) throws -> JSONValue {
            var members: [(key: String, value: JSONValue)] = []
            var keys: Set<String> = []
            try elements(depth: depth, close: "}") { parser in
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                    throw parser.error("expected a member name in quotes")
                }
                let key = try parser.string()
                guard keys.insert(key).inserted else { throw parser.error("the member '\(key.prefix(60))' appears twice") }
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else { throw parser.error("expected ':'") }
                parser.index += 1
                parser.skipWhitespace()
                members.append((key, try parser.value(depth: depth)))
            }
            return .object(members)
        }

        mutating func array(depth: Int) throws -> JSONValue {
            var items: [JSONValue] = []
            try elements(depth: depth, close: "]") { parser in items.append(try parser.value(depth: depth)) }
            return .array(items)
        }

        /// The elements of an object or an array, from its opening bracket to `close`: each read by
        /// `element` (white space around it skipped), separated by commas.
        mutating func elements(depth: Int, close: Unicode.Scalar, _ element: (inout Parser) throws -> Void) throws {
            guard depth <= JSONValue.maxDepth else { throw error("nested deeper than \(JSONValue.maxDepth) levels") }
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: close) {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                try element(&self)
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of the body") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: close) { index += 1; return }
                throw error("expected ',' or '\(close)'")
            }
        }

        mutating func number() throws -> JSONValue {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) || [0x2E, 0x65, 0x45, 0x2B, 0x2D].contains(bytes[index]) { index += 1 }
            guard index > start, index - start <= 64, let text = String(bytes: bytes[start..<index], encoding: .utf8),
                  Self.isJSONNumber(text), let number = Double(text), number.isFinite else {
                index = start
                throw error("unexpected character")
            }
            return .number(number)
        }

        /// The JSON number grammar (Swift's `Double(_:)` also takes "1.", "+1", "inf", hex).
        static func isJSONNumber(_ text: String) -> Bool {
            var rest = Substring(text)
            if rest.first == "-" { rest = rest.dropFirst() }
            let integer = rest.prefix { $0.isASCII && $0.isNumber }
            guard !integer.isEmpty, integer == "0" || integer.first != "0" else { return false }
            rest = rest.dropFirst(integer.count)
            if rest.first == "." {
                let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
                guard !fraction.isEmpty else { return false }
                rest = rest.dropFirst(1 + fraction.count)
            }
            if rest.first == "e" || rest.first == "E" {
                rest = rest.dropFirst()
                if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
                let exponent = rest.prefix { $0.isASCII && $0.isNumber }
                guard !exponent.isEmpty else { return false }
                rest = rest.dropFirst(exponent.count)
            }
            return rest.isEmpty
        }

        mutating func string() throws -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) throws {
                guard end > run else { return }
                guard let text = String(validating: bytes[run..<end], as: UTF8.self) else { throw error("the text is not valid UTF-8") }
                scalars.append(contentsOf: text.unicodeScalars)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try flush(index)
                    index += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw error("a control character must be escaped in a string") }
                if byte == UInt8(ascii: "\\") {
                    try flush(index)
                    index += 1
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                                throw error("a lone surrogate escape")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate escape") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate escape") }
                        scalars.append(scalar)
                    default: throw error("an unknown escape")
                    }
                    run = index
                    continue
                }
                index += 1
            }
            throw error("unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("a short \\u escape") }
            var value: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: throw error("a bad \\u escape")
                }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }
    }
}
