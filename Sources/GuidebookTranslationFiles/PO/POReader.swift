import Foundation

/// Reads a gettext PO file back, one entry at a time: the header (`Language`,
/// `X-Source-Language`, `X-Guidebook-Cursor`, and `Content-Type` and `Plural-Forms` checked), then
/// each entry as a unit: `msgctxt` is its id, `msgid` the English, `msgstr` the translation (empty:
/// none), `#, fuzzy` unfinished, and `#. English revision N` the revision. Obsolete entries (`#~`)
/// are skipped. A string that is not closed, an unknown escape or keyword, a line that belongs to no
/// entry, a charset other than UTF-8 and a broken `Plural-Forms` stop the reading with their line and column.
public final class POReader: TranslationFileReader {
    private let source: ByteSource
    private var cachedHeader: TranslationFileHeader?
    /// The first entry when it was not the header (read while looking for one).
    private var firstEntry: Entry?
    private var pendingLine: (bytes: [UInt8], position: FilePosition)?

    /// Longest line, in bytes.
    static let maxLineBytes = 1 << 20

    public init(path: String) throws {
        source = try ByteSource(path: path)
    }

    public init(bytes: [UInt8]) {
        source = ByteSource(bytes: bytes)
    }

    public var bytesRead: Int { source.offset }

    /// One entry as written.
    private struct Entry {
        var context: String?
        var id: String?
        var plural = false
        var translations: [Int: String] = [:]
        var isFuzzy = false
        var revision: Int?
        /// Why the revision comment's number is not one (`OfferedUnit.revision`).
        var revisionProblem: String?
        var position: FilePosition
        var translationPosition: FilePosition?
    }

    public func header() throws -> TranslationFileHeader {
        if let cachedHeader { return cachedHeader }
        var header = TranslationFileHeader(format: .po, sourceLanguage: nil, targetLanguage: nil, cursor: nil, position: FilePosition(line: 1, column: 1))
        if let entry = try readEntry() {
            if entry.context == nil, entry.id == "" {
                header.position = entry.translationPosition ?? entry.position
                try read(headerText: entry.translations[0] ?? "", into: &header)
            } else {
                firstEntry = entry
            }
        }
        cachedHeader = header
        return header
    }

