/// A strict, streaming reader of XML 1.0 in UTF-8, for the translators' files that come back
/// (XLIFF, TMX): it hands out one event at a time and keeps in memory only one chunk of the file,
/// the open elements and the current text, so a file of any size is read in bounded memory.
///
/// It is written here rather than taken from Foundation because Foundation's `XMLParser` on Linux
/// (libxml2) reports neither a DOCTYPE nor where one is, and drops the text of internal entities
/// silently. This reader refuses what translators' files never need and attackers use:
/// - any `<!DOCTYPE` (so no entity is ever declared, expanded or fetched: no billion laughs, no
///   XXE) and any other `<!` declaration; only one DOCTYPE that names an external DTD and declares
///   nothing may be let through, for the roots `Limits.externalDoctypes` names (TMX);
/// - any entity reference other than the five predefined ones and character references, and a
///   character reference that is not digits only (`&#+65;`) or names no character XML can carry;
/// - an encoding other than UTF-8, bytes that are not UTF-8, characters XML 1.0 cannot carry;
/// - texts, names, attributes and nesting beyond its `Limits`.
/// Every refusal is a `TranslationFileError` with the line and column.
public final class XMLPullReader {
    /// How large a part of a document may be.
    public struct Limits: Sendable {
        /// Deepest element nesting.
        public var maxDepth = 32
        /// Longest run of character data between two tags, in bytes.
        public var maxTextBytes = 1 << 20
        /// Longest element or attribute name, in bytes.
        public var maxNameBytes = 200
        /// Most attributes on one element.
        public var maxAttributes = 40
        /// Longest attribute value, in bytes.
        public var maxAttributeBytes = 64 * 1024
        /// Root element names whose DOCTYPE is let through when it only names an external DTD
        /// (`<!DOCTYPE tmx SYSTEM "tmx14.dtd">`, as translate-toolkit and OmegaT write TMX): such a
        /// declaration has no internal subset, so it declares no entity, and the DTD it names is
        /// never read. Any other DOCTYPE is refused. Empty by default.
        public var externalDoctypes: Set<String> = []

        public init() {}
    }

    private let source: ByteSource
    private let limits: Limits
    /// The open elements: the name as written (to match the end tag) and the resolved name.
    private var open: [(raw: [UInt8], name: XMLName)] = []
    /// Namespace declarations in scope, one scope per open element.
    private var scopes: [[String: String]] = [["xml": XMLName.xmlNamespace]]
    private var pendingEnd: (XMLName, FilePosition)?
    private var sawRoot = false
    /// A DOCTYPE was let through (`Limits.externalDoctypes`): a document has at most one.
    private var sawDoctype = false
    private var atStart = true

    /// Reads the file at `path`.
    public init(path: String, limits: Limits = Limits()) throws {
        source = try ByteSource(path: path)
        self.limits = limits
    }

    /// Reads `bytes`.
    public init(bytes: [UInt8], limits: Limits = Limits()) {
        source = ByteSource(bytes: bytes)
        self.limits = limits
    }

    /// Bytes read so far (for progress).
    public var bytesRead: Int { source.offset }
    /// How many elements are open.
    public var depth: Int { open.count }

    /// The next event, or nil once the document ended properly.
    public func next() throws -> XMLEvent? {
        if let (name, position) = pendingEnd {
            pendingEnd = nil
            return .end(name, position)
        }
        if atStart { try readStart() }
        while true {
            guard let byte = source.peek() else {
                if let innermost = open.last {
                    throw TranslationFileError("the file ends inside <\(String(decoding: innermost.raw, as: UTF8.self))>, which is not closed", at: source.position)
                }
                guard sawRoot else { throw TranslationFileError("the file holds no XML element", at: source.position) }
                return nil
            }
            if byte == UInt8(ascii: "<") {
                let position = source.position
                if source.startsWith(Self.commentOpen) {
                    try skipPast(Self.commentClose, what: "comment", from: position)
                } else if source.startsWith(Self.processingOpen) {
                    try skipPast(Self.processingClose, what: "processing instruction", from: position)
                } else if source.startsWith(Self.cdataOpen) {
                    guard !open.isEmpty else { throw TranslationFileError("a CDATA section outside the root element", at: position) }
                    return .text(try readCDATA(), position)
                } else if source.startsWith(Self.doctypeOpen) {
                    try skipExternalDoctype(at: position)
                } else if source.peek(1) == UInt8(ascii: "!") {
                    throw TranslationFileError("a markup declaration (<!…) is not allowed", at: position)
                } else if source.peek(1) == UInt8(ascii: "/") {
                    return try readEndTag(at: position)
                } else {
                    return .start(try readStartTag(at: position))
                }
            } else if open.isEmpty {
                guard Self.isSpace(byte) else {
                    throw TranslationFileError(sawRoot ? "text after the root element" : "text before the root element", at: source.position)
                }
                _ = source.next()
            } else {
                let position = source.position
                return .text(try readText(), position)
            }
        }
    }

