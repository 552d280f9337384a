/// Decides whether a notes file is an index page (one topic per paragraph, each opening with a
/// run-in title) or a document about one topic.
///
/// A file is an index when at least two of its paragraphs, and at least half of them, open with a
/// run-in title ("Dark Mode In iOS 13.0 …"). Ordinary notes rarely open a paragraph with two
/// capitalised words followed by a capitalised sentence start, and their headings stand on lines
/// of their own, so they stay well below half.
enum IndexPageDetector {
    static func isIndexPage(_ lines: [SourceLine], known: KnownTopics) -> Bool {
        var entries = 0
        var paragraphs = 0
        var isFirst = true
        var inTip = false
        for line in lines where !line.isBlank {
            let text = line.text
            if NoteMarkup.isFooterStart(text) { break }
            if NoteMarkup.asideOpening(text) != nil {
                inTip = NoteMarkup.asideClosing(text) == nil
                continue
            }
            if NoteMarkup.asideClosing(text) != nil {
                inTip = false
                continue
            }
            if inTip || NoteMarkup.isLinkOnly(text) || NoteMarkup.hasNoLetters(text) { continue }
            let isEntry = TitleExtractor.indexEntry(text, known: known) != nil
            if isFirst {
                isFirst = false
                // A page header ("ELLO의 개발일지") is not a paragraph of the index.
                if !isEntry && TitleExtractor.titleLine(text, known: known) != nil { continue }
            }
            paragraphs += 1
            if isEntry { entries += 1 }
        }
        return entries >= 2 && entries * 2 >= paragraphs
    }
}
