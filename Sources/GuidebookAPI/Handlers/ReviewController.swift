import GuidebookCore

/// A reviewer's actions on a translation of a guideline, a topic or a section (docs/review.md):
/// `POST …/translations/{locale}/approve` and `…/unapprove`. Approving needs a current translation
/// (409 when the English changed since it was made, or when it is approved already) and passes the
/// approval gate (`KnowledgeEditor.decideApproval`); its optional body may give an
/// `override_reason`. Un-approving makes it `translated` again. Both are writes with `If-Match`
/// and answer with the translation and the resource's new ETag.
struct ReviewController: Controller {
    let store: Store
    /// `--require-if-match`: a write without `If-Match` is a 428.
    let requireIfMatch: Bool

    func register(into router: inout Router<RouteHandler>) {
        let review: [RouteOption] = [.role(.reviewer)]
        TextOwnerRoute.add("POST", "/translations/{locale}/approve", into: &router, options: review, approve)
        TextOwnerRoute.add("POST", "/translations/{locale}/unapprove", into: &router, options: review, unapprove)
    }

    private func approve(_ request: APIRequest, owner: TextOwner) throws -> APIResponse {
        var fields = EditRequest.Fields(try EditRequest.optionalBody(request))
        let reason = ReviewRequest.reason(&fields)
        let problems = fields.finish()
        if !problems.isEmpty { throw StoreError.validation(problems) }
        return try act(request, owner: owner) { writer, locale, precondition in
            try writer.editor.approveTranslation(owner, locale: locale, precondition: precondition, role: request.translationRole, overrideReason: reason)
        }
    }

    private func unapprove(_ request: APIRequest, owner: TextOwner) throws -> APIResponse {
        let problems = EditRequest.Fields(try EditRequest.optionalBody(request)).finishing()
        if !problems.isEmpty { throw StoreError.validation(problems) }
        return try act(request, owner: owner) { writer, locale, precondition in
            try writer.editor.unapproveTranslation(owner, locale: locale, precondition: precondition, role: request.translationRole)
        }
    }

    /// Runs `change` in one write with the request's locale and `If-Match`, and answers with the translation.
    private func act(_ request: APIRequest, owner: TextOwner,
                     _ change: (KnowledgeWriter, String, WritePrecondition) throws -> String) throws -> APIResponse {
        let locale = request.parameter("locale")
        let precondition = try EditRequest.precondition(request, required: requireIfMatch)
        return try store.write(token: request.tokenName) { writer in
            let version = try change(writer, locale, precondition)
            return try TranslationController.fieldsTranslation(owner, locale: locale, version: version, reader: writer.readerOfEverything)
        }
    }
}