    /// Reads past the end of the element whose start `next()` just returned, skipping its content
    /// (still checked: a refused construct inside it is refused).
    public func skipElement() throws {
        if pendingEnd != nil {
            pendingEnd = nil
            return
        }
        let target = open.count - 1
        while open.count > target {
            guard try next() != nil else { return }
        }
    }

    // MARK: The prolog

    /// A byte-order mark and the XML declaration, at the very start only.
    private func readStart() throws {
        atStart = false
        if source.startsWith([0xEF, 0xBB, 0xBF]) { source.skip(3) }
        if source.startsWith([0xFE, 0xFF]) || source.startsWith([0xFF, 0xFE]) {
            throw TranslationFileError("the file is UTF-16: translators' files are read as UTF-8 only", at: source.position)
        }
        guard source.startsWith(Array("<?xml".utf8)), let after = source.peek(5), Self.isSpace(after) || after == UInt8(ascii: "?") else { return }
        let position = source.position
        source.skip(5)
        var declaration: [UInt8] = []
        while !source.startsWith(Self.processingClose) {
            guard let byte = source.next() else { throw TranslationFileError("the XML declaration is not closed with ?>", at: position) }
            declaration.append(byte)
            if declaration.count > 200 { throw TranslationFileError("the XML declaration is too long", at: position) }
        }
        source.skip(2)
        let text = String(decoding: declaration, as: UTF8.self)
        if let encoding = Self.pseudoAttribute("encoding", in: text), encoding.lowercased() != "utf-8", encoding.lowercased() != "utf8" {
            throw TranslationFileError("the encoding is \(encoding.prefix(40)): translators' files are read as UTF-8 only", at: position)
        }
        if let version = Self.pseudoAttribute("version", in: text), version != "1.0" {
            throw TranslationFileError("XML version \(version.prefix(20)) is not supported (1.0 is)", at: position)
        }
    }

    private static func pseudoAttribute(_ name: String, in declaration: String) -> String? {
        guard let range = declaration.range(of: name) else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// A DOCTYPE that only names an external DTD for an allowed root, before the root: skipped
    /// (the DTD is never read). Anything else is refused where it starts.
    private func skipExternalDoctype(at position: FilePosition) throws {
        let refusal = TranslationFileError("a DOCTYPE is not allowed: entities are never declared or expanded in translators' files", at: position)
        guard !limits.externalDoctypes.isEmpty, !sawRoot else { throw refusal }
        guard !sawDoctype else { throw TranslationFileError("a second DOCTYPE: a document has at most one", at: position) }
        var bytes: [UInt8] = []
        source.takeRun(into: &bytes, limit: 513) { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "[") }
        guard bytes.count <= 512, source.peek() == UInt8(ascii: ">") else { throw refusal }
        let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        // <!DOCTYPE name SYSTEM "uri"> or <!DOCTYPE name PUBLIC "id" "uri">
        guard words.count >= 4, limits.externalDoctypes.contains(String(words[1])), words[2] == "SYSTEM" || words[2] == "PUBLIC" else { throw refusal }
        _ = source.next()
        sawDoctype = true
    }

    // MARK: Tags

