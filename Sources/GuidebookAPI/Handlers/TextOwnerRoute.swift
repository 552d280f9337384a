import GuidebookCore

/// The three kinds of resource whose texts the translation workflow's routes address, each by its
/// route prefix (`/v1/guidelines/{id}`, `/v1/topics/{slug}`, `/v1/topics/{slug}/sections/{key}`):
/// a controller registers one handler under all three and reads the owner back from the request.
enum TextOwnerRoute: CaseIterable {
    case guideline, topic, section

    /// The route prefix, with its parameters.
    var prefix: String {
        switch self {
        case .guideline: return "/v1/guidelines/{id}"
        case .topic: return "/v1/topics/{slug}"
        case .section: return "/v1/topics/{slug}/sections/{key}"
        }
    }

    /// The owner a request to a route under this prefix names.
    func owner(_ request: APIRequest) -> TextOwner {
        switch self {
        case .guideline: return .guideline(request.parameter("id"))
        case .topic: return .topic(request.parameter("slug"))
        case .section: return .section(topic: request.parameter("slug"), key: request.parameter("key"))
        }
    }

    /// Registers `handler` (given the owner) at `suffix` under every prefix.
    static func add(_ method: String, _ suffix: String, into router: inout Router<RouteHandler>, options: [RouteOption],
                    _ handler: @escaping @Sendable (APIRequest, TextOwner) throws -> APIResponse) {
        for route in allCases {
            router.add(method, route.prefix + suffix, { request in try handler(request, route.owner(request)) }, options: options)
        }
    }
}

extension APIRequest {
    /// The role the request's token has in the review rules: a reviewer or an admin counts as a
    /// reviewer, anyone else as an editor.
    var translationRole: TranslationRole {
        (context.principal?.role ?? .reader) >= .reviewer ? .reviewer : .editor
    }
}
