/// Reads an XLIFF 1.2 file back: each `<file>`'s `source-language` and `target-language` (every
/// file must name the same two, as the base's locales resolve them: `ko` and `ko-KR` are one
/// where the base has `ko`), and each `<trans-unit>` (inside `<body>` and any `<group>`) with
/// its `id`, `gb:revision`, `<source>` and `<target>`. A translation is finished unless its
/// target's `state` says otherwise (`new`, `needs-translation`, `needs-review-translation`, …);
/// `approved` records a review, not whether the unit is translated. `<alt-trans>` (memory
/// matches), notes and other elements are skipped.
public final class XLIFF12Reader: TranslationFileReader {
    /// The namespace of XLIFF 1.2.
    public static let namespace = "urn:oasis:names:tc:xliff:document:1.2"
    static let unfinishedStates: Set<String> = ["new", "needs-translation", "needs-adaptation", "needs-l10n",
                                                "needs-review-translation", "needs-review-adaptation", "needs-review-l10n"]

    private let xml: XMLPullReader
    private var cachedHeader: TranslationFileHeader?
    /// The base's locale codes, which the languages of each `<file>` are resolved to.
    private let locales: [String]

    /// Reads the file at `path`; `locales` are the base's locale codes (none: languages must be
    /// written alike in every `<file>`).
    public init(path: String, locales: [String] = []) throws {
        xml = try XMLPullReader(path: path)
        self.locales = locales
    }

    /// Reads `bytes`; `locales` as for `init(path:locales:)`.
    public init(bytes: [UInt8], locales: [String] = []) {
        xml = XMLPullReader(bytes: bytes)
        self.locales = locales
    }

    public var bytesRead: Int { xml.bytesRead }

    public func header() throws -> TranslationFileHeader {
        if let cachedHeader { return cachedHeader }
        guard let root = try XLIFFStructure.root(of: xml) else { throw TranslationFileError("the file holds no XML element", at: FilePosition(line: 1, column: 1)) }
        guard root.name == XMLName("xliff", namespace: Self.namespace), let version = root.attribute("version"), version.hasPrefix("1.") else {
            throw TranslationFileError("the root element is \(root.name), not XLIFF 1.2's <xliff version=\"1.2\"> in \(Self.namespace)", at: root.position)
        }
        // The languages are the first <file>'s.
        while let event = try xml.next() {
            guard case .start(let element) = event else { continue }
            guard element.name == XMLName("file", namespace: Self.namespace) else {
                try xml.skipElement()
                continue
            }
            let header = Self.header(of: element)
            cachedHeader = header
            return header
        }
        throw TranslationFileError("the XLIFF file has no <file>", at: root.position)
    }

    private static func header(of file: XMLElementStart) -> TranslationFileHeader {
        TranslationFileHeader(format: .xliff12, sourceLanguage: file.attribute("source-language"), targetLanguage: file.attribute("target-language"),
                              cursor: file.attribute("cursor", namespace: XLIFF2Writer.guidebookNamespace).flatMap { Int64($0) }, position: file.position)
    }

    public func nextUnit() throws -> OfferedUnit? {
        let first = try header()
        while let event = try xml.next() {
            guard case .start(let element) = event else { continue }
            guard element.name.namespace == Self.namespace else {
                try xml.skipElement()
                continue
            }
            switch element.name.local {
            case "file":
                let header = Self.header(of: element)
                guard isSameLocale(header.sourceLanguage, first.sourceLanguage), isSameLocale(header.targetLanguage, first.targetLanguage) else {
                    throw TranslationFileError("this <file> translates \(header.sourceLanguage ?? "?") into \(header.targetLanguage ?? "?"), the first one \(first.sourceLanguage ?? "?") into \(first.targetLanguage ?? "?"): one file, one pair of languages", at: element.position)
                }
            case "body", "group": continue // Their units are inside.
            case "trans-unit": return try readUnit(element)
            default: try xml.skipElement()
            }
        }
        return nil
    }

    /// Whether two `<file>` elements' language tags are one locale: written alike, or resolved to
    /// the same code of the base as the importer resolves the file's languages (`LanguageTag`).
    private func isSameLocale(_ tag: String?, _ other: String?) -> Bool {
        if tag == other { return true }
        guard let tag, let other, let locale = LanguageTag.matching(tag, among: locales) else { return false }
        return LanguageTag.matching(other, among: locales) == locale
    }

    private func readUnit(_ unit: XMLElementStart) throws -> OfferedUnit {
        var source: String?, target: String?
        var isFinished = true
        var targetPosition: FilePosition?
        var problem: String? = unit.attribute("id") == nil ? "a <trans-unit> without an id" : nil
        while let event = try xml.next() {
            if case .end = event { break }
            guard case .start(let part) = event else { continue }
            guard part.name.namespace == Self.namespace, part.name.local == "source" || part.name.local == "target" else {
                try xml.skipElement()
                continue
            }
            let (text, inlineProblem) = try InlineContent.xliff12.read(xml, element: part.name.local)
            problem = problem ?? inlineProblem
            if part.name.local == "source" {
                source = text
            } else {
                target = text
                targetPosition = part.position
                if let state = part.attribute("state"), Self.unfinishedStates.contains(state) { isFinished = false }
            }
        }
        let revision = OfferedUnit.revision(unit.attribute("revision", namespace: XLIFF2Writer.guidebookNamespace).map { Substring($0) })
        problem = problem ?? revision.problem
        return OfferedUnit(id: unit.attribute("id") ?? "", source: source, target: target.flatMap { $0.isEmpty ? nil : $0 },
                           revision: revision.value,
                           isFinished: isFinished, position: unit.position, targetPosition: targetPosition, problem: problem)
    }
}