    private func readStartTag(at position: FilePosition) throws -> XMLElementStart {
        guard sawRoot == false || !open.isEmpty else { throw TranslationFileError("a second root element", at: position) }
        _ = source.next() // <
        let raw = try readName(at: position)
        var rawAttributes: [(name: [UInt8], value: String, position: FilePosition)] = []
        var isEmpty = false
        while true {
            let hadSpace = skipSpaces()
            guard let byte = source.peek() else { throw TranslationFileError("the file ends inside a start tag", at: position) }
            if byte == UInt8(ascii: ">") {
                _ = source.next()
                break
            }
            if byte == UInt8(ascii: "/") {
                _ = source.next()
                guard source.next() == UInt8(ascii: ">") else { throw TranslationFileError("'/' in a start tag must be followed by '>'", at: source.position) }
                isEmpty = true
                break
            }
            guard hadSpace else { throw TranslationFileError("attributes must be separated by spaces", at: source.position) }
            let attributePosition = source.position
            let name = try readName(at: attributePosition)
            skipSpaces()
            guard source.next() == UInt8(ascii: "=") else { throw TranslationFileError("an attribute needs '=' and a quoted value", at: attributePosition) }
            skipSpaces()
            let value = try readAttributeValue(at: attributePosition)
            guard !rawAttributes.contains(where: { $0.name == name }) else {
                throw TranslationFileError("the attribute \(String(decoding: name, as: UTF8.self)) appears twice", at: attributePosition)
            }
            rawAttributes.append((name, value, attributePosition))
            guard rawAttributes.count <= limits.maxAttributes else {
                throw TranslationFileError("more than \(limits.maxAttributes) attributes on one element", at: attributePosition)
            }
        }
        guard open.count < limits.maxDepth else {
            throw TranslationFileError("elements nested deeper than \(limits.maxDepth) levels", at: position)
        }
        // Namespace declarations first: they apply to this element's own name and attributes.
        var scope = scopes[scopes.count - 1]
        var attributes: [(name: [UInt8], value: String, position: FilePosition)] = []
        for attribute in rawAttributes {
            if attribute.name == Self.xmlns {
                scope[""] = attribute.value
            } else if attribute.name.starts(with: Self.xmlnsColon) {
                let prefix = String(decoding: attribute.name.dropFirst(6), as: UTF8.self)
                guard !attribute.value.isEmpty else { throw TranslationFileError("the prefix \(prefix) is bound to an empty namespace", at: attribute.position) }
                scope[prefix] = attribute.value
            } else {
                attributes.append(attribute)
            }
        }
        let name = try Self.resolve(raw, in: scope, isAttribute: false, at: position)
        var resolved: [(name: XMLName, value: String)] = []
        for attribute in attributes {
            let attributeName = try Self.resolve(attribute.name, in: scope, isAttribute: true, at: attribute.position)
            guard !resolved.contains(where: { $0.name == attributeName }) else {
                throw TranslationFileError("the attribute \(attributeName.local) appears twice", at: attribute.position)
            }
            resolved.append((attributeName, attribute.value))
        }
        sawRoot = true
        if isEmpty {
            pendingEnd = (name, source.position)
        } else {
            open.append((raw, name))
            scopes.append(scope)
        }
        return XMLElementStart(name: name, attributes: resolved, position: position)
    }

    private func readEndTag(at position: FilePosition) throws -> XMLEvent {
        source.skip(2) // </
        let raw = try readName(at: position)
        skipSpaces()
        guard source.next() == UInt8(ascii: ">") else { throw TranslationFileError("an end tag must close with '>'", at: position) }
        guard let innermost = open.last else {
            throw TranslationFileError("the end tag </\(String(decoding: raw, as: UTF8.self))> closes nothing", at: position)
        }
        guard innermost.raw == raw else {
            throw TranslationFileError("the end tag </\(String(decoding: raw, as: UTF8.self))> does not match <\(String(decoding: innermost.raw, as: UTF8.self))>", at: position)
        }
        open.removeLast()
        scopes.removeLast()
        return .end(innermost.name, position)
    }

    private static func resolve(_ raw: [UInt8], in scope: [String: String], isAttribute: Bool, at position: FilePosition) throws -> XMLName {
        guard let colon = raw.firstIndex(of: UInt8(ascii: ":")) else {
            let local = String(decoding: raw, as: UTF8.self)
            return XMLName(local, namespace: isAttribute ? nil : scope[""].flatMap { $0.isEmpty ? nil : $0 })
        }
        let prefix = String(decoding: raw[..<colon], as: UTF8.self)
        let local = String(decoding: raw[(colon + 1)...], as: UTF8.self)
        guard !prefix.isEmpty, !local.isEmpty, !local.contains(":") else {
            throw TranslationFileError("'\(String(decoding: raw, as: UTF8.self))' is not a valid qualified name", at: position)
        }
        guard let namespace = scope[prefix] else { throw TranslationFileError("the prefix \(prefix) is not declared", at: position) }
        return XMLName(local, namespace: namespace)
    }

