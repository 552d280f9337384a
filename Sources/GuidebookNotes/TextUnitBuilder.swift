import GuidebookText

/// Turns a paragraph into text units: one per run of sentences in one script, with each Korean
/// media caption split off on its own so it can be reported rather than glued to a translation.
enum TextUnitBuilder {
    /// The units of `paragraph`, starting at `start` (the text after an index entry's title) or at
    /// the beginning. `isTip` strips a leading "TIP"/"💡" label, which marks the block, not the text.
    static func units(from paragraph: NoteParagraph, startingAt start: String.Index? = nil, isTip: Bool = false) -> [TextUnit] {
        let text = paragraph.text
        var lower = start ?? text.startIndex
        if isTip {
            lower = NoteMarkup.strippingTipLabel(text[lower...]).startIndex
        }
        var units: [TextUnit] = []
        for run in SentenceSplitter.scriptRuns(in: text, range: lower..<text.endIndex) {
            switch run.script {
            case .english:
                let passage = String(text[run.range])
                units.append(TextUnit(script: .english, text: passage, line: paragraph.line(at: run.range.lowerBound),
                                      isReference: NoteMarkup.isReference(passage)))
            case .korean:
                units.append(contentsOf: koreanUnits(of: run, in: paragraph))
            case .none:
                continue
            }
        }
        if paragraph.isTruncated, !units.isEmpty {
            units[units.count - 1].isTruncated = true
        }
        return units
    }

    /// Korean units of one run: ordinary sentences stay together; a caption starts a unit of its
    /// own, which also takes the Korean sentences after it (they go on describing the picture:
    /// "…스크린샷입니다. 사진에는 남자와 여자가 나와 있으며 …").
    private static func koreanUnits(of run: SentenceSplitter.Run, in paragraph: NoteParagraph) -> [TextUnit] {
        let text = paragraph.text
        var units: [TextUnit] = []
        var pending: Range<String.Index>?
        var pendingIsCaption = false
        func flush() {
            if let range = pending {
                units.append(TextUnit(script: .korean, text: String(text[range]), line: paragraph.line(at: range.lowerBound),
                                      isCaption: pendingIsCaption))
            }
            pending = nil
            pendingIsCaption = false
        }
        for sentence in run.sentences {
            if !pendingIsCaption && NoteMarkup.isMediaCaption(text[sentence]) {
                flush()
                pending = sentence
                pendingIsCaption = true
            } else if let range = pending {
                pending = range.lowerBound..<sentence.upperBound
            } else {
                pending = sentence
            }
        }
        flush()
        return units
    }
}
