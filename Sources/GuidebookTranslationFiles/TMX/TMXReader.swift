/// Reads a TMX file (1.4b, and the `lang` attribute of older versions) one translation unit at a
/// time, in bounded memory, with the strict `XMLPullReader`: the header's `srclang` and creation
/// tool, then each `<tu>` with its variants' languages and texts. A `<seg>`'s text keeps the
/// text of `<hi>`; the inline codes (`<bpt>`, `<ept>`, `<it>`, `<ph>`, `<ut>`) stand for markup of
/// the original format and are left out, as `<sub>` is.
public final class TMXReader {
    /// What the header says.
    public struct Header: Sendable, Equatable {
        /// `srclang` (`*all*` allowed by TMX: any variant may be the source).
        public var sourceLanguage: String?
        /// `creationtool` and `creationtoolversion`.
        public var creationTool: String?
        public var position: FilePosition
    }

    /// One `<tu>`: where it is and its variants (language, text), in file order.
    public struct Unit: Sendable, Equatable {
        public var position: FilePosition
        public var variants: [(language: String, text: String, position: FilePosition)]

        public static func == (lhs: Unit, rhs: Unit) -> Bool {
            lhs.position == rhs.position && lhs.variants.map { [$0.language, $0.text] } == rhs.variants.map { [$0.language, $0.text] }
        }
    }

    private let xml: XMLPullReader
    private var cachedHeader: Header?

    /// The reader's limits: the defaults, and a DOCTYPE naming the TMX DTD let through (translate-toolkit
    /// and OmegaT write `<!DOCTYPE tmx SYSTEM "tmx14.dtd">`; it declares nothing and is never read).
    static var limits: XMLPullReader.Limits {
        var limits = XMLPullReader.Limits()
        limits.externalDoctypes = ["tmx"]
        return limits
    }

    public init(path: String) throws {
        xml = try XMLPullReader(path: path, limits: Self.limits)
    }

    public init(bytes: [UInt8]) {
        xml = XMLPullReader(bytes: bytes, limits: Self.limits)
    }

    public var bytesRead: Int { xml.bytesRead }

    public func header() throws -> Header {
        if let cachedHeader { return cachedHeader }
        var root: XMLElementStart?
        while let event = try xml.next() {
            if case .start(let element) = event {
                root = element
                break
            }
        }
        guard let root else { throw TranslationFileError("the file holds no XML element", at: FilePosition(line: 1, column: 1)) }
        guard root.name == XMLName("tmx"), root.attribute("version") != nil else {
            throw TranslationFileError("the root element is \(root.name), not TMX's <tmx version=\"1.4\">", at: root.position)
        }
        while let event = try xml.next() {
            guard case .start(let element) = event else { continue }
            guard element.name == XMLName("header") else {
                throw TranslationFileError("a TMX file starts with its <header>, not <\(element.name.local)>", at: element.position)
            }
            let tool = element.attribute("creationtool").map { name in
                element.attribute("creationtoolversion").map { "\(name) \($0)" } ?? name
            }
            try xml.skipElement()
            let header = Header(sourceLanguage: element.attribute("srclang"), creationTool: tool, position: element.position)
            cachedHeader = header
            return header
        }
        throw TranslationFileError("the TMX file has no <header>", at: root.position)
    }

    /// The next `<tu>`, or nil at the end of the file.
    public func nextUnit() throws -> Unit? {
        _ = try header()
        while let event = try xml.next() {
            guard case .start(let element) = event else { continue }
            switch element.name.local {
            case "body": continue
            case "tu": return try readUnit(element)
            default: try xml.skipElement()
            }
        }
        return nil
    }

    private func readUnit(_ unit: XMLElementStart) throws -> Unit {
        var variants: [(language: String, text: String, position: FilePosition)] = []
        while let event = try xml.next() {
            if case .end = event { break }
            guard case .start(let element) = event else { continue }
            guard element.name.local == "tuv" else {
                try xml.skipElement()
                continue
            }
            guard let language = element.attribute("lang", namespace: XMLName.xmlNamespace) ?? element.attribute("lang") else {
                throw TranslationFileError("a <tuv> without xml:lang", at: element.position)
            }
            var text: String?
            while let inner = try xml.next() {
                if case .end = inner { break }
                guard case .start(let part) = inner else { continue }
                guard part.name.local == "seg" else {
                    try xml.skipElement()
                    continue
                }
                text = try readSegment()
            }
            variants.append((language, text ?? "", element.position))
        }
        return Unit(position: unit.position, variants: variants)
    }

    /// A `<seg>`'s text, read to its end: `<hi>` gives its text, inline codes and `<sub>` nothing.
    private func readSegment() throws -> String {
        var text = ""
        var depth = 0
        while let event = try xml.next() {
            switch event {
            case .text(let part, _): text += part
            case .start(let element):
                if element.name.local == "hi" { depth += 1 } else { try xml.skipElement() }
            case .end:
                if depth == 0 { return text }
                depth -= 1
            }
        }
        return text
    }
}