    private func readName(at position: FilePosition) throws -> [UInt8] {
        var name: [UInt8] = []
        guard let first = source.peek(), Self.isNameStart(first) else {
            throw TranslationFileError("a name was expected", at: source.position)
        }
        source.takeRun(into: &name, limit: limits.maxNameBytes + 1) { !(Self.isNameStart($0) || Self.isNamePart($0)) }
        guard name.count <= limits.maxNameBytes else { throw TranslationFileError("a name longer than \(limits.maxNameBytes) bytes", at: position) }
        guard String(validating: name, as: UTF8.self) != nil else { throw TranslationFileError("a name that is not UTF-8", at: position) }
        return name
    }

    private func readAttributeValue(at position: FilePosition) throws -> String {
        guard let quote = source.next(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw TranslationFileError("an attribute value must be quoted", at: position)
        }
        var bytes: [UInt8] = []
        while true {
            source.takeRun(into: &bytes, limit: limits.maxAttributeBytes + 1) { $0 < 0x20 || $0 == quote || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }
            guard let byte = source.next() else { throw TranslationFileError("the file ends inside an attribute value", at: position) }
            switch byte {
            case quote:
                return try Self.string(bytes, at: position)
            case UInt8(ascii: "<"):
                throw TranslationFileError("'<' in an attribute value", at: position)
            case UInt8(ascii: "&"):
                try readReference(into: &bytes)
            case 0x09, 0x0A, 0x0D:
                // Attribute-value normalisation; a CR LF pair is one line break, so one space.
                if byte == 0x0D, source.peek() == 0x0A { _ = source.next() }
                bytes.append(0x20)
            default:
                guard byte >= 0x20 else { throw TranslationFileError("a control character (U+\(Self.hex(byte))) XML cannot carry", at: position) }
                bytes.append(byte)
            }
            guard bytes.count <= limits.maxAttributeBytes else {
                throw TranslationFileError("an attribute value longer than \(limits.maxAttributeBytes) bytes", at: position)
            }
        }
    }

    // MARK: Character data

    private func readText() throws -> String {
        let position = source.position
        var bytes: [UInt8] = []
        // Where the bytes written as they are begin: a reference's characters are not part of a `]]>`.
        var literalFrom = 0
        while true {
            // Plain characters in one run; then the byte that stopped it, one at a time.
            source.takeRun(into: &bytes, limit: limits.maxTextBytes + 1, stoppingAt: Self.stopsText)
            guard let byte = source.peek(), byte != UInt8(ascii: "<") else { break }
            _ = source.next()
            switch byte {
            case UInt8(ascii: ">"):
                // XML 1.0 §2.4: `]]>` ends a CDATA section, so in character data it is not well-formed.
                if bytes.count - literalFrom >= 2, bytes[bytes.count - 1] == UInt8(ascii: "]"), bytes[bytes.count - 2] == UInt8(ascii: "]") {
                    throw TranslationFileError("']]>' in text, where it would end a CDATA section that is not open (write ]]&gt;)",
                                               at: FilePosition(line: source.line, column: source.column - 3))
                }
                bytes.append(byte)
            case UInt8(ascii: "&"):
                try readReference(into: &bytes)
                literalFrom = bytes.count
            case 0x0D:
                if source.peek() == 0x0A { _ = source.next() }
                bytes.append(0x0A)
            case 0x09, 0x0A:
                bytes.append(byte)
            default:
                guard byte >= 0x20 else {
                    throw TranslationFileError("a control character (U+\(Self.hex(byte))) XML cannot carry", at: FilePosition(line: source.line, column: source.column - 1))
                }
                bytes.append(byte)
            }
            guard bytes.count <= limits.maxTextBytes else {
                throw TranslationFileError("a text longer than \(limits.maxTextBytes) bytes", at: position)
            }
        }
        return try Self.string(bytes, at: position)
    }

