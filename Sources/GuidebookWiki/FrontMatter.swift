/// YAML front matter for the export's pages, as Git-backed wikis (Wiki.js) and static site
/// generators read it: `---`, one `key: value` line per field, `---`.
///
/// Strings are always double-quoted, with `\`, `"` and every control or line-breaking character
/// escaped, so no title (Korean, with a colon, a quote, a leading `-` or `#`) can change the
/// structure; booleans and timestamps are written plain.
public struct FrontMatter: Sendable, Equatable {
    /// A value of a field.
    public enum Value: Sendable, Equatable {
        case string(String)
        case bool(Bool)
        /// An RFC 3339 timestamp (`2026-11-29T19:50:14.136Z`), a YAML timestamp.
        case timestamp(String)
        case strings([String])
        case integer(Int)
        /// YAML's null (`custom_edit_url: null`).
        case null
    }

    /// The fields, in the order written.
    public var fields: [(key: String, value: Value)]

    public init(_ fields: [(key: String, value: Value)]) {
        self.fields = fields
    }

    public static func == (lhs: FrontMatter, rhs: FrontMatter) -> Bool {
        lhs.fields.map(\.key) == rhs.fields.map(\.key) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    /// The block, from the opening `---` to the closing one and its newline.
    public var text: String {
        var lines = ["---"]
        for (key, value) in fields {
            lines.append(key + ": " + Self.yaml(value))
        }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n"
    }

    static func yaml(_ value: Value) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .timestamp(let text):
            // Only the shape the store writes goes out plain; anything else is quoted.
            return isTimestamp(text) ? text : quoted(text)
        case .strings(let items): return "[" + items.map(quoted).joined(separator: ", ") + "]"
        case .integer(let number): return String(number)
        case .null: return "null"
        }
    }

    /// A YAML double-quoted scalar.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                let value = scalar.value
                // C0 and C1 controls, DEL, NEL, the line and paragraph separators and the BOM.
                if value < 0x20 || (0x7f...0x9f).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xfeff {
                    let hex = String(value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `YYYY-MM-DDTHH:MM:SS(.fraction)Z`.
    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return false }
        let pattern = Array("dddd-dd-ddTdd:dd:dd".utf8)
        for (index, expected) in pattern.enumerated() {
            let byte = bytes[index]
            if expected == UInt8(ascii: "d") {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
            } else if byte != expected {
                return false
            }
        }
        let rest = bytes[pattern.count..<(bytes.count - 1)]
        if rest.isEmpty { return true }
        return rest.first == UInt8(ascii: ".") && rest.count > 1 && rest.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
