/// A paragraph of prose assembled from one or more source lines.
///
/// Hard-wrapped lines are joined with a single space; the paragraph remembers where each source
/// line starts so that every sentence can still be reported with its own line number.
struct NoteParagraph: Sendable {
    /// Where one source line starts inside `text`, as a UTF-8 offset.
    private struct LineStart: Sendable {
        let utf8Offset: Int
        let line: Int
    }

    /// The joined text.
    private(set) var text: String
    /// Whether the source ended the paragraph with the ".." truncation marker (see `markTruncation`).
    private(set) var isTruncated = false
    private var starts: [LineStart]

    /// Starts a paragraph with one source line.
    init(_ line: SourceLine) {
        text = line.text
        starts = [LineStart(utf8Offset: 0, line: line.number)]
    }

    /// Starts a paragraph from part of a line's text (a tip block's content after its tag).
    init(text: String, line: Int) {
        self.text = text
        starts = [LineStart(utf8Offset: 0, line: line)]
    }

    /// The line the paragraph starts on.
    var firstLine: Int { starts.first?.line ?? 1 }

    /// Appends a soft-wrapped continuation line.
    mutating func append(_ line: SourceLine) {
        text += " "
        starts.append(LineStart(utf8Offset: text.utf8.count, line: line.number))
        text += line.text
    }

    /// Replaces a trailing ".." truncation marker (copied previews end that way) with "…".
    ///
    /// The marker stays visible in the imported text, in its typographic form, because a cut-off
    /// sentence presented as complete would misinform readers; a real "..." ellipsis is left alone.
    mutating func markTruncation() {
        guard text.hasSuffix(".."), !text.hasSuffix("...") else { return }
        text.removeLast(2)
        while text.last == " " { text.removeLast() }
        text += "…"
        isTruncated = true
    }

    /// The source line that `index` (an index into `text`) falls on.
    func line(at index: String.Index) -> Int {
        let offset = text.utf8.distance(from: text.startIndex, to: index)
        // Binary search: a long hard-wrapped paragraph can span thousands of lines.
        var low = 0
        var high = starts.count - 1
        var result = firstLine
        while low <= high {
            let middle = (low + high) / 2
            if starts[middle].utf8Offset <= offset {
                result = starts[middle].line
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return result
    }
}