    private func readCDATA() throws -> String {
        let position = source.position
        source.skip(Self.cdataOpen.count)
        var bytes: [UInt8] = []
        while !source.startsWith(Self.cdataClose) {
            guard let byte = source.next() else { throw TranslationFileError("the file ends inside a CDATA section", at: position) }
            if byte == 0x0D {
                if source.peek() == 0x0A { _ = source.next() }
                bytes.append(0x0A)
            } else {
                guard byte >= 0x20 || byte == 0x09 || byte == 0x0A else {
                    throw TranslationFileError("a control character (U+\(Self.hex(byte))) XML cannot carry", at: position)
                }
                bytes.append(byte)
            }
            guard bytes.count <= limits.maxTextBytes else { throw TranslationFileError("a text longer than \(limits.maxTextBytes) bytes", at: position) }
        }
        source.skip(Self.cdataClose.count)
        return try Self.string(bytes, at: position)
    }

    /// After '&': one of the five predefined entities or a character reference; anything else is
    /// refused (no entity is declared, so none can be expanded).
    private func readReference(into bytes: inout [UInt8]) throws {
        let position = FilePosition(line: source.line, column: source.column - 1)
        var name: [UInt8] = []
        while let byte = source.next(), byte != UInt8(ascii: ";") {
            name.append(byte)
            guard name.count <= 12 else { throw TranslationFileError("'&' must start a reference such as &amp; (write & as &amp;)", at: position) }
        }
        switch name {
        case Array("lt".utf8): bytes.append(UInt8(ascii: "<"))
        case Array("gt".utf8): bytes.append(UInt8(ascii: ">"))
        case Array("amp".utf8): bytes.append(UInt8(ascii: "&"))
        case Array("quot".utf8): bytes.append(UInt8(ascii: "\""))
        case Array("apos".utf8): bytes.append(UInt8(ascii: "'"))
        default:
            guard name.first == UInt8(ascii: "#") else {
                throw TranslationFileError("the entity reference &\(String(decoding: name.prefix(40), as: UTF8.self)); is not allowed: no entity is declared or expanded", at: position)
            }
            // &#DDD; or &#xHHH; (XML 1.0 §4.1): digits only, the x lower case.
            let digits = name.dropFirst()
            let value = digits.first == UInt8(ascii: "x") ? XMLText.codePoint(digits.dropFirst(), radix: 16) : XMLText.codePoint(digits, radix: 10)
            guard let value else {
                throw TranslationFileError("&\(String(decoding: name, as: UTF8.self)); is not a character reference: write &#65; (decimal digits) or &#x41; (hex digits)", at: position)
            }
            guard let scalar = Unicode.Scalar(value), XMLText.isAllowed(scalar) else {
                throw TranslationFileError("&\(String(decoding: name, as: UTF8.self)); is not a character XML can carry", at: position)
            }
            bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
    }

    /// `bytes` as a string, refused when they are not UTF-8 or hold U+FFFE or U+FFFF.
    private static func string(_ bytes: [UInt8], at position: FilePosition) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw TranslationFileError("bytes that are not UTF-8", at: position) }
        if bytes.contains(0xEF), text.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF }) {
            throw TranslationFileError("U+FFFE or U+FFFF, which XML cannot carry", at: position)
        }
        return text
    }

    // MARK: Skipping

    private func skipPast(_ close: [UInt8], what: String, from position: FilePosition) throws {
        source.skip(2)
        while !source.startsWith(close) {
            guard source.next() != nil else { throw TranslationFileError("the file ends inside a \(what)", at: position) }
        }
        source.skip(close.count)
    }

    @discardableResult
    private func skipSpaces() -> Bool {
        var skipped = false
        while let byte = source.peek(), Self.isSpace(byte) {
            _ = source.next()
            skipped = true
        }
        return skipped
    }

    // MARK: Bytes

    private static let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
    private static let processingOpen = Array("<?".utf8), processingClose = Array("?>".utf8)
    private static let cdataOpen = Array("<![CDATA[".utf8), cdataClose = Array("]]>".utf8)
    private static let doctypeOpen = Array("<!DOCTYPE".utf8)
    private static let xmlns = Array("xmlns".utf8), xmlnsColon = Array("xmlns:".utf8)

    /// What ends a run of plain character data: markup, a reference, a line break or another
    /// control, and `>` (which may end a `]]>`).
    @inline(__always) private static func stopsText(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: ">")
    }

    @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @inline(__always) private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    @inline(__always) private static func isNamePart(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
