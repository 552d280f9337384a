import Foundation
import GuidebookBase
import GuidebookCore
import GuidebookText

/// The glossary: terms with an approved equivalent per locale and forbidden variants (editors
/// write, readers read), looking a term up in either language, and the translation checks that
/// find translations not following it. A term's ETag starts with its version
/// (`GlossaryTerm.version`), and `PUT` and `DELETE` honour `If-Match` as the knowledge base's
/// writes do.
struct GlossaryController: Controller {
    let store: Store
    /// `--require-if-match`: a `PUT` or `DELETE` without `If-Match` is a 428.
    var requireIfMatch = false

    /// Most variants per locale (the lengths are `GlossaryTermRule`'s).
    static let maxVariants = 20
    /// Guidelines looked at for one page of checks at most (a page ends early when they are done).
    static let checkBatch = 500

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/v1/glossary", list, options: [.cacheable, .role(.reader)])
        router.add("POST", "/v1/glossary", create, options: [.role(.editor)])
        router.add("GET", "/v1/glossary/{id}", show, options: [.cacheable, .role(.reader)])
        router.add("PUT", "/v1/glossary/{id}", replace, options: [.role(.editor)])
        router.add("DELETE", "/v1/glossary/{id}", delete, options: [.role(.editor)])
        router.add("GET", "/v1/translations/checks", checks, options: [.cacheable, .role(.reader)])
        // Registered before `/v1/guidelines/{id}/translations/{locale}` (the application lists this
        // controller first), so that `checks` is not taken for a locale.
        router.add("GET", "/v1/guidelines/{id}/translations/checks", guidelineChecks, options: [.cacheable, .role(.reader)])
    }

    // MARK: Terms

    private func list(_ request: APIRequest) throws -> APIResponse {
        let limit = try Pagination.limit(request)
        if let query = request.query("term") {
            // Normalized as the terms are, so that decomposed Hangul finds its term.
            guard let text = GlossaryTermRule.stored(query) else {
                throw Problem.badParameter("term", "term \(GlossaryTermRule.requirement)")
            }
            let matches = try store.glossary().filter { Self.term($0, matches: text) }
            return Self.page(Array(matches.prefix(limit)), next: nil, request: request)
        }
        let after = try Pagination.after(request, list: "glossary", count: 1)?.first
        let terms = try store.glossary(after: after, limit: limit + 1)
        let next = terms.count > limit ? terms[limit - 1].id : nil
        return Self.page(Array(terms.prefix(limit)), next: next.map { Cursor.encode([$0], list: "glossary") }, request: request)
    }

    private func show(_ request: APIRequest) throws -> APIResponse {
        let id = try Self.id(request)
        guard let term = try store.glossaryTerm(id: id) else { throw Self.notFound(request) }
        var json = JSONWriter()
        Self.write(term, into: &json)
        return APIResponse.json(json).versioned(term.version)
    }

    private func create(_ request: APIRequest) throws -> APIResponse {
        let term = try parse(request, id: 0)
        switch try store.addGlossaryTerm(term, token: request.tokenName) {
        case .written(let stored):
            return Self.written(stored, location: "/v1/glossary/\(stored.id)")
        case .duplicate(let other):
            throw Problem.conflict("the glossary has '\(term.source.prefix(100))' already: /v1/glossary/\(other)")
        case .notFound:
            throw Problem.notFound("no such glossary term")
        }
    }

    private func replace(_ request: APIRequest) throws -> APIResponse {
        let id = try Self.id(request)
        let term = try parse(request, id: id)
        let precondition = try EditRequest.precondition(request, required: requireIfMatch)
        switch try store.replaceGlossaryTerm(term, precondition: precondition, token: request.tokenName) {
        case .written(let stored):
            return Self.written(stored, location: nil)
        case .duplicate(let other):
            throw Problem.conflict("the glossary has '\(term.source.prefix(100))' already: /v1/glossary/\(other)")
        case .notFound:
            throw Self.notFound(request)
        }
    }

    private func delete(_ request: APIRequest) throws -> APIResponse {
        let id = try Self.id(request)
        let precondition = try EditRequest.precondition(request, required: requireIfMatch)
        guard try store.deleteGlossaryTerm(id: id, precondition: precondition, token: request.tokenName) else { throw Self.notFound(request) }
        return EditingController.noContent
    }

    /// The answer to a write: the term with its new ETag (its version first, as `show` tags it);
    /// 201 and `Location` for a creation.
    private static func written(_ term: GlossaryTerm, location: String?) -> APIResponse {
        var json = JSONWriter()
        write(term, into: &json)
        var response = APIResponse.json(json, status: location == nil ? 200 : 201,
                                        headers: [("ETag", ETag.of(json.bytes, version: term.version))] + (location.map { [("Location", $0)] } ?? []))
        response.isCacheable = false
        response.resourceVersion = term.version
        return response
    }

    /// A term's id from the path: a whole number (anything else names no term).
    private static func id(_ request: APIRequest) throws -> Int64 {
        guard let id = Int64(request.parameter("id")), id > 0 else { throw notFound(request) }
        return id
    }

    private static func notFound(_ request: APIRequest) -> Problem {
        Problem.notFound("no glossary term \(request.parameter("id").prefix(100))")
    }

    /// True when `text` names `term` in some locale: English by word stems (`progress bars` finds
    /// `progress bar`), other locales as written, a particle on the last word allowed (`진행률
    /// 표시줄을` finds `진행률 표시줄`); forbidden variants count too, so a wrong word leads to the right one.
    static func term(_ term: GlossaryTerm, matches text: String) -> Bool {
        let stems = TermMatcher.englishStems(of: text)
        if !stems.isEmpty, stems == TermMatcher.englishStems(of: term.source) { return true }
        let candidates = term.term.filter { $0.key != SourceLocale.code }.map(\.value) + term.forbidden.values.flatMap { $0 }
        return candidates.contains { candidate in
            TermMatcher.koreanUses(of: candidate, in: text).contains { $0.lowerBound == 0 && $0.upperBound == text.count }
        }
    }

    /// The term a write request sends: every invalid field at once is a 422.
    private func parse(_ request: APIRequest, id: Int64) throws -> GlossaryTerm {
        let object = try JSONBody.object(request, example: #"{"term": {"en": "progress bar", "ko": "진행률 표시줄"}, "forbidden": {"ko": ["진행 표시줄"]}}"#)
        let locales = Set(try store.read { try $0.locales() }.map(\.code))
        var invalid = JSONBody.unknownFields(object, known: ["term", "forbidden", "note"], what: "a glossary term (term, forbidden, note)")
        var term = LocalizedText()
        switch object["term"] {
        case nil:
            invalid.append(("term", "is required: an object of the term by locale, with at least en"))
        case let texts as [String: Any]:
            if texts[SourceLocale.code] == nil { invalid.append(("term.en", "is required")) }
            for (locale, value) in texts.sorted(by: { $0.key < $1.key }) {
                let name = "term.\(locale.prefix(40))"
                guard locales.contains(locale) else { invalid.append((name, "is not a locale of the knowledge base")); continue }
                guard let text = Self.text(value, name: name, into: &invalid) else { continue }
                term[locale] = text
            }
        default:
            invalid.append(("term", "must be an object of the term by locale"))
        }
        var forbidden: [String: [String]] = [:]
        switch object["forbidden"] {
        case nil, is NSNull:
            break
        case let variants as [String: Any]:
            for (locale, value) in variants.sorted(by: { $0.key < $1.key }) {
                let name = "forbidden.\(locale.prefix(40))"
                guard locales.contains(locale), locale != SourceLocale.code else {
                    invalid.append((name, "is not a locale the term is translated to")); continue
                }
                guard let list = value as? [Any], list.count <= Self.maxVariants else {
                    invalid.append((name, "must be a list of at most \(Self.maxVariants) variants")); continue
                }
                var texts: [String] = []
                for (index, item) in list.enumerated() {
                    guard let text = Self.text(item, name: "\(name)[\(index)]", into: &invalid) else { continue }
                    if text == term[locale] { invalid.append(("\(name)[\(index)]", "is the approved equivalent itself")); continue }
                    texts.append(text)
                }
                if !texts.isEmpty { forbidden[locale] = Array(Set(texts)).sorted() }
            }
        default:
            invalid.append(("forbidden", "must be an object of lists of variants by locale"))
        }
        var note: String?
        switch object["note"] {
        case nil, is NSNull:
            break
        case let text as String where text.count <= GlossaryTermRule.maxNoteLength:
            note = text.isEmpty ? nil : TextNormalization.stored(text)  // as an import keeps it
        default:
            invalid.append(("note", "must be a string of at most \(GlossaryTermRule.maxNoteLength) characters, or null"))
        }
        if !invalid.isEmpty { throw Problem.validationFailed(invalid) }
        return GlossaryTerm(id: id, term: term, forbidden: forbidden, note: note)
    }

    /// A term, equivalent or variant as kept (`GlossaryTermRule`), or nil with its invalid entry.
    private static func text(_ value: Any, name: String, into invalid: inout [(name: String, reason: String)]) -> String? {
        guard let text = value as? String else {
            invalid.append((name, "must be a string"))
            return nil
        }
        guard let kept = GlossaryTermRule.stored(text) else {
            invalid.append((name, GlossaryTermRule.requirement))
            return nil
        }
        return kept
    }

    // MARK: Checks

    private func checks(_ request: APIRequest) throws -> APIResponse {
        let limit = try Pagination.limit(request)
        let locale = try checkedLocale(request)
        var after = try Pagination.after(request, list: "checks", count: 1)?.first
        let checker = GlossaryChecker(terms: try store.glossary())
        var findings: [GlossaryFinding] = []
        var next: Int64?
        // Whole guidelines at a time until `limit` findings are collected: a page may hold a few
        // more than `limit` (the last guideline's), and the cursor is the last guideline looked at.
        scan: while true {
            let batch = try store.guidelineTexts(after: after, limit: Self.checkBatch)
            for guideline in batch {
                findings += findingsOf(guideline, checker: checker, locale: locale)
                after = guideline.rowID
                if findings.count >= limit {
                    next = guideline.rowID
                    break scan
                }
            }
            if batch.count < Self.checkBatch { break }
        }
        return Self.findingsResponse(findings, next: next.map { Cursor.encode([$0], list: "checks") }, request: request)
    }

    private func guidelineChecks(_ request: APIRequest) throws -> APIResponse {
        let key = request.parameter("id")
        let locale = try checkedLocale(request)
        guard let guideline = try store.guidelineTexts(key: key) else { throw Problem.notFound("no guideline \(key.prefix(200))") }
        let findings = findingsOf(guideline, checker: GlossaryChecker(terms: try store.glossary()), locale: locale)
        return Self.findingsResponse(findings, next: nil, request: request)
    }

    /// The `locale` to check (every translated locale when absent): a locale of the knowledge base
    /// other than the source, else a 400.
    private func checkedLocale(_ request: APIRequest) throws -> String? {
        guard let locale = request.query("locale") else { return nil }
        let known = try store.read { try $0.locales() }
        guard known.contains(where: { $0.code == locale && !$0.isSource }) else {
            throw Problem.badParameter("locale", "locale must be a translated locale of the knowledge base: "
                                       + known.filter { !$0.isSource }.map(\.code).joined(separator: ", "))
        }
        return locale
    }

    private func findingsOf(_ guideline: GuidelineTexts, checker: GlossaryChecker, locale: String?) -> [GlossaryFinding] {
        guard let source = guideline.texts[SourceLocale.code] else { return [] }
        let translations = guideline.texts.filter { $0.key != SourceLocale.code && (locale == nil || $0.key == locale) }
        return checker.findings(guideline: guideline.key, source: source, translations: translations)
    }

    // MARK: Representations

    /// A list answer: `items` written by `write`, `next`, and a `Link` to the next page.
    private static func list<Item>(_ items: [Item], next: String?, request: APIRequest, write: (Item, inout JSONWriter) -> Void) -> APIResponse {
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.key("items")
        json.beginArray()
        for item in items { write(item, &json) }
        json.endArray()
        json.field("next", next)
        json.endObject()
        return .json(json, headers: next.map { [("Link", "<\(Pagination.nextLink(request, cursor: $0))>; rel=\"next\"")] } ?? [])
    }

    private static func page(_ terms: [GlossaryTerm], next: String?, request: APIRequest) -> APIResponse {
        list(terms, next: next, request: request, write: write)
    }

    private static func write(_ term: GlossaryTerm, into json: inout JSONWriter) {
        json.beginObject()
        json.field("id", Int(term.id))
        json.field("term", term.term)
        json.key("forbidden")
        json.beginObject()
        for (locale, variants) in term.forbidden.sorted(by: { $0.key < $1.key }) {
            json.key(locale)
            json.beginArray()
            for variant in variants { json.string(variant) }
            json.endArray()
        }
        json.endObject()
        json.field("note", term.note)
        json.object("links", [("self", "/v1/glossary/\(term.id)")])
        json.endObject()
    }

    private static func findingsResponse(_ findings: [GlossaryFinding], next: String?, request: APIRequest) -> APIResponse {
        list(findings, next: next, request: request) { finding, json in
            json.beginObject()
            json.field("guideline", finding.guideline)
            json.field("locale", finding.locale)
            json.field("problem", finding.kind.rawValue)
            json.key("term")
            json.beginObject()
            json.field("id", Int(finding.termID))
            json.field("en", finding.term)
            json.endObject()
            json.field("expected", finding.expected)
            json.field("found", finding.found)
            json.object("links", [("guideline", "/v1/guidelines/\(finding.guideline)"),
                                  ("translation", "/v1/guidelines/\(finding.guideline)/translations/\(finding.locale)"),
                                  ("term", "/v1/glossary/\(finding.termID)")])
            json.endObject()
        }
    }
}
