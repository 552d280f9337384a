/// Text written for Python-Markdown as MkDocs runs it (`toc`, `tables` and `fenced_code` always
/// on, `admonition` turned on by the export's `mkdocs.yml`), so that it renders exactly as written
/// and can add no structure.
///
/// Python-Markdown takes a backslash as an escape only before ``\ ` * _ { } [ ] ( ) > # + - . !``
/// and, with tables, `|`; before any other character the backslash is shown (`\<` reads `\<`).
/// So only those are escaped, and only where they could mean something:
///
/// - everywhere: `\`, `` ` `` (code spans and fences), `*` and `_` (emphasis, rules), `[` and `]`
///   (links, images, references, `[TOC]`), `{` and `}` (attribute lists, which a configuration
///   inheriting the export's may turn on), `|` (a list's lines can read as a table's rows);
/// - at the start of a line or list item: `#` (a heading, space or not), `>` (a block quote), `+`
///   and `-` (a list, a rule), the first `!` of `!!!` (an admonition), and the `.` of `12. ` (an
///   ordered list; Python's `\d` takes any Unicode decimal digit);
/// - at the end: `#` (a heading's closing hashes are dropped).
///
/// `<` and `&` have no escape: they are written `&lt;` and `&amp;` (Python-Markdown passes
/// entities through, so a text's own `&lt;` must become `&amp;lt;`). At the start of a line a space
/// or tab (four make a code block; `WikiRun` trims them, this covers any other caller) and the
/// first `~` of `~~~` (a fence) are written as character references.
enum PythonMarkdownEscaping {
    /// Appends `text` (one line) escaped; `atLineStart`: it starts a line or a list item.
    static func append(_ text: String, to out: inout [UInt8], atLineStart: Bool = true) {
        let digits = atLineStart ? leadingDigitBytes(text) : 0
        var text = text
        text.withUTF8 { bytes in
            let marker = atLineStart ? markerIndex(bytes, digits: digits) : nil
            for index in bytes.indices {
                let byte = bytes[index]
                if index == 0, atLineStart, byte == space || byte == tab || (byte == tilde && bytes.starts(with: "~~~".utf8)) {
                    out.append(contentsOf: "&#\(byte);".utf8)
                    continue
                }
                switch byte {
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                default:
                    if escapedEverywhere[Int(byte)] || index == marker || (byte == UInt8(ascii: "#") && index == bytes.count - 1) {
                        out.append(UInt8(ascii: "\\"))
                    }
                    out.append(byte)
                }
            }
        }
    }

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let tilde = UInt8(ascii: "~")

    /// Where a text at the start of a line holds a block marker to escape, or nil.
    private static func markerIndex(_ bytes: UnsafeBufferPointer<UInt8>, digits: Int) -> Int? {
        guard let first = bytes.first else { return nil }
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "+"), UInt8(ascii: "-"): return 0
        case UInt8(ascii: "!") where bytes.starts(with: "!!!".utf8): return 0
        default: break
        }
        // An ordered list needs digits, `.` and a space (Python-Markdown has no `1)` lists).
        if digits > 0, digits + 1 < bytes.count, bytes[digits] == UInt8(ascii: "."), bytes[digits + 1] == space { return digits }
        return nil
    }

    /// The UTF-8 length of the Unicode decimal digits (`Nd`, what Python's `\d` matches) `text` starts with.
    private static func leadingDigitBytes(_ text: String) -> Int {
        var length = 0
        for scalar in text.unicodeScalars {
            guard scalar.properties.generalCategory == .decimalNumber else { break }
            length += UTF8.width(scalar)
        }
        return length
    }

    /// Escaped wherever they stand: they open or close inline markup, or table cells, anywhere in a line.
    private static let escapedEverywhere: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for character in "\\`*_[]{}|" { table[Int(character.asciiValue!)] = true }
        return table
    }()
}
