import GuidebookBase
import GuidebookCore
import GuidebookImport
import GuidebookJobs
import GuidebookTranslationFiles

/// The translation memory (docs/translators.md): the translations of the English texts most like
/// a guideline's, with their similarity; the base's translations as TMX; imported TMX memories,
/// kept apart from the base's own translations and shown with where they came from.
struct MemoryController: Controller {
    let store: Store
    let runner: JobRunner
    /// `--public-jobs`: see `JobViewer`.
    let isPublic: Bool

    /// TMX's media type.
    static let tmxType = "application/x-tmx+xml"
    /// The same file as plain XML, for a client whose `Accept` prefers it (`text/xml`, `text/*`):
    /// TMX is XML, and tools that know no TMX type still read the file.
    static let xmlType = "text/xml"

    func register(into router: inout Router<RouteHandler>) {
        router.add("GET", "/v1/guidelines/{id}/translations/{locale}/memory", lookup, options: [.cacheable, .role(.reader)])
        router.add("GET", "/v1/memory/export", export, options: [.cacheable, .role(.reader), .produces([Self.tmxType, Self.xmlType])])
        router.add("GET", "/v1/memory/imports", imports, options: [.cacheable, .role(.reader)])
        router.add("POST", "/v1/memory/import", submit, options: [.body(.spool), .role(.editor)])
    }

    /// `locale`, which must be a translation locale of the base, read in `reader`.
    private static func translationLocale(_ locale: String, parameter: String, in reader: KnowledgeReader) throws {
        guard try reader.locales().contains(where: { $0.code == locale && !$0.isSource }) else {
            throw Problem.badParameter(parameter, "no translation locale '\(locale.prefix(40))'; see /v1/locales")
        }
    }

    // MARK: Lookup

    private func lookup(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id"), locale = request.parameter("locale")
        let (source, matches) = try store.read { reader -> (String, [MemoryMatch]) in
            guard let guideline = try reader.guideline(id: id), let english = guideline.text[SourceLocale.code] else {
                throw StoreError.notFound(kind: "guideline", id: id)
            }
            guard try reader.locales().contains(where: { $0.code == locale && !$0.isSource }) else {
                throw StoreError.notFound(kind: "translation locale", id: locale)
            }
            return (english, try reader.memoryMatches(for: english, locale: locale, excluding: .guideline(id)))
        }
        var json = JSONWriter(capacity: 2048)
        json.beginObject()
        json.field("guideline", id)
        json.field("locale", locale)
        json.field("source", source)
        json.field("measure", KnowledgeReader.memoryMeasure)
        json.field("minimum", KnowledgeReader.memoryMinimum)
        json.objects("items", matches) { json, match in Self.write(match, into: &json) }
        json.endObject()
        return .json(json, headers: [("Content-Language", locale)])
    }

    /// One match's members (shared with nothing else: the files carry matches their own way).
    static func write(_ match: MemoryMatch, into json: inout JSONWriter) {
        json.field("similarity", match.similarity.percent)
        json.field("source", match.source)
        json.field("translation", match.translation)
        json.object("differences") { json in
            json.field("missing", match.similarity.missing)
            json.field("extra", match.similarity.extra)
        }
        json.object("origin") { json in
            switch match.origin {
            case .base(let unit):
                json.field("kind", "base")
                json.field("unit", unit.text)
                json.field("address", unit.address)
            case .imported(let memory):
                json.field("kind", "imported")
                write(memory, into: &json)
            }
        }
    }

    /// An imported memory's members (`MemoryOrigin` in openapi.json): in the list, in a match's
    /// origin and in a `memory-import` job's result.
    static func write(_ memory: MemoryOrigin, into json: inout JSONWriter) {
        json.field("memory", Int(memory.id))
        json.field("name", memory.name)
        json.field("creation_tool", memory.creationTool)
        json.field("imported_at", memory.importedAt)
        json.field("source_locale", memory.sourceLocale)
        json.field("target_locale", memory.targetLocale)
        json.field("imported_by", memory.importedBy)
        json.field("units", memory.units)
    }

    // MARK: TMX

    /// `GET /v1/memory/export?format=tmx[&locale=ko]`: the base's current translations (translated or
    /// approved: a draft is not yet a translation to reuse) as TMX 1.4b.
    private func export(_ request: APIRequest) throws -> APIResponse {
        let format = request.query("format") ?? "tmx"
        guard format == "tmx" else { throw Problem.badParameter("format", "format must be tmx (TMX 1.4b), not '\(format.prefix(40))'") }
        let export = try store.read(includingUnpublished: true) { reader -> TranslationExport in
            let locales = try reader.locales().filter { !$0.isSource }.map(\.code)
            let locale: String
            if let asked = request.query("locale") {
                try Self.translationLocale(asked, parameter: "locale", in: reader)
                locale = asked
            } else if locales.count == 1 {
                locale = locales[0]
            } else {
                throw Problem.badParameter("locale", "locale is required: this base translates into \(locales.joined(separator: ", "))")
            }
            return try reader.translationExport(locale: locale, topic: nil, states: KnowledgeReader.memoryStates)
        }
        let type = Self.exportType(accepting: request.http.header("accept"))
        return .bytes(Array(TMXWriter().write(export).utf8), contentType: type + "; charset=utf-8",
                      headers: [("Content-Language", export.locale), ("Content-Disposition", "attachment; filename=\"guidebook-\(export.locale).tmx\"")])
    }

    /// The type the export is labelled with: TMX's own unless `accept` ranks `text/xml` (or
    /// `text/*`) above every range that admits it; without the header, TMX's.
    static func exportType(accepting accept: String?) -> String {
        guard let accept, !accept.isEmpty else { return tmxType }
        var tmx = 0.0, xml = 0.0
        for range in WeightedValue.parse(accept) {
            switch range.value {
            case tmxType, "application/*", "*/*": tmx = max(tmx, range.quality)
            case xmlType, "text/*": xml = max(xml, range.quality)
            default: continue
            }
        }
        return xml > tmx ? xmlType : tmxType
    }

    /// `GET /v1/memory/imports`: the imported memories, newest first.
    private func imports(_ request: APIRequest) throws -> APIResponse {
        let origins = try store.read { try $0.memoryOrigins() }
        var json = JSONWriter()
        json.beginObject()
        json.objects("items", origins) { json, memory in Self.write(memory, into: &json) }
        json.endObject()
        return .json(json)
    }

    /// `POST /v1/memory/import[?locale=][&dry_run=][&name=]`: a TMX file as a job (`memory-import`).
    private func submit(_ request: APIRequest) throws -> APIResponse {
        let locale = request.query("locale")
        if let locale { try store.read { try Self.translationLocale(locale, parameter: "locale", in: $0) } }
        let dryRun = try request.boolQuery("dry_run", default: false)
        guard case .file(let upload) = request.http.body, upload.size > 0 else {
            throw Problem.invalidBody("the request body is empty; send the TMX file as the body")
        }
        let params = MemoryImportParams(locale: locale, dryRun: dryRun, fileName: String((request.query("name") ?? "memory.tmx").prefix(200)),
                                        size: upload.size, spoolPath: upload.path, tokenName: request.tokenName)
        let job = try MemoryImportWork.submit(params, to: runner)
        _ = upload.keep() // The job owns the file now and removes it when it finishes.
        return JobRepresentation.accepted(job, viewer: JobViewer(request, isPublic: isPublic))
    }
}
