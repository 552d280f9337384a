import CommonMark
import GuidebookBase
import GuidebookCore

/// Comment threads on a text (docs/review.md): on the English of a guideline, topic or section
/// (`…/comments`) or on one translation (`…/translations/{locale}/comments`). Anyone with a token
/// starts a thread or replies (`/v1/comment-threads/{thread}/comments`); editors resolve and
/// reopen. Comments are Markdown, kept as written and answered with their HTML as well, rendered by
/// cmark in its safe mode (raw HTML left out, dangerous links emptied, every text escaped).
struct CommentController: Controller {
    let store: Store

    func register(into router: inout Router<RouteHandler>) {
        let read: [RouteOption] = [.cacheable, .role(.reader)], comment: [RouteOption] = [.role(.reader), .tokenAlways]
        for (suffix, isSource) in [("/comments", true), ("/translations/{locale}/comments", false)] {
            TextOwnerRoute.add("GET", suffix, into: &router, options: read) { try list($0, owner: $1, source: isSource) }
            TextOwnerRoute.add("POST", suffix, into: &router, options: comment) { try start($0, owner: $1, source: isSource) }
        }
        router.add("GET", "/v1/comment-threads/{thread}", show, options: read)
        router.add("POST", "/v1/comment-threads/{thread}/comments", reply, options: comment)
        router.add("POST", "/v1/comment-threads/{thread}/resolve", resolve, options: [.role(.editor)])
        router.add("POST", "/v1/comment-threads/{thread}/reopen", reopen, options: [.role(.editor)])
    }

    /// A thread's members.
    static func write(_ thread: CommentThread, into json: inout JSONWriter) {
        json.field("id", Int(thread.id))
        json.field("resource", thread.owner.path)
        json.field("locale", thread.locale)
        json.field("open", thread.isOpen)
        json.field("created_by", thread.createdBy)
        json.field("created_at", thread.createdAt)
        json.field("resolved_by", thread.resolvedBy)
        json.field("resolved_at", thread.resolvedAt)
        json.objects("comments", thread.comments) { json, comment in
            json.field("id", Int(comment.id))
            json.field("author", comment.author)
            json.field("created_at", comment.createdAt)
            json.field("body", comment.body)
            json.field("html", CommonMark.html(comment.body))
        }
        let path = "/v1/comment-threads/\(thread.id)"
        json.object("links", [("self", path), ("comments", path + "/comments"), ("resolve", path + "/resolve"), ("reopen", path + "/reopen")])
    }

    private static func answer(_ thread: CommentThread, status: Int = 200) -> APIResponse {
        var json = JSONWriter(capacity: 1024)
        json.beginObject()
        write(thread, into: &json)
        json.endObject()
        var response = APIResponse.json(json, status: status, headers: status == 201 ? [("Location", "/v1/comment-threads/\(thread.id)")] : [])
        response.isCacheable = false
        return response
    }

    /// The text's locale: the source's for `…/comments`; a translation's, checked (404 for an
    /// unknown locale or the source named as a translation).
    private static func locale(_ request: APIRequest, _ reader: KnowledgeReader, _ owner: TextOwner, source: Bool) throws -> String {
        source ? SourceLocale.code : try TextOwnerRoute.translationLocale(request, reader, owner)
    }

    /// The thread `{thread}` names (a number; anything else names none: 404).
    private static func threadID(_ request: APIRequest) throws -> Int64 {
        guard let id = Int64(request.parameter("thread")), id > 0 else {
            throw StoreError.notFound(kind: "comment thread", id: String(request.parameter("thread").prefix(20)))
        }
        return id
    }

    private func list(_ request: APIRequest, owner: TextOwner, source: Bool) throws -> APIResponse {
        try TextOwnerRoute.list(store, owner: owner, locale: { try Self.locale(request, $0, owner, source: source) },
                                read: { try $0.commentThreads(owner, locale: $1) }, write: { Self.write($0, into: &$1) })
    }

    private func start(_ request: APIRequest, owner: TextOwner, source: Bool) throws -> APIResponse {
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let body = fields.string("body")
        let problems = fields.finish()
        let thread = try store.write(token: request.tokenName) { writer -> CommentThread in
            let locale = try Self.locale(request, writer.reader, owner, source: source)
            let id = try writer.editor.startThread(owner, locale: locale, body: body, author: request.tokenName ?? "anonymous", problems: problems)
            guard let thread = try writer.reader.commentThread(id) else { throw StoreError.corrupt("comment thread \(id) vanished") }
            return thread
        }
        return Self.answer(thread, status: 201)
    }

    private func show(_ request: APIRequest) throws -> APIResponse {
        let id = try Self.threadID(request)
        guard let thread = try store.read({ try $0.commentThread(id) }) else { throw StoreError.notFound(kind: "comment thread", id: String(id)) }
        var json = JSONWriter(capacity: 1024)
        json.beginObject()
        Self.write(thread, into: &json)
        json.endObject()
        return .json(json)
    }

    private func reply(_ request: APIRequest) throws -> APIResponse {
        let id = try Self.threadID(request)
        var fields = EditRequest.Fields(try EditRequest.body(request))
        let body = fields.string("body")
        let problems = fields.finish()
        return Self.answer(try change(request, thread: id) { try $0.reply(to: id, body: body, author: request.tokenName ?? "anonymous", problems: problems) },
                           status: 201)
    }

    private func resolve(_ request: APIRequest) throws -> APIResponse {
        let id = try Self.threadID(request)
        try refuseMembers(request)
        return Self.answer(try change(request, thread: id) { try $0.resolveThread(id, by: request.tokenName) })
    }

    private func reopen(_ request: APIRequest) throws -> APIResponse {
        let id = try Self.threadID(request)
        try refuseMembers(request)
        return Self.answer(try change(request, thread: id) { try $0.reopenThread(id, by: request.tokenName) })
    }

    /// Resolving and reopening take no body (an empty object is accepted).
    private func refuseMembers(_ request: APIRequest) throws {
        let problems = EditRequest.Fields(try EditRequest.optionalBody(request)).finishing()
        if !problems.isEmpty { throw StoreError.validation(problems) }
    }

    /// Runs `body` on the editor in one write, and reads the thread after it.
    private func change(_ request: APIRequest, thread id: Int64, _ body: (KnowledgeEditor) throws -> Void) throws -> CommentThread {
        try store.write(token: request.tokenName) { writer in
            try body(writer.editor)
            guard let thread = try writer.reader.commentThread(id) else { throw StoreError.notFound(kind: "comment thread", id: String(id)) }
            return thread
        }
    }
}
