import GuidebookCore

/// Parses bilingual plain-text study notes (English paragraphs, each followed by its Korean
/// translation) into a Guidebook bundle.
///
/// What it understands:
/// - a title line, with or without a series prefix ("[iOS / HIG] Progress Indicators",
///   "애플 휴먼 인터페이스 가이드라인(49) Views -9 Split Views"), optionally repeated as a heading and
///   followed by its Korean title ("Split Views" / "스플릿 뷰"). A blog-style first line without an
///   English title ("머티리얼은 이렇게 뒤를 뿌옇게 만드는 효과") is reported, and the title is then
///   derived from the words the English text uses most ("Materials"). Notes pasted one after
///   another start a new topic at each series title line;
/// - section headings ("Progress Bars", "Network Activity Indicators*", "## Progress Bars"), each
///   with an optional Korean heading on the next line, the line before, or the same line;
/// - paragraphs separated by blank lines, by lines of non-breaking spaces, or by nothing at all
///   (one paragraph per line), hard-wrapped paragraphs, and paragraphs that hold the English and
///   the Korean together (split where the script changes at a sentence boundary);
/// - several English paragraphs followed by several Korean ones (aligned by length and shared
///   names, see `BilingualAligner`), untranslated English, Korean captions of videos and
///   screenshots, `<aside>` tip blocks (the "TIP"/"💡" label is dropped), source footers
///   ("※ 참고 출처" and everything after it), and notes that put the Korean before the English;
/// - index pages, where every paragraph is a topic whose title runs into its text
///   ("Launch Screen A launch screen appears …").
///
/// Output: one topic per topic found, slug = kebab-case English title (or the existing slug of a
/// known title). The topic's first English/Korean pair is its summary and the remaining pairs are
/// its guidelines (a topic with a single pair uses it for both). Sections: the untitled opening
/// section `overview` (left out when empty and headings follow), then one per heading (key =
/// kebab-case English heading). Guideline ids are `<topic-slug>.<first five significant English
/// words of the first sentence>`, made unique within the bundle with `-2`, `-3`. The bundle
/// always declares the parser's category, even when no topic was found.
///
/// Text is kept as written, except that whitespace is trimmed and collapsed, non-breaking spaces
/// become spaces and Unicode is NFC-normalised. The ".." that marks a truncated preview is kept
/// as "…", so that readers can see that the text is cut off. A trailing footnote `*` on a heading
/// is dropped from both its key and its title.
///
/// Nothing is dropped silently: every line that yields no text in the bundle, every English
/// paragraph without a translation (still imported, in English only) and every derived title is
/// reported as an `ImportWarning` with its 1-based line number.
public struct NotesParser: Sendable {
    /// Settings of a parse.
    public var options: Options

    /// Creates a parser with `options`.
    public init(options: NotesParser.Options = .init()) {
        self.options = options
    }

    /// Parses the notes in `text`; `fileName` names the file in warnings (pass "" for none).
    public func parse(_ text: String, fileName: String) -> NotesParseResult {
        var log = WarningLog(file: fileName.isEmpty ? nil : fileName)
        let lines = SourceLine.split(text)
        let known = KnownTopics(options.knownTopicTitles)
        let category = BundleCategory(slug: options.categorySlug, title: options.categoryTitle)

        guard lines.contains(where: { !$0.isBlank }) else {
            log.add(line: 1, "the file has no text; nothing imported")
            return NotesParseResult(bundle: KnowledgeBundle(categories: [category]), warnings: log.sortedWarnings, paragraphsParsed: 0)
        }

        let layout: NoteScanner.Layout = IndexPageDetector.isIndexPage(lines, known: known) ? .index : .document
        var scanner = NoteScanner(lines: lines, layout: layout, known: known)
        let scan = scanner.scan(log: &log)
        let paired = ParagraphPairer().pair(scan.elements, log: &log)
        let topics = TopicAssembler(categorySlug: options.categorySlug, known: known).assemble(paired, log: &log)
        if topics.isEmpty {
            log.add(line: lines.first(where: { !$0.isBlank })?.number ?? 1, "no English text found; no topic created")
        }
        return NotesParseResult(bundle: KnowledgeBundle(categories: [category], topics: topics),
                                warnings: log.sortedWarnings, paragraphsParsed: scan.paragraphCount)
    }
}
