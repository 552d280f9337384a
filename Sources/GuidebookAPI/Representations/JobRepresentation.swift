import Foundation
import GuidebookBase
import GuidebookCore
import GuidebookImport
import GuidebookJobs

/// How a job looks in JSON: in responses, lists and server-sent events alike.
enum JobRepresentation {
    /// Writes `job` as `viewer` may see it: without its excerpts, a dry run's warnings (which
    /// quote the uploaded text) are left out and counted in `warnings_omitted`, and a translation
    /// import's conflicts in `conflicts_omitted`.
    static func write(_ job: Job, into json: inout JSONWriter, viewer: JobViewer) {
        let showsExcerpts = viewer.showsExcerpts(of: job)
        json.beginObject()
        json.field("id", job.id)
        json.field("kind", job.kind)
        json.field("status", job.status.rawValue)
        json.field("phase", job.phase)
        json.field("message", job.message)
        json.object("progress") { json in
            json.field("completed", job.completed)
            json.field("total", job.total)
            json.field("unit", job.unit)
            json.field("percent", job.percent)
            json.field("determinate", job.total != nil)
        }
        json.field("eta_seconds", eta(job))
        json.field("created_at", job.createdAt)
        json.field("started_at", job.startedAt)
        json.field("updated_at", job.updatedAt)
        json.field("finished_at", job.finishedAt)
        json.object("params") { json in
            if let params = ImportWork.params(of: job) {
                json.field("format", params.format.rawValue)
                json.field("mode", params.mode.rawValue)
                json.field("dry_run", params.dryRun)
                json.field("file_name", params.fileName)
                json.field("size", params.size)
            } else if let params = MemoryImportWork.params(of: job) {
                json.field("format", "tmx")
                json.field("locale", params.locale)
                json.field("dry_run", params.dryRun)
                json.field("file_name", params.fileName)
                json.field("size", params.size)
            } else if let params = TranslationImportWork.params(of: job) {
                json.field("format", params.format?.rawValue)
                json.field("locale", params.locale)
                json.field("on_conflict", params.onConflict.rawValue)
                json.field("dry_run", params.dryRun)
                json.field("file_name", params.fileName)
                json.field("size", params.size)
            }
        }
        json.key("result")
        if let result = ImportWork.result(of: job) {
            write(result, into: &json, showsWarnings: showsExcerpts || !result.dryRun)
        } else if let result = TranslationImportWork.result(of: job) {
            write(result, into: &json, showsConflicts: showsExcerpts)
        } else if let result = MemoryImportWork.result(of: job) {
            json.beginObject()
            json.field("dry_run", result.dryRun)
            json.object("memory") { json in MemoryController.write(result.origin, into: &json) }
            json.field("units", result.units)
            json.field("kept", result.kept)
            json.field("skipped", result.skipped)
            json.endObject()
        } else {
            json.null()
        }
        json.key("error")
        if let error = job.error {
            json.beginObject()
            json.field("message", error.message)
            json.field("line", error.line)
            json.field("field", error.field)
            if let column = error.column { json.field("column", column) }
            if let problems = error.problems {
                json.objects("problems", problems) { json, problem in
                    json.field("message", problem.message)
                    json.field("line", problem.line)
                    json.field("column", problem.column)
                    json.field("field", problem.field)
                }
                json.field("problems_omitted", error.problemsOmitted ?? 0)
            }
            json.endObject()
        } else {
            json.null()
        }
        json.object("links", [("self", "/v1/jobs/\(job.id)"), ("events", "/v1/jobs/\(job.id)/events")]
                    + (job.status.isFinished ? [] : [("cancel", "/v1/jobs/\(job.id)/cancel")]))
        json.endObject()
    }

    private static func write(_ result: ImportResult, into json: inout JSONWriter, showsWarnings: Bool) {
        json.beginObject()
        json.field("dry_run", result.dryRun)
        for (name, tally) in [("topics", result.counts.topics), ("guidelines", result.counts.guidelines), ("translations", result.counts.translations)] {
            json.object(name) { json in
                json.field("created", tally.created)
                json.field("updated", tally.updated)
                json.field("unchanged", tally.unchanged)
            }
        }
        json.objects("warnings", showsWarnings ? result.warnings : []) { json, warning in
            json.field("file", warning.file)
            json.field("line", warning.line)
            json.field("message", warning.message)
        }
        json.field("warnings_omitted", result.warningsOmitted + (showsWarnings ? 0 : result.warnings.count))
        json.endObject()
    }

    private static func write(_ result: TranslationImportResult, into json: inout JSONWriter, showsConflicts: Bool) {
        json.beginObject()
        json.field("dry_run", result.dryRun)
        json.field("format", result.format)
        json.field("locale", result.locale)
        json.field("on_conflict", result.onConflict.rawValue)
        json.field("units", result.units)
        json.object("counts") { json in
            for outcome in UnitOutcome.allCases { json.field(outcome.rawValue, result.count(outcome)) }
        }
        json.objects("conflicts", showsConflicts ? result.conflicts : []) { json, conflict in
            json.field("id", conflict.id)
            json.field("line", conflict.line)
            json.field("column", conflict.column)
            json.field("old_source", conflict.oldSource)
            json.field("old_revision", conflict.oldRevision)
            json.field("new_source", conflict.newSource)
            json.field("new_revision", conflict.newRevision)
            json.field("offered", conflict.offered)
            json.field("outcome", conflict.outcome.rawValue)
        }
        json.field("conflicts_omitted", result.conflictsOmitted + (showsConflicts ? 0 : result.conflicts.count))
        json.objects("changes", result.changes) { json, change in
            json.field("id", change.id)
            json.field("line", change.line)
            json.field("column", change.column)
            json.field("outcome", change.outcome.rawValue)
        }
        json.field("changes_omitted", result.changesOmitted)
        json.endObject()
    }

    /// The answer to a request that queued `job`: `202 Accepted` with the job, `Location` and `Retry-After`.
    static func accepted(_ job: Job, viewer: JobViewer) -> APIResponse {
        var json = JSONWriter()
        write(job, into: &json, viewer: viewer)
        var response = APIResponse.json(json, status: 202, headers: [("Location", "/v1/jobs/\(job.id)"), ("Retry-After", "1")])
        response.isCacheable = false
        return response
    }

    /// Seconds left, only while the job runs with a known total and enough progress to judge.
    static func eta(_ job: Job) -> Int? {
        guard job.status == .running, let total = job.total, job.completed > 0, job.completed < total,
              let startedText = job.startedAt, let started = parse(startedText) else { return nil }
        let elapsed = Date().timeIntervalSince(started)
        guard elapsed >= 1 else { return nil }
        return Int((elapsed * Double(total - job.completed) / Double(job.completed)).rounded(.up))
    }

    private static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
