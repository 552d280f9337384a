import GuidebookText

/// Reads the normalised lines of a notes file and turns them into note elements: the topic title,
/// section headings and passages of text, skipping markup and reporting what it cannot use.
///
/// Two layouts are understood. A *document* is one topic: a title line, then paragraphs (each
/// English one usually followed by its Korean translation), headings and tip blocks; notes pasted
/// one after another into one file are several documents, each starting at its series title line
/// ("[iOS / HIG] Buttons"). An *index* page has one topic per paragraph, each paragraph opening
/// with the topic's title run into its text ("Launch Screen A launch screen appears …").
struct NoteScanner {
    /// How a notes file is organised.
    enum Layout: Sendable, Equatable {
        case document
        case index
    }

    /// What the scan found.
    struct Output: Sendable {
        var elements: [NoteElement]
        /// Paragraphs read: prose after joining wrapped lines, headings, captions, footers and
        /// stray lines; blank lines and markup-only lines such as `<aside>` are not counted.
        var paragraphCount: Int
    }

    private let lines: [SourceLine]
    private let layout: Layout
    private let known: KnownTopics

    private var elements: [NoteElement] = []
    private var paragraphCount = 0
    private var position = 0
    /// The current document's topic, inserted at `headerPosition` once complete; index pages emit
    /// their topics as they find them.
    private var header = TopicHeader(english: nil, korean: nil, line: 1)
    private var headerPosition = 0
    /// Whether any text has been read for the document's topic yet: headings before it may
    /// repeat the title rather than open a section.
    private var hasContent = false
    /// Whether the next line may be the Korean translation of the title just read.
    private var awaitingKoreanTitle = false
    /// Whether an index page has started its first topic.
    private var hasIndexTopic = false
    /// The line of the `<aside>` tag of the tip block being read.
    private var openTipLine: Int?
    /// Whether a source footer has started; everything after it is citation.
    private var inFooter = false

    init(lines: [SourceLine], layout: Layout, known: KnownTopics) {
        self.lines = lines
        self.layout = layout
        self.known = known
    }

    /// Scans all lines, reporting unusable ones to `log`.
    mutating func scan(log: inout WarningLog) -> Output {
        if let first = nextNonBlank(from: 0) {
            header.line = lines[first].number
            readFirstLine(at: first, log: &log)
        }
        while let index = nextNonBlank(from: position) {
            position = index + 1
            readLine(at: index, log: &log)
        }
        if let tipLine = openTipLine {
            log.add(line: tipLine, "tip block is never closed with </aside>; its text was read to the end of the file")
        }
        if layout == .document {
            elements.insert(.topic(header), at: headerPosition)
        }
        return Output(elements: elements, paragraphCount: paragraphCount)
    }

    // MARK: Lines

    /// The first line is a title line, a page header, or already content.
    private mutating func readFirstLine(at index: Int, log: inout WarningLog) {
        let line = lines[index]
        position = index
        guard !isMarkupOrNoise(line.text) else { return }
        switch layout {
        case .index:
            guard TitleExtractor.indexEntry(line.text, known: known) == nil,
                  TitleExtractor.titleLine(line.text, known: known) != nil else { return }
            position = index + 1
            paragraphCount += 1
            log.add(line: line.number, "page header \"\(WarningLog.excerpt(line.text))\" is not a topic; not imported")
        case .document:
            guard let title = TitleExtractor.titleLine(line.text, known: known) else { return }
            position = index + 1
            paragraphCount += 1
            if let english = title.english {
                header = TopicHeader(english: english, korean: title.korean, line: line.number)
                awaitingKoreanTitle = title.korean == nil
            } else {
                log.add(line: line.number, "first line \"\(WarningLog.excerpt(line.text))\" has no English title; not used as the topic title")
            }
        }
    }

