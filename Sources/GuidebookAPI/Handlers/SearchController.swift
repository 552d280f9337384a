import GuidebookBase
import GuidebookCore

/// `GET /v1/search`: bilingual full-text search over topics, sections and guidelines.
struct SearchController: Controller {
    let store: Store

    static let maxOffset = 1_000
    static let maxMarkLength = 32

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/v1/search", search, options: [.cacheable, .role(.reader)])
    }

    private func search(_ request: APIRequest) throws -> APIResponse {
        guard let q = request.query("q") else { throw Problem.badParameter("q", "q is required: the words to search for") }
        let query: SearchQuery
        do {
            query = try SearchQuery.parse(q)
        } catch let failure as SearchQuery.Failure {
            throw Problem.badParameter("q", failure.description)
        }
        let limit = try request.intQuery("limit", default: 10, range: 1...50)
        let topic = request.query("topic")
        let category = request.query("category")
        let fuzzy = try request.boolQuery("fuzzy", default: false)
        let typos = try request.boolQuery("typos", default: true)
        let match = request.query("match") ?? "last"
        guard match == "last" || match == "all" else {
            throw Problem.badParameter("match", "match must be last (words are dropped from the end until something matches; the default) or all (every word required), not '\(match.prefix(40))'")
        }
        let list = "search:" + ContentHash.hex([q, topic ?? "", category ?? "", fuzzy ? "fuzzy" : "", match, typos ? "" : "exact"].joined(separator: "\u{1}"))
        let offset = Int(try Pagination.after(request, list: list, count: 1)?.first ?? 0)
        guard offset >= 0, offset <= Self.maxOffset else { throw Problem.badParameter("cursor", "results beyond \(Self.maxOffset) are not served; refine the query") }
        let markStart = try mark(request, "mark_start", default: "<mark>")
        let markEnd = try mark(request, "mark_end", default: "</mark>")

        // One read transaction: the locales, the topic and category checks, the search and the
        // hits' texts see one snapshot, so a commit between them cannot make them disagree.
        // fuzzy=true: a query that found nothing is searched again as suggested, and says so; then,
        // unless match=all, one that still finds nothing loses words from its end until it finds something.
        let (localizer, page) = try store.read { reader in
            let localizer = try KnowledgeController.localizer(request, reader: reader)
            if let topic, try reader.topicTitle(slug: topic).isEmpty {
                throw Problem.badParameter("topic", "no topic '\(topic.prefix(100))'; see /v1/topics")
            }
            if let category, try !reader.categoryExists(category) {
                throw Problem.badParameter("category", "no category '\(category.prefix(100))'; see /v1/categories")
            }
            do {
                var searchRequest = SearchRequest(query: query, topic: topic, category: category, offset: offset, limit: limit)
                searchRequest.completes = true  // search as you type: the last word may be half-typed
                searchRequest.correctsTypos = typos
                return (localizer, try reader.search(searchRequest, correcting: fuzzy, relaxing: match == "last"))
            } catch SearchEngine.Failure.queryRefused {
                // The query builder only emits valid expressions; should SQLite still refuse one, it is
                // the query that cannot be run, not a server fault.
                throw Problem.badParameter("q", "q cannot be searched as written; remove special characters and try again")
            }
        }
        let results = page.results
        let highlighter = Highlighter(terms: page.searched.highlights, markStart: markStart, markEnd: markEnd)

        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.field("query", q)
        json.field("suggestion", page.suggestion)
        json.field("corrected", page.corrected)
        // Search as you type: what the half-typed last word was completed to.
        if let completion = results.completion {
            json.object("completion") { Self.writeExpansion(&$0, term: completion.term, forms: completion.forms, found: completion.found) }
        } else {
            json.field("completion", nil as String?)
        }
        json.objects("initials", results.initials) { json, initials in
            Self.writeExpansion(&json, term: initials.term, forms: initials.forms, found: initials.found)
        }
        if results.layoutCorrected.isEmpty {
            json.field("layout_corrected", nil as String?)
        } else {
            json.object("layout_corrected") { json in
                json.field("from", results.layoutCorrected.map(\.from).joined(separator: " "))
                json.field("to", results.layoutCorrected.map(\.to).joined(separator: " "))
            }
        }
        json.objects("corrected_terms", results.correctedTerms) { json, term in
            json.field("from", term.from)
            json.field("to", term.to)
        }
        for (name, terms) in [("matched_terms", page.searched.terms), ("dropped_terms", page.dropped)] {
            json.key(name)
            json.beginArray()
            for term in terms { json.string(term.text) }
            json.endArray()
        }
        json.field("total", results.total)
        json.field("total_exact", results.totalIsExact)
        json.key("items")
        json.beginArray()
        for item in page.items {
            writeHit(item.hit, texts: item.texts, localizer: localizer, highlighter: highlighter, into: &json)
        }
        json.endArray()
        json.object("facets") { json in
            json.field("exact", results.facetsAreExact)
            json.field("topics_matched", results.topicsMatched)
            for (name, facets) in [("topics", results.topicFacets), ("categories", results.categoryFacets)] {
                json.objects(name, facets) { json, facet in
                    json.field(Keys.slug, facet.slug)
                    json.field(Keys.count, facet.count)
                }
            }
        }
        let next = results.hasMore && offset + limit <= Self.maxOffset ? Cursor.encode([Int64(offset + limit)], list: list) : nil
        json.field("next", next)
        json.endObject()
        return .json(json, headers: [("Content-Language", localizer.requested[0]), ("Vary", "Accept-Language"),
                                     ("X-Total-Count", String(results.total))]).recording(.search(total: results.total, relaxed: !page.dropped.isEmpty))
    }

    private func writeHit(_ hit: SearchHit, texts hitTexts: SearchHitTexts, localizer: Localizer, highlighter: Highlighter, into json: inout JSONWriter) {
        let display = localizer.requested[0]
        let sectionTitle = hitTexts.sectionTitle
        let topicTitle = hitTexts.topicTitle
        let link: String
        switch hit.kind {
        case .guideline: link = "/v1/guidelines/\(hit.ref)"
        case .topic, .section: link = "/v1/topics/\(hit.topic)"
        }
        // The locales whose text holds a query term; the snippet is in the display locale when it
        // matched there, otherwise in a locale that did. Each text is searched for the terms once,
        // the locales in the order they are listed (the display locale first, then by code); the
        // texts are taken out of their dictionary once rather than looked up by locale each time.
        let texts = hitTexts.text.sorted { ($0.key == display) != ($1.key == display) ? $0.key == display : $0.key < $1.key }
        let marked = texts.map { highlighter.mark($0.value) }
        let matched = texts.indices.filter { marked[$0].matches || (sectionTitle[texts[$0].key].map(highlighter.matches) ?? false) }
        let hasDisplay = texts.first?.key == display
        var snippetLocale = hasDisplay ? display : SourceLocale.code
        var snippetIndex = hasDisplay ? 0 : texts.firstIndex { $0.key == SourceLocale.code }
        if let index = snippetIndex, !marked[index].matches, let first = matched.first(where: { marked[$0].matches }) {
            snippetLocale = texts[first].key
            snippetIndex = first
        }

        json.beginObject()
        json.field(Keys.kind, hit.kind.name)
        json.field(Keys.id, hit.ref)
        json.field(Keys.topic, hit.topic)
        json.field(Keys.category, hit.category)
        json.field(Keys.title, topicTitle[display] ?? topicTitle[SourceLocale.code] ?? hit.topic)
        if !sectionTitle.isEmpty { json.field(Keys.sectionTitle, sectionTitle[display] ?? sectionTitle[SourceLocale.code] ?? "") }
        if let snippetIndex {
            highlighter.snippetUTF8(marked[snippetIndex]).withUnsafeBufferPointer { json.field(Keys.snippet, utf8: $0) }
        } else {
            json.field(Keys.snippet, "")
        }
        json.field(Keys.snippetLocale, snippetLocale)
        json.key(Keys.matchedLocales)
        json.beginArray()
        for index in matched { json.string(texts[index].key) }
        json.endArray()
        json.key(Keys.score)
        json.double((hit.score * 10_000).rounded() / 10_000)
        json.key(Keys.links)
        json.beginObject()
        json.field(Keys.selfLink, link)
        json.endObject()
        json.endObject()
    }

    /// The keys written for every hit and every facet, encoded once.
    private enum Keys {
        static let kind = JSONWriter.Key("kind")
        static let id = JSONWriter.Key("id")
        static let topic = JSONWriter.Key("topic")
        static let category = JSONWriter.Key("category")
        static let title = JSONWriter.Key("title")
        static let sectionTitle = JSONWriter.Key("section_title")
        static let snippet = JSONWriter.Key("snippet")
        static let snippetLocale = JSONWriter.Key("snippet_locale")
        static let matchedLocales = JSONWriter.Key("matched_locales")
        static let score = JSONWriter.Key("score")
        static let links = JSONWriter.Key("links")
        static let selfLink = JSONWriter.Key("self")
        static let slug = JSONWriter.Key("slug")
        static let count = JSONWriter.Key("count")
    }

    private func mark(_ request: APIRequest, _ name: String, default value: String) throws -> String {
        guard let text = request.query(name) else { return value }
        guard text.count <= Self.maxMarkLength else { throw Problem.badParameter(name, "\(name) may be at most \(Self.maxMarkLength) characters") }
        return text
    }

    /// The members of a word the search expanded (`completion`, each of `initials`): the word as
    /// typed, the forms searched for it and how many, and how many it could have become.
    private static func writeExpansion(_ json: inout JSONWriter, term: String, forms: [String], found: Int) {
        json.field("term", term)
        json.key("forms")
        json.beginArray()
        for form in forms { json.string(form) }
        json.endArray()
        json.field("used", forms.count)
        json.field("found", found)
    }
}