    private func read(headerText: String, into header: inout TranslationFileHeader) throws {
        for line in headerText.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "language": header.targetLanguage = value.isEmpty ? nil : value
            case "x-source-language": header.sourceLanguage = value.isEmpty ? nil : value
            case "x-guidebook-cursor": header.cursor = Int64(value)
            case "content-type":
                if let charset = value.range(of: "charset=").map({ value[$0.upperBound...].prefix { $0 != ";" && $0 != " " } }),
                   charset.lowercased() != "utf-8", charset.uppercased() != "CHARSET" {
                    throw TranslationFileError("the header's charset is \(charset.prefix(40)): PO files are read as UTF-8 only", at: header.position)
                }
            case "plural-forms":
                do {
                    _ = try PluralForms(value)
                } catch {
                    throw TranslationFileError("the header's Plural-Forms is broken: \(error.reason)", at: header.position)
                }
            default: break
            }
        }
    }

    public func nextUnit() throws -> OfferedUnit? {
        _ = try header()
        let entry: Entry
        if let first = firstEntry {
            firstEntry = nil
            entry = first
        } else {
            guard let next = try readEntry() else { return nil }
            entry = next
        }
        var problem: String?
        if entry.context == nil { problem = "an entry without msgctxt: Guidebook's entries carry their id there" }
        if entry.plural { problem = problem ?? "an entry with plural forms: Guidebook's texts have none" }
        problem = problem ?? entry.revisionProblem
        let target = entry.translations[0].flatMap { $0.isEmpty ? nil : $0 }
        return OfferedUnit(id: entry.context ?? "", source: entry.id, target: target, revision: entry.revision, isFinished: !entry.isFuzzy,
                           position: entry.position, targetPosition: entry.translationPosition, problem: problem)
    }

    // MARK: Entries

    private enum Field { case context, id, plural, translation(Int) }

    private func line() throws -> (bytes: [UInt8], position: FilePosition)? {
        if let pendingLine {
            self.pendingLine = nil
            return pendingLine
        }
        guard let (bytes, position) = try source.nextLine(limit: Self.maxLineBytes) else { return nil }
        // A byte-order mark before the first line is the file's encoding, not its text (editors on
        // Windows write one).
        if position.line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (Array(bytes.dropFirst(3)), position) }
        return (bytes, position)
    }

    /// The next entry, or nil at the end of the file.
    private func readEntry() throws -> Entry? {
        var entry: Entry?
        var field: Field?
        while let (bytes, position) = try line() {
            let text = try Self.utf8(bytes, at: position)
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { continue }
            let column = position.column + (text.count - trimmed.count)
            if trimmed.hasPrefix("#") {
                // A comment after a finished entry starts the next one.
                if let current = entry, current.translations.isEmpty == false {
                    pendingLine = (bytes, position)
                    return current
                }
                if trimmed.hasPrefix("#~") { continue }
                var current = entry ?? Entry(position: position)
                if trimmed.hasPrefix("#,") {
                    if trimmed.dropFirst(2).split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "fuzzy" }) { current.isFuzzy = true }
                } else if trimmed.hasPrefix("#.") {
                    // Only a comment that is the revision line itself, and the first: a glossary or
                    // memory comment may quote the words "English revision" in its text.
                    let comment = trimmed.dropFirst(2).drop { $0 == " " || $0 == "\t" }
                    if comment.hasPrefix(Self.revisionComment), current.revision == nil, current.revisionProblem == nil {
                        var number = comment.dropFirst(Self.revisionComment.count)
                        while let last = number.last, last == " " || last == "\t" || last == "\r" { number = number.dropLast() }
                        (current.revision, current.revisionProblem) = OfferedUnit.revision(number)
                    }
                }
                entry = current
                continue
            }
            if trimmed.hasPrefix("\"") {
                guard var current = entry, let field else {
                    throw TranslationFileError("a string that belongs to no keyword", at: FilePosition(line: position.line, column: column))
                }
                let part = try Self.string(trimmed, at: FilePosition(line: position.line, column: column))
                Self.append(part, to: field, of: &current)
                entry = current
                continue
            }
            let keyword = String(trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "\"" })
            let rest = trimmed.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
            let restColumn = column + (trimmed.count - rest.count)
            let next: Field
            switch keyword {
            case "msgctxt": next = .context
            case "msgid": next = .id
            case "msgid_plural": next = .plural
            case "msgstr": next = .translation(0)
            default:
                if keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), (0..<10).contains(index) {
                    next = .translation(index)
                } else {
                    throw TranslationFileError("'\(keyword.prefix(40))' is not a PO keyword (msgctxt, msgid, msgid_plural, msgstr)", at: FilePosition(line: position.line, column: column))
                }
            }
            // msgctxt or msgid after a finished entry starts the next one.
            var startsEntry = true
            if case .translation = next { startsEntry = false }
            if let current = entry, !current.translations.isEmpty, startsEntry {
                pendingLine = (bytes, position)
                return current
            }
            var current = entry ?? Entry(position: position)
            let part = try Self.string(rest, at: FilePosition(line: position.line, column: restColumn))
            switch next {
            case .context:
                guard current.context == nil, current.id == nil else { throw TranslationFileError("msgctxt must come first in its entry, once", at: position) }
                current.context = ""
            case .id:
                guard current.id == nil else { throw TranslationFileError("a second msgid in one entry", at: position) }
                current.id = ""
            case .plural:
                guard current.id != nil else { throw TranslationFileError("msgid_plural before msgid", at: position) }
                current.plural = true
            case .translation(let index):
                guard current.id != nil else { throw TranslationFileError("msgstr before msgid", at: position) }
                guard current.translations[index] == nil else { throw TranslationFileError("a second \(keyword) in one entry", at: position) }
                current.translations[index] = ""
                current.translationPosition = current.translationPosition ?? position
            }
            Self.append(part, to: next, of: &current)
            field = next
            entry = current
        }
        if let entry {
            guard entry.id != nil, !entry.translations.isEmpty else {
                throw TranslationFileError("the file ends inside an entry that has no msgid or no msgstr", at: entry.position)
            }
        }
        return entry
    }

    private static func append(_ part: String, to field: Field, of entry: inout Entry) {
        switch field {
        case .context: entry.context = (entry.context ?? "") + part
        case .id: entry.id = (entry.id ?? "") + part
        case .plural: break
        case .translation(let index): entry.translations[index] = (entry.translations[index] ?? "") + part
        }
    }

    // MARK: Strings

    /// A quoted PO string at the start of `text` (only spaces or a comment may follow), unescaped.
    private static func string(_ text: Substring, at position: FilePosition) throws -> String {
        var scalars = text.unicodeScalars.makeIterator()
        guard scalars.next() == "\"" else { throw TranslationFileError("a quoted string was expected", at: position) }
        var out = String.UnicodeScalarView()
        var column = position.column + 1
        // Octal escapes are bytes, as gettext reads them (`msgcat --escape` writes 시 as
        // \354\213\234): a run of them is decoded as UTF-8 before anything else is added.
        var octalBytes: [UInt8] = []
        func flushOctalBytes() throws {
            guard !octalBytes.isEmpty else { return }
            guard let text = String(validating: octalBytes, as: UTF8.self) else {
                throw TranslationFileError("octal escapes that are not UTF-8", at: FilePosition(line: position.line, column: column))
            }
            out.append(contentsOf: text.unicodeScalars)
            octalBytes.removeAll()
        }
        while true {
            guard let scalar = scalars.next() else {
                throw TranslationFileError("the string is not closed: a line must end with '\"'", at: position)
            }
            column += 1
            if scalar != "\\" { try flushOctalBytes() }
            switch scalar {
            case "\"":
                var rest = String.UnicodeScalarView()
                while let after = scalars.next() { rest.append(after) }
                let tail = String(rest).trimmingCharacters(in: .whitespaces)
                guard tail.isEmpty || tail.hasPrefix("#") else {
                    throw TranslationFileError("'\(tail.prefix(20))' after the closing quote", at: FilePosition(line: position.line, column: column))
                }
                return String(out)
            case "\\":
                guard let escaped = scalars.next() else { throw TranslationFileError("the string is not closed: it ends with a backslash", at: position) }
                column += 1
                if !("0"..."7").contains(escaped) { try flushOctalBytes() }
                switch escaped {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "\"", "\\", "'", "?": out.append(escaped)
                case "a": out.append("\u{07}")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "v": out.append("\u{0B}")
                case "0"..."7":
                    var value = escaped.value - 48
                    for _ in 0..<2 {
                        var copy = scalars
                        guard let digit = copy.next(), ("0"..."7").contains(digit) else { break }
                        scalars = copy
                        column += 1
                        value = value * 8 + digit.value - 48
                    }
                    guard value <= 0xFF else { throw TranslationFileError("an octal escape over \\377", at: FilePosition(line: position.line, column: column)) }
                    octalBytes.append(UInt8(value))
                default:
                    throw TranslationFileError("the escape \\\(escaped) is not one PO knows", at: FilePosition(line: position.line, column: column - 1))
                }
            default:
                out.append(scalar)
            }
        }
    }

    private static let revisionComment = "English revision "

    private static func utf8(_ bytes: [UInt8], at position: FilePosition) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw TranslationFileError("bytes that are not UTF-8", at: position) }
        return text
    }
}