    private mutating func readLine(at index: Int, log: inout WarningLog) {
        let line = lines[index]
        let text = line.text
        if inFooter {
            paragraphCount += 1
            log.add(line: line.number, "source citation \"\(WarningLog.excerpt(text))\" after the footer; not imported")
            return
        }
        if NoteMarkup.isFooterStart(text) {
            inFooter = true
            awaitingKoreanTitle = false
            paragraphCount += 1
            log.add(line: line.number, "source footer \"\(WarningLog.excerpt(text))\"; it and the lines after it are not imported")
            return
        }
        if let rest = NoteMarkup.asideOpening(text) {
            openTip(with: rest, line: line.number, log: &log)
            return
        }
        if let before = NoteMarkup.asideClosing(text) {
            if !before.isEmpty {
                readParagraph(NoteParagraph(text: before, line: line.number), log: &log)
            }
            if openTipLine != nil {
                openTipLine = nil
                elements.append(.boundary)
            } else {
                log.add(line: line.number, "</aside> without a matching <aside>; tag ignored")
            }
            return
        }
        if NoteMarkup.isLinkOnly(text) {
            paragraphCount += 1
            log.add(line: line.number, "link \"\(WarningLog.excerpt(text))\" has no text to import")
            return
        }
        if NoteMarkup.hasNoLetters(text) {
            paragraphCount += 1
            log.add(line: line.number, "line \"\(WarningLog.excerpt(text))\" has no text; not imported")
            return
        }
        if layout == .document, openTipLine == nil, Self.isSeriesTitleLine(text),
           let title = TitleExtractor.titleLine(text, known: known)?.english {
            startDocument(TopicHeader(english: title, korean: nil, line: line.number))
            return
        }
        if layout == .document, openTipLine == nil, readHeading(at: index, log: &log) {
            return
        }
        if layout == .document, awaitingKoreanTitle, header.korean == nil, let korean = HeadingDetector.koreanHeading(text) {
            header.korean = korean
            awaitingKoreanTitle = false
            paragraphCount += 1
            return
        }
        if layout == .document, openTipLine == nil, readKoreanHeadingBeforeEnglish(at: index) {
            return
        }
        awaitingKoreanTitle = false

        var paragraph = NoteParagraph(SourceLine(number: line.number, text: NoteMarkup.strippingListMarker(text)))
        var previous = line
        while position < lines.count, canJoin(previous, lines[position]) {
            paragraph.append(lines[position])
            previous = lines[position]
            position += 1
        }
        readParagraph(paragraph, log: &log)
    }

    /// `<aside>` opens a tip block; its content may follow the tag on the same line, and the block
    /// may even close there.
    private mutating func openTip(with rest: String, line: Int, log: inout WarningLog) {
        awaitingKoreanTitle = false
        if let previous = openTipLine {
            log.add(line: previous, "tip block is not closed before the next <aside>")
        }
        elements.append(.boundary)
        openTipLine = line
        let closing = NoteMarkup.asideClosing(rest)
        let content = closing ?? rest
        if !content.isEmpty {
            readParagraph(NoteParagraph(text: content, line: line), log: &log)
        }
        if closing != nil {
            openTipLine = nil
            elements.append(.boundary)
        }
    }

    /// Ends the current document's topic and starts the next one (notes pasted one after another).
    private mutating func startDocument(_ next: TopicHeader) {
        elements.insert(.topic(header), at: headerPosition)
        headerPosition = elements.count
        header = next
        hasContent = false
        awaitingKoreanTitle = true
        paragraphCount += 1
    }

    /// Whether a line is a series title line that starts a new note: a bracketed series tag
    /// ("[iOS / HIG] Buttons") or a numbered Korean series name ("…가이드라인(50) Views -10 Tab Bars").
    /// Plain headings open sections instead.
    static func isSeriesTitleLine(_ text: String) -> Bool {
        guard HeadingDetector.englishHeading(text) == nil, HeadingDetector.bilingualHeading(text) == nil,
              HeadingDetector.markdownHeading(text) == nil else { return false }
        if text.hasPrefix("[") || text.hasPrefix("【") { return true }
        guard let firstWord = text.split(separator: " ").first else { return false }
        return Hangul.occurs(in: firstWord) && text.contains(where: \.isNumber)
    }

    // MARK: Headings

    /// Reads a heading (with the Korean heading on the next line, if any); false when the line at
    /// `index` is not a heading.
    private mutating func readHeading(at index: Int, log: inout WarningLog) -> Bool {
        let line = lines[index]
        var english: String?
        var korean: String?
        if let markdown = HeadingDetector.markdownHeading(line.text) {
            if let pair = HeadingDetector.bilingualHeading(markdown.text) {
                (english, korean) = (pair.english, pair.korean)
            } else if Script.of(markdown.text) == .english {
                english = HeadingDetector.strippingFootnoteMarks(markdown.text)
            } else {
                paragraphCount += 1
                log.add(line: line.number, "heading \"\(WarningLog.excerpt(markdown.text))\" has no English; its text stays in the previous section")
                return true
            }
        } else if let pair = HeadingDetector.bilingualHeading(line.text) {
            (english, korean) = (pair.english, pair.korean)
        } else if let heading = HeadingDetector.englishHeading(line.text) {
            english = heading
        }
        guard let english else { return false }
        paragraphCount += 1
        if korean == nil, let next = nextNonBlank(from: index + 1), let translation = HeadingDetector.koreanHeading(lines[next].text) {
            korean = translation
            position = next + 1
            paragraphCount += 1
        }
        place(SectionHeading(english: english, korean: korean, line: line.number))
        return true
    }

