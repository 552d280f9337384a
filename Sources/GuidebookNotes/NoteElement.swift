/// What the scanner finds in a notes file, in reading order; the pairer and the topic assembler
/// consume these.
enum NoteElement: Sendable {
    /// The start of a topic (a note's title, or an index paragraph's run-in title).
    case topic(TopicHeader)
    /// A section heading inside the current topic.
    case heading(SectionHeading)
    /// A passage of English or Korean text.
    case unit(TextUnit)
    /// A boundary that pairing must not cross, such as the edges of a tip block.
    case boundary
}

/// The title of a topic as found in the notes. `english` is nil when the note names no English
/// title; the assembler then derives one from the text.
struct TopicHeader: Sendable, Equatable {
    var english: String?
    var korean: String?
    /// The line the title is on, or the first line of the note when it has no title.
    var line: Int
}

/// A section heading with its optional Korean translation.
struct SectionHeading: Sendable, Equatable {
    var english: String
    var korean: String?
    var line: Int
}
