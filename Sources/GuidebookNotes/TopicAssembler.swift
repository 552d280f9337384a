import GuidebookCore

/// Builds bundle topics from paired passages: resolves titles and slugs, sets each topic's
/// summary, creates sections and gives every guideline a unique id.
///
/// Rules (see `NotesParser` for the whole format):
/// - the summary is the topic's first pair; the remaining pairs are its guidelines. A topic with
///   one pair uses it for both, and so does a titled section that would otherwise be left empty;
/// - the untitled opening section is `overview` with an empty title, and is left out when empty
///   and other sections exist; a heading without any text creates no section (and a warning);
/// - topics with the same slug (an index page naming a topic twice, the same note pasted twice)
///   are merged, section by section.
struct TopicAssembler {
    private struct DraftSection {
        var heading: SectionHeading?
        var pairs: [ParagraphPairer.GuidelinePair] = []
    }

    private struct Draft {
        var header: TopicHeader
        var sections: [DraftSection] = [DraftSection()]
        var pairCount: Int { sections.reduce(0) { $0 + $1.pairs.count } }

        /// Adds another draft of the same topic: its pairs join the sections with the same
        /// heading (the opening section joins the opening section), other sections follow.
        mutating func absorb(_ other: Draft) {
            if header.korean == nil { header.korean = other.header.korean }
            for section in other.sections {
                let key = section.heading.map { Slug.kebab($0.english) }
                if let index = sections.firstIndex(where: { $0.heading.map { Slug.kebab($0.english) } == key }) {
                    sections[index].pairs += section.pairs
                    if sections[index].heading?.korean == nil { sections[index].heading?.korean = section.heading?.korean }
                } else {
                    sections.append(section)
                }
            }
        }
    }

    private let categorySlug: String
    private let known: KnownTopics

    init(categorySlug: String, known: KnownTopics) {
        self.categorySlug = categorySlug
        self.known = known
    }

    /// The topics of `output`, in order of first appearance.
    func assemble(_ output: [ParagraphPairer.Output], log: inout WarningLog) -> [BundleTopic] {
        var drafts: [Draft] = []
        for item in output {
            switch item {
            case .topic(let header):
                drafts.append(Draft(header: header))
            case .heading(let heading):
                if drafts.isEmpty { drafts.append(Draft(header: TopicHeader(english: nil, korean: nil, line: heading.line))) }
                drafts[drafts.count - 1].sections.append(DraftSection(heading: heading))
            case .pair(let pair):
                if drafts.isEmpty { drafts.append(Draft(header: TopicHeader(english: nil, korean: nil, line: pair.line))) }
                let last = drafts.count - 1
                drafts[last].sections[drafts[last].sections.count - 1].pairs.append(pair)
            }
        }

        // Resolve titles, then merge drafts that name the same topic.
        var merged: [(slug: String, title: String, draft: Draft)] = []
        var positionOfSlug: [String: Int] = [:]
        for draft in drafts {
            guard let (title, slug) = resolveTitle(of: draft, log: &log) else { continue }
            if let position = positionOfSlug[slug] {
                merged[position].draft.absorb(draft)
            } else {
                positionOfSlug[slug] = merged.count
                merged.append((slug, title, draft))
            }
        }

        var guidelineIDs = UniqueNames()
        return merged.map { makeTopic(slug: $0.slug, title: $0.title, draft: $0.draft, ids: &guidelineIDs, log: &log) }
    }

    /// The English title and slug of a draft; nil (with a warning) when it has no English text to
    /// name or fill a topic.
    private func resolveTitle(of draft: Draft, log: inout WarningLog) -> (String, String)? {
        let englishTexts = draft.sections.flatMap { $0.pairs.map(\.english) }
        guard !englishTexts.isEmpty else {
            if let title = draft.header.english {
                log.add(line: draft.header.line, "topic \"\(WarningLog.excerpt(title))\" has no English text; no topic created")
            }
            return nil
        }
        var title = draft.header.english
        if title == nil {
            title = known.mostMentioned(in: englishTexts) ?? TitleExtractor.derivedTitle(fromEnglish: englishTexts)
            if let derived = title {
                log.add(line: draft.header.line, "no English title found; topic title \"\(derived)\" derived from the text")
            }
        }
        guard let found = title else {
            log.add(line: draft.header.line, "no English title could be found or derived; no topic created")
            return nil
        }
        let canonical = known.title(matching: found) ?? found
        var slug = known.slug(forTitle: canonical) ?? Slug.kebab(canonical)
        if slug.isEmpty { slug = "topic" }
        return (canonical, slug)
    }

    private func makeTopic(slug: String, title: String, draft: Draft, ids: inout UniqueNames, log: inout WarningLog) -> BundleTopic {
        var sections = draft.sections
        var summary: LocalizedText = [:]
        if let first = sections.firstIndex(where: { !$0.pairs.isEmpty }) {
            let pair = sections[first].pairs[0]
            summary = Self.text(english: pair.english, korean: pair.korean)
            let wouldEmptyHeading = sections[first].heading != nil && sections[first].pairs.count == 1
            if draft.pairCount > 1 && !wouldEmptyHeading {
                sections[first].pairs.removeFirst()
            }
        }

        var keys = UniqueNames(reserved: ["overview"])
        var bundleSections: [BundleSection] = []
        for section in sections {
            let guidelines = section.pairs.map { pair in
                BundleGuideline(id: ids.claim("\(slug).\(Slug.guidelineKey(fromEnglish: pair.english))"),
                                text: Self.text(english: pair.english, korean: pair.korean))
            }
            guard let heading = section.heading else {
                if !guidelines.isEmpty || sections.count == 1 {
                    bundleSections.append(BundleSection(key: "overview", title: [:], guidelines: guidelines))
                }
                continue
            }
            if guidelines.isEmpty {
                log.add(line: heading.line, "heading \"\(WarningLog.excerpt(heading.english))\" has no text under it; no section created")
                continue
            }
            let base = Slug.kebab(heading.english)
            bundleSections.append(BundleSection(key: keys.claim(base.isEmpty ? "section" : base),
                                                title: Self.text(english: heading.english, korean: heading.korean),
                                                guidelines: guidelines))
        }

        return BundleTopic(slug: slug, category: categorySlug,
                           title: Self.text(english: title, korean: draft.header.korean),
                           summary: summary, sections: bundleSections)
    }

    private static func text(english: String, korean: String?) -> LocalizedText {
        var text: LocalizedText = ["en": english]
        if let korean, !korean.isEmpty { text["ko"] = korean }
        return text
    }
}
