import Foundation

/// A PO header's `Plural-Forms: nplurals=N; plural=EXPRESSION;`, checked as gettext checks it: N a
/// whole number from 1 to 10 and the expression C arithmetic on `n` (numbers, `?:`, `||`, `&&`,
/// comparisons, `+ - * / %`, `!`, parentheses). Guidebook's texts have no plurals, but a file
/// whose header is broken is refused: a tool that wrote it may have broken more.
struct PluralForms {
    let count: Int

    /// Parses the header's value; the error says what is wrong.
    init(_ value: String) throws(PluralFormsError) {
        var nplurals: Int?
        var plural: String?
        for part in value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else {
                if part.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                throw PluralFormsError("'\(part.prefix(40))' is not name=value")
            }
            switch pair[0] {
            case "nplurals": nplurals = Int(pair[1])
            case "plural": plural = pair[1]
            default: throw PluralFormsError("unknown part '\(pair[0].prefix(40))'")
            }
        }
        guard let nplurals, (1...10).contains(nplurals) else { throw PluralFormsError("nplurals must be a whole number from 1 to 10") }
        guard let plural, !plural.isEmpty else { throw PluralFormsError("plural= is missing") }
        var parser = Parser(Array(plural.utf8))
        try parser.expression()
        parser.skipSpaces()
        guard parser.isAtEnd else { throw PluralFormsError("unexpected '\(String(decoding: parser.rest.prefix(20), as: UTF8.self))' in plural=") }
        count = nplurals
    }

    /// A recursive-descent check of the plural expression's grammar (it is never evaluated).
    private struct Parser {
        var bytes: [UInt8]
        var index = 0
        var depth = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index >= bytes.count }
        var rest: ArraySlice<UInt8> { bytes[min(index, bytes.count)...] }

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let token = Array(token.utf8)
            guard bytes[min(index, bytes.count)...].starts(with: token) else { return false }
            // "<" must not take the first half of "<=", "=" never stands alone, "|" and "&" only doubled.
            if token.count == 1, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "="), "<>!".utf8.contains(token[0]) { return false }
            index += token.count
            return true
        }

        mutating func expression() throws(PluralFormsError) {
            depth += 1
            defer { depth -= 1 }
            guard depth < 50 else { throw PluralFormsError("plural= is nested too deeply") }
            try binary(level: 0)
            if take("?") {
                try expression()
                guard take(":") else { throw PluralFormsError("'?' without ':' in plural=") }
                try expression()
            }
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        mutating func binary(level: Int) throws(PluralFormsError) {
            guard level < Self.levels.count else { return try unary() }
            try binary(level: level + 1)
            while Self.levels[level].contains(where: { take($0) }) {
                try binary(level: level + 1)
            }
        }

        mutating func unary() throws(PluralFormsError) {
            if take("!") { return try unary() }
            skipSpaces()
            guard index < bytes.count else { throw PluralFormsError("plural= ends too early") }
            if take("(") {
                try expression()
                guard take(")") else { throw PluralFormsError("a '(' is not closed in plural=") }
            } else if bytes[index] == UInt8(ascii: "n") {
                index += 1
            } else if (0x30...0x39).contains(bytes[index]) {
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            } else {
                throw PluralFormsError("unexpected '\(String(decoding: rest.prefix(20), as: UTF8.self))' in plural=")
            }
        }
    }
}

/// What is wrong with a `Plural-Forms` header.
struct PluralFormsError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
