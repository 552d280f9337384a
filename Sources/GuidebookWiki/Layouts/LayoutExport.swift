import GuidebookCore

/// A layout's own files: where a topic's pages go, the pages, and the files about the whole site
/// (index pages, configuration). One writer serves one export.
protocol LayoutWriter: AnyObject {
    /// True when the layout puts every topic into one file (BookStack's ZIP), so `--since` cannot
    /// keep a topic's page: every topic is rendered every time.
    var rendersEveryTopic: Bool { get }
    /// The paths of a topic's pages, one per locale.
    func pagePaths(of topic: TopicSummary, plan: LayoutPlan) -> [String]
    /// Hands over the files of one topic (every locale).
    func pages(of topic: Topic, plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws
    /// Hands over the files about the whole site, after every topic.
    func siteFiles(plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws
}

/// The knowledge base in one of the `WikiLayout`s, file by file, read through one reader (call it
/// inside `Store.read`: its transaction makes the files one snapshot). Like `MarkdownExport`, the
/// bytes depend on the data alone, so a re-export of an unchanged knowledge base writes nothing,
/// and `onlyTopics` renders only the topics named (the others' pages are handed to `keep`).
///
/// Every name is checked before the first file (`LayoutPlan`): a name that cannot be written
/// refuses the export with nothing written.
public struct LayoutExport {
    public let layout: WikiLayout
    private let reader: KnowledgeReader

    public init(layout: WikiLayout, reader: KnowledgeReader) {
        self.layout = layout
        self.reader = reader
    }

    /// Every file of the layout.
    public func forEachFile(_ body: (ExportFile) throws -> Void) throws {
        try forEachFile(onlyTopics: nil, keep: { _ in }, body)
    }

    /// The files of the topics in `onlyTopics` (nil: all) and the site's files; the paths of the
    /// other topics' pages go to `keep`.
    public func forEachFile(onlyTopics: Set<String>?, keep: (String) throws -> Void, _ body: (ExportFile) throws -> Void) throws {
        guard let writer = Self.writer(for: layout) else {
            return try MarkdownExport(reader: reader).forEachFile(onlyTopics: onlyTopics, keep: keep, body)
        }
        let plan = try LayoutPlan.read(reader)
        for summary in plan.topics {
            if let onlyTopics, !onlyTopics.contains(summary.slug), !writer.rendersEveryTopic {
                for path in writer.pagePaths(of: summary, plan: plan) { try keep(path) }
                continue
            }
            guard let topic = try reader.topic(slug: summary.slug) else { continue }
            try writer.pages(of: topic, plan: plan, emit: body)
        }
        try writer.siteFiles(plan: plan, emit: body)
    }

    static func writer(for layout: WikiLayout) -> (any LayoutWriter)? {
        switch layout {
        case .markdown: return nil
        case .wikijs: return WikiJSLayout()
        case .mkdocs: return MkDocsLayout()
        case .docusaurus: return DocusaurusLayout()
        case .bookstack: return BookStackLayout()
        }
    }
}
