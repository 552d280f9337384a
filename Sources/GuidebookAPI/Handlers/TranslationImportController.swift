import GuidebookBase
import GuidebookCore
import GuidebookImport
import GuidebookJobs
import GuidebookTranslationFiles

/// `POST /v1/translations/import`: a translated file (XLIFF 2.0, XLIFF 1.2 or PO, as
/// `GET /v1/translations/export` wrote it) applied as a job with progress, like every import
/// (docs/translators.md). The request checks its parameters; the file itself is checked by the job,
/// which fails with every invalid unit's line and column and applies nothing.
struct TranslationImportController: Controller {
    let store: Store
    let runner: JobRunner
    /// `--public-jobs`: see `JobViewer`.
    let isPublic: Bool

    func register(into router: inout Router<RouteHandler>) {
        router.add("POST", "/v1/translations/import", submit, options: [.body(.spool), .role(.editor)])
    }

    private func submit(_ request: APIRequest) throws -> APIResponse {
        var format: TranslationFileFormat?
        if let text = request.query("format") {
            guard let named = TranslationFileFormat(rawValue: text) else {
                throw Problem.badParameter("format", "format must be xliff2, xliff12 or po (or left out: it is told from the file), not '\(text.prefix(40))'")
            }
            format = named
        }
        let policyText = request.query("on_conflict") ?? ConflictPolicy.draft.rawValue
        guard let policy = ConflictPolicy(rawValue: policyText) else {
            throw Problem.badParameter("on_conflict", "on_conflict must be draft or skip, not '\(policyText.prefix(40))'")
        }
        let locale = request.query("locale")
        if let locale {
            let isTranslationLocale = try store.read { try $0.locales().contains { $0.code == locale && !$0.isSource } }
            guard isTranslationLocale else { throw Problem.badParameter("locale", "no translation locale '\(locale.prefix(40))'; see /v1/locales") }
        }
        let dryRun = try request.boolQuery("dry_run", default: false)
        guard case .file(let upload) = request.http.body, upload.size > 0 else {
            throw Problem.invalidBody("the request body is empty; send the translated file (XLIFF or PO) as the body")
        }
        // Without a name, the file is named by its format: the one asked for, else the one its first
        // bytes show (as the job tells it), so that a PO upload is not recorded as translations.xlf.
        let fileName = String((request.query("name") ?? {
            let told = format ?? TranslationFileFormat.detect(path: upload.path)
            return "translations." + (told?.fileExtension ?? "xml") // XML but no XLIFF: the job refuses it
        }()).prefix(200))
        let params = TranslationImportParams(format: format, locale: locale, onConflict: policy, dryRun: dryRun, fileName: fileName,
                                             size: upload.size, spoolPath: upload.path, tokenName: request.tokenName,
                                             reviewer: request.translationRole == .reviewer)
        let job = try TranslationImportWork.submit(params, to: runner)
        _ = upload.keep() // The job owns the file now and removes it when it finishes.
        return JobRepresentation.accepted(job, viewer: JobViewer(request, isPublic: isPublic))
    }
}