    /// Reads a Korean heading written above its English heading ("진행률 표시줄" / "Progress Bars");
    /// false when the line at `index` is not one.
    private mutating func readKoreanHeadingBeforeEnglish(at index: Int) -> Bool {
        guard let korean = HeadingDetector.koreanHeading(lines[index].text),
              let next = nextNonBlank(from: index + 1),
              HeadingDetector.markdownHeading(lines[next].text) == nil,
              HeadingDetector.bilingualHeading(lines[next].text) == nil,
              let english = HeadingDetector.englishHeading(lines[next].text) else { return false }
        // If a Korean heading also follows the English one, this line is something else.
        if let after = nextNonBlank(from: next + 1), HeadingDetector.koreanHeading(lines[after].text) != nil { return false }
        paragraphCount += 2
        position = next + 1
        place(SectionHeading(english: english, korean: korean, line: lines[next].number))
        return true
    }

    /// A heading before any text names the topic, or repeats the title line; later headings open sections.
    private mutating func place(_ heading: SectionHeading) {
        if !hasContent {
            guard let title = header.english else {
                header = TopicHeader(english: heading.english, korean: heading.korean, line: heading.line)
                awaitingKoreanTitle = heading.korean == nil
                return
            }
            if Self.isSameTitle(title, heading.english) {
                // The standalone heading is the cleaner spelling when the title line abbreviated it.
                if heading.english.count > title.count { header.english = heading.english }
                if header.korean == nil { header.korean = heading.korean }
                awaitingKoreanTitle = header.korean == nil
                return
            }
        }
        awaitingKoreanTitle = false
        elements.append(.heading(heading))
    }

    // MARK: Paragraphs

    private mutating func readParagraph(_ source: NoteParagraph, log: inout WarningLog) {
        paragraphCount += 1
        var paragraph = source
        paragraph.markTruncation()
        var start: String.Index?
        if layout == .index {
            if let entry = TitleExtractor.indexEntry(paragraph.text, known: known) {
                elements.append(.topic(TopicHeader(english: entry.title, korean: nil, line: paragraph.firstLine)))
                hasIndexTopic = true
                start = entry.bodyStart
            } else if !hasIndexTopic {
                log.add(line: paragraph.firstLine, "paragraph \"\(WarningLog.excerpt(paragraph.text))\" comes before the first topic; not imported")
                return
            }
        }
        let units = TextUnitBuilder.units(from: paragraph, startingAt: start, isTip: openTipLine != nil)
        if units.isEmpty {
            log.add(line: paragraph.firstLine, "paragraph \"\(WarningLog.excerpt(paragraph.text))\" has no English or Korean text; not imported")
        }
        for unit in units { elements.append(.unit(unit)) }
        if !units.isEmpty { hasContent = true }
    }

    /// Whether `next` continues the paragraph that `previous` ends: a hard-wrapped line in the same
    /// language, after a line long enough to be prose that does not end a sentence.
    private func canJoin(_ previous: SourceLine, _ next: SourceLine) -> Bool {
        guard !next.isBlank, !Self.endsSentence(previous.text) else { return false }
        guard previous.text.split(separator: " ").count >= 5 else { return false }
        let text = next.text
        guard !isMarkupOrNoise(text), HeadingDetector.markdownHeading(text) == nil,
              HeadingDetector.englishHeading(text) == nil, HeadingDetector.koreanHeading(text) == nil,
              NoteMarkup.strippingListMarker(text) == text else { return false }
        if layout == .index, TitleExtractor.indexEntry(text, known: known) != nil { return false }
        return Script.of(previous.text) == Script.of(text)
    }

    private func isMarkupOrNoise(_ text: String) -> Bool {
        NoteMarkup.asideOpening(text) != nil || NoteMarkup.asideClosing(text) != nil || NoteMarkup.isFooterStart(text)
            || NoteMarkup.isLinkOnly(text) || NoteMarkup.hasNoLetters(text)
    }

    private func nextNonBlank(from index: Int) -> Int? {
        var candidate = index
        while candidate < lines.count {
            if !lines[candidate].isBlank { return candidate }
            candidate += 1
        }
        return nil
    }

    /// Whether a line ends a sentence: final punctuation, or a Korean sentence ending without a
    /// full stop ("…합니다", "…하세요"), which informal notes often leave off.
    static func endsSentence(_ text: String) -> Bool {
        var trimmed = Substring(text)
        while let last = trimmed.last, ")]\"'’”»".contains(last) { trimmed = trimmed.dropLast() }
        guard let last = trimmed.last else { return true }
        return ".!?:;…。！？".contains(last) || "다요죠음함임".contains(last)
    }

    /// Whether two titles name the same topic: equal, or one extends the other by whole words
    /// ("Progress" / "Progress Indicators").
    static func isSameTitle(_ lhs: String, _ rhs: String) -> Bool {
        let left = Slug.kebab(lhs)
        let right = Slug.kebab(rhs)
        guard !left.isEmpty, !right.isEmpty else { return false }
        if left == right { return true }
        return left.hasPrefix(right + "-") || left.hasSuffix("-" + right) || right.hasPrefix(left + "-") || right.hasSuffix("-" + left)
    }
}
