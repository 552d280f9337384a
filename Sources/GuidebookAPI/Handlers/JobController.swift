import GuidebookBase
import GuidebookCore
import GuidebookImport
import GuidebookJobs
import GuidebookText
import HTTPServer

/// Imports as jobs: `POST /v1/imports`, and the job resources that report their progress.
struct JobController: Controller {
    let runner: JobRunner
    /// `--public-jobs`: jobs are read like the knowledge base, dry-run excerpts included.
    let isPublic: Bool

    func register(into router: inout Router<RouteHandler>) {
        router.add("POST", "/v1/imports", submitImport, options: [.body(.spool), .role(.admin)])
        // A job names the uploaded file and its results quote the text, so reading one needs a
        // reader token even when reads are public, unless `--public-jobs` makes jobs read like the
        // knowledge base. Changing them is the admin's.
        let read: [RouteOption] = isPublic ? [.role(.reader)] : [.role(.reader), .tokenAlways]
        router.add("GET", "/v1/jobs", list, options: read)
        router.add("GET", "/v1/jobs/{id}", show, options: read)
        router.add("DELETE", "/v1/jobs/{id}", delete, options: [.role(.admin)])
        router.add("POST", "/v1/jobs/{id}/cancel", cancel, options: [.role(.admin)])
        router.add("GET", "/v1/jobs/{id}/events", events, options: read)
    }

    /// Who reads: whether they see a job's excerpts of its upload (`JobViewer`).
    private func viewer(_ request: APIRequest) -> JobViewer {
        JobViewer(request, isPublic: isPublic)
    }

    private func submitImport(_ request: APIRequest) throws -> APIResponse {
        let format: ImportFormat
        if let name = request.query("format") {
            guard let named = ImportFormat(name: name) else {
                throw Problem.badParameter("format", "format must be json, ndjson or notes, not '\(name.prefix(40))'")
            }
            format = named
        } else if let type = request.http.header("content-type"), let typed = ImportFormat(mediaType: type) {
            format = typed
        } else {
            throw Problem.unsupportedMediaType(request.http.header("content-type") ?? "(none)",
                                               supported: ImportFormat.allCases.map(\.mediaType) + ["?format=json|ndjson|notes"])
        }
        let modeText = request.query("mode") ?? ImportMode.merge.rawValue
        guard let mode = ImportMode(rawValue: modeText) else {
            throw Problem.badParameter("mode", "mode must be merge or replace, not '\(modeText.prefix(40))'")
        }
        let dryRun = try request.boolQuery("dry_run", default: false)
        guard case .file(let upload) = request.http.body, upload.size > 0 else {
            throw Problem.invalidBody("the request body is empty; send the file to import as the body")
        }
        let defaultName = "upload." + (format == .notes ? "txt" : format.rawValue)
        let fileName = String((request.query("name") ?? defaultName).prefix(200))
        let params = ImportParams(format: format, mode: mode, dryRun: dryRun, fileName: fileName, size: upload.size, spoolPath: upload.path)
        let job = try ImportWork.submit(params, to: runner)
        _ = upload.keep() // The job owns the file now and removes it when it finishes.
        return JobRepresentation.accepted(job, viewer: viewer(request))
    }

    private func list(_ request: APIRequest) throws -> APIResponse {
        let limit = try Pagination.limit(request)
        var status: Job.Status?
        if let text = request.query("status") {
            guard let parsed = Job.Status(rawValue: text) else {
                throw Problem.badParameter("status", "status must be queued, running, succeeded, failed or canceled, not '\(text.prefix(40))'")
            }
            status = parsed
        }
        let kind = request.query("kind")
        let list = "jobs:" + (status?.rawValue ?? "") + ":" + (kind ?? "")
        let before = try Pagination.after(request, list: list, count: 1)?.first
        let jobs = try runner.list(status: status, kind: kind, before: before, limit: limit + 1)
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.key("items")
        json.beginArray()
        for job in jobs.prefix(limit) { JobRepresentation.write(job, into: &json, viewer: viewer(request)) }
        json.endArray()
        let next = jobs.count > limit ? jobs.prefix(limit).last.map { Cursor.encode([$0.seq], list: list) } : nil
        json.field("next", next)
        json.endObject()
        var response = APIResponse.json(json)
        if let next { response.headers.append(("Link", "</v1/jobs?\(request.http.query.filter { $0.name != "cursor" }.map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))&" }.joined())cursor=\(next)>; rel=\"next\"")) }
        response.isCacheable = false
        return response
    }

    private func show(_ request: APIRequest) throws -> APIResponse {
        let job = try existing(request.parameter("id"))
        var json = JSONWriter()
        JobRepresentation.write(job, into: &json, viewer: viewer(request))
        var response = APIResponse.json(json)
        if !job.status.isFinished { response.headers.append(("Retry-After", "1")) }
        // A dry run or a translation import answers its submitters and others differently: never
        // from the shared response cache.
        response.isCacheable = job.status.isFinished && !JobViewer.dependsOnViewer(job)
        return response
    }

    private func cancel(_ request: APIRequest) throws -> APIResponse {
        let job = try runner.cancel(id: request.parameter("id"))
        var json = JSONWriter()
        JobRepresentation.write(job, into: &json, viewer: viewer(request))
        var response = APIResponse.json(json, status: job.status.isFinished ? 200 : 202)
        response.isCacheable = false
        return response
    }

    private func delete(_ request: APIRequest) throws -> APIResponse {
        try runner.delete(id: request.parameter("id"))
        return APIResponse(status: 204, headers: [], body: .bytes([]), isCacheable: false)
    }

    private func events(_ request: APIRequest) throws -> APIResponse {
        let id = request.parameter("id")
        _ = try existing(id)
        let lastEventID = request.http.header("last-event-id").flatMap { Int($0.trimmingSpaces()) }
        return .stream(JobEventStream(runner: runner, id: id, lastEventID: lastEventID, viewer: viewer(request)), contentType: MediaType.eventStream.contentType,
                       headers: [("Cache-Control", "no-cache, no-transform"), ("X-Accel-Buffering", "no")])
    }

    private func existing(_ id: String) throws -> Job {
        guard let job = try runner.job(id: id) else { throw Problem.notFound("no job with id '\(id.prefix(100))'") }
        return job
    }
}
