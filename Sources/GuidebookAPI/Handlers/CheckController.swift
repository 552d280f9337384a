import GuidebookBase
import GuidebookChecks
import GuidebookCore

/// The quality checks' findings (docs/checks.md): what the checks found in one translation (of a
/// guideline, a topic's title and summary, a section's title), and lists of a topic's findings
/// and of the whole knowledge base's, with their counts by check and severity. The store writes
/// findings with every write that changes them; these routes only read them.
struct CheckController: Controller {
    let store: Store

    func register(into router: inout Router<RouteHandler>) {
        let read: [RouteOption] = [.cacheable, .role(.reader)]
        router.add("GET", "/v1/guidelines/{id}/translations/{locale}/checks", guidelineChecks, options: read)
        router.add("GET", "/v1/topics/{slug}/translations/{locale}/checks", topicChecks, options: read)
        router.add("GET", "/v1/topics/{slug}/sections/{key}/translations/{locale}/checks", sectionChecks, options: read)
        router.add("GET", "/v1/topics/{slug}/checks", topicList, options: read)
        router.add("GET", "/v1/checks", list, options: read)
    }

    // MARK: One translation

    private func guidelineChecks(_ request: APIRequest) throws -> APIResponse {
        let key = request.parameter("id")
        return try translationChecks(request, owner: .guideline(key), names: [("guideline", key)]) { reader, locale in
            guard let findings = try reader.findings(guideline: key, locale: locale) else { throw StoreError.notFound(kind: "guideline", id: key) }
            return findings
        }
    }

    private func topicChecks(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug")
        return try translationChecks(request, owner: .topic(slug), names: [("topic", slug)]) { reader, locale in
            guard let findings = try reader.findings(topic: slug, locale: locale) else { throw StoreError.notFound(kind: "topic", id: slug) }
            return findings
        }
    }

    private func sectionChecks(_ request: APIRequest) throws -> APIResponse {
        let slug = request.parameter("slug"), key = request.parameter("key")
        return try translationChecks(request, owner: .section(topic: slug, key: key), names: [("topic", slug), ("section", key)]) { reader, locale in
            guard let findings = try reader.findings(topic: slug, section: key, locale: locale) else {
                throw StoreError.notFound(kind: "section", id: slug + "#" + key)
            }
            return findings
        }
    }

    /// One translation's findings: `read` them in one snapshot with the locale's check (a locale
    /// the knowledge base translates into, else a 404), and the approval over their errors the
    /// translation is in, if it is (`override`).
    private func translationChecks(_ request: APIRequest, owner: TextOwner, names: [(String, String)],
                                   read: (KnowledgeReader, String) throws -> [TranslationFinding]) throws -> APIResponse {
        let locale = request.parameter("locale")
        let (findings, override) = try store.read { reader in
            guard try reader.locales().contains(where: { $0.code == locale && !$0.isSource }) else {
                throw StoreError.notFound(kind: "locale", id: locale)
            }
            return (try read(reader, locale), try reader.approvalOverride(owner, locale: locale))
        }
        var counts = FindingCounts()
        for finding in findings { counts.byCheck[finding.check, default: 0] += 1 }
        var json = JSONWriter(capacity: 1024)
        json.beginObject()
        for (name, value) in names { json.field(name, value) }
        json.field("locale", locale)
        Self.write(counts, into: &json)
        json.objects("findings", findings) { json, finding in Self.writeFields(finding, into: &json) }
        if let override {
            json.object("override") { json in
                json.field("reason", override.reason)
                json.key("checks")
                json.beginArray()
                for check in override.checks { json.string(check.rawValue) }
                json.endArray()
                json.field("approved_by", override.token)
                json.field("approved_at", override.at)
            }
        } else {
            json.field("override", nil as String?)
        }
        json.endObject()
        return .json(json, headers: [("Content-Language", locale)])
    }

    // MARK: Lists

    private func topicList(_ request: APIRequest) throws -> APIResponse {
        try list(request, topic: request.parameter("slug"))
    }

    private func list(_ request: APIRequest) throws -> APIResponse {
        try list(request, topic: request.query("topic"))
    }

    /// A page of findings (`limit`, `cursor`; narrowed by `locale`, `check`, `severity`) with the
    /// counts by check and severity of everything the topic (or the knowledge base) has in that locale.
    private func list(_ request: APIRequest, topic: String?) throws -> APIResponse {
        let limit = try Pagination.limit(request)
        let locale = request.query("locale")
        let check = try request.query("check").map { text in
            guard let check = CheckName(rawValue: text) else {
                throw Problem.badParameter("check", "check must be one of " + CheckName.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return check
        }
        let severity = try request.query("severity").map { text in
            guard let severity = CheckSeverity(rawValue: text) else { throw Problem.badParameter("severity", "severity must be error or warning") }
            return severity
        }
        let filter = KnowledgeReader.FindingFilter(topic: topic, locale: locale, check: check, severity: severity)
        let listName = "checks:\(topic ?? ""):\(locale ?? ""):\(check?.rawValue ?? ""):\(severity?.rawValue ?? "")"
        let after = try Pagination.after(request, list: listName, count: 1)?.first
        let (page, counts) = try store.read { reader in
            if let locale, !(try reader.locales().contains { $0.code == locale && !$0.isSource }) {
                throw Problem.badParameter("locale", "no translation locale '\(locale.prefix(40))'; see /v1/locales")
            }
            do {
                return (try reader.findings(filter, after: after, limit: limit), try reader.findingCounts(topic: topic, locale: locale))
            } catch StoreError.notFound(let kind, let id) where kind == "topic" && request.query("topic") != nil {
                throw Problem.badParameter("topic", "no topic '\(id.prefix(100))'; see /v1/topics")
            }
        }
        let next = page.nextAfter.map { Cursor.encode($0, list: listName) }
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        if let topic { json.field("topic", topic) }
        Self.write(counts, into: &json)
        json.objects("items", page.items) { json, finding in Self.writeFields(finding, into: &json) }
        json.field("next", next)
        json.endObject()
        return .json(json, headers: next.map { [("Link", "<\(Pagination.nextLink(request, cursor: $0))>; rel=\"next\"")] } ?? [])
    }

    // MARK: Representations

    /// `counts`: the total, by severity and by check (checks without findings left out).
    private static func write(_ counts: FindingCounts, into json: inout JSONWriter) {
        json.object("counts") { json in
            json.field("total", counts.total)
            json.object("by_severity") { json in
                for severity in CheckSeverity.allCases { json.field(severity.rawValue, counts.count(severity)) }
            }
            json.object("by_check") { json in
                for check in CheckName.allCases { if let count = counts.byCheck[check], count > 0 { json.field(check.rawValue, count) } }
            }
        }
    }

    /// A finding's members (inside its object).
    private static func writeFields(_ finding: TranslationFinding, into json: inout JSONWriter) {
        json.field("id", Int(finding.id))
        json.field("resource", finding.resource.rawValue)
        json.field("topic", finding.topic)
        if let section = finding.section { json.field("section", section) }
        if let guideline = finding.guideline { json.field("guideline", guideline) }
        json.field("locale", finding.locale)
        json.field("field", finding.field)
        json.field("check", finding.check.rawValue)
        json.field("severity", finding.severity.rawValue)
        json.field("message", finding.message)
        json.field("found", finding.found)
        json.field("fix", finding.fix)
        json.field("offset", finding.offset)
        json.field("corrected_text", finding.correctedText)
        json.object("links", [("translation", finding.translationPath), ("checks", finding.translationPath + "/checks")])
    }
}
