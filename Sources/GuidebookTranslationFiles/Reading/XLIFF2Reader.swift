/// Reads an XLIFF 2.0 (or 2.1) file back, core elements only: the root's `srcLang`, `trgLang` and
/// `gb:cursor`; each `<unit>` (inside `<file>` and any `<group>`) with its `id` and `gb:revision`,
/// the source and target of its segments and ignorables joined in order, and whether every
/// segment's `state` is `translated`, `reviewed` or `final`. Notes, matches, metadata and other
/// modules are skipped.
public final class XLIFF2Reader: TranslationFileReader {
    /// The namespace of XLIFF 2.0's core.
    public static let namespace = "urn:oasis:names:tc:xliff:document:2.0"
    static let finishedStates: Set<String> = ["translated", "reviewed", "final"]

    private let xml: XMLPullReader
    private var cachedHeader: TranslationFileHeader?

    public init(path: String) throws {
        xml = try XMLPullReader(path: path)
    }

    public init(bytes: [UInt8]) {
        xml = XMLPullReader(bytes: bytes)
    }

    public var bytesRead: Int { xml.bytesRead }

    public func header() throws -> TranslationFileHeader {
        if let cachedHeader { return cachedHeader }
        guard let root = try XLIFFStructure.root(of: xml) else { throw TranslationFileError("the file holds no XML element", at: FilePosition(line: 1, column: 1)) }
        guard root.name == XMLName("xliff", namespace: Self.namespace), let version = root.attribute("version"), version.hasPrefix("2.") else {
            throw TranslationFileError("the root element is \(root.name), not XLIFF 2.0's <xliff version=\"2.0\"> in \(Self.namespace)", at: root.position)
        }
        let header = TranslationFileHeader(format: .xliff2, sourceLanguage: root.attribute("srcLang"), targetLanguage: root.attribute("trgLang"),
                                           cursor: root.attribute("cursor", namespace: XLIFF2Writer.guidebookNamespace).flatMap { Int64($0) },
                                           position: root.position)
        cachedHeader = header
        return header
    }

    public func nextUnit() throws -> OfferedUnit? {
        _ = try header()
        while let event = try xml.next() {
            guard case .start(let element) = event else { continue }
            guard element.name.namespace == Self.namespace else {
                try xml.skipElement()
                continue
            }
            switch element.name.local {
            case "file", "group": continue // Their units are inside.
            case "unit": return try readUnit(element)
            default: try xml.skipElement()
            }
        }
        return nil
    }

    private func readUnit(_ unit: XMLElementStart) throws -> OfferedUnit {
        var source = "", target = ""
        var segments = 0, translatedSegments = 0
        var isFinished = true
        var targetPosition: FilePosition?
        var problem: String? = unit.attribute("id") == nil ? "a <unit> without an id" : nil
        while let event = try xml.next() {
            if case .end = event { break }
            guard case .start(let part) = event else { continue }
            guard part.name.namespace == Self.namespace, part.name.local == "segment" || part.name.local == "ignorable" else {
                try xml.skipElement()
                continue
            }
            let isSegment = part.name.local == "segment"
            var partSource = "", partTarget: String?
            while let inner = try xml.next() {
                if case .end = inner { break }
                guard case .start(let content) = inner else { continue }
                guard content.name.namespace == Self.namespace, content.name.local == "source" || content.name.local == "target" else {
                    try xml.skipElement()
                    continue
                }
                let (text, inlineProblem) = try InlineContent.xliff2.read(xml, element: content.name.local)
                problem = problem ?? inlineProblem
                if content.name.local == "source" {
                    partSource += text
                } else {
                    partTarget = (partTarget ?? "") + text
                    targetPosition = targetPosition ?? content.position
                }
            }
            source += partSource
            if isSegment {
                segments += 1
                if let partTarget {
                    target += partTarget
                    translatedSegments += 1
                }
                if !Self.finishedStates.contains(part.attribute("state") ?? "initial") { isFinished = false }
            } else {
                // An ignorable without a target stands for its source in the translation too.
                target += partTarget ?? partSource
            }
        }
        if translatedSegments > 0 && translatedSegments < segments {
            problem = problem ?? "partly translated: \(segments - translatedSegments) of its \(segments) segments have no <target>"
        }
        let revision = OfferedUnit.revision(unit.attribute("revision", namespace: XLIFF2Writer.guidebookNamespace).map { Substring($0) })
        problem = problem ?? revision.problem
        return OfferedUnit(id: unit.attribute("id") ?? "", source: source, target: translatedSegments > 0 ? target : nil,
                           revision: revision.value,
                           isFinished: isFinished, position: unit.position, targetPosition: targetPosition, problem: problem)
    }
}
