import GuidebookCore
import GuidebookJobs

/// The one place where errors become HTTP problems. Anything not known here is a 500 that
/// reveals nothing but the request id.
public enum ProblemMapper {
    /// The problem for `error`; `requestID` goes into the detail of an unexpected error.
    public static func problem(for error: any Error, requestID: String) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let error as StoreError:
            return problem(for: error, requestID: requestID)
        case let refusal as ReviewRefusal:
            switch refusal {
            case .reviewerOnly(let detail): return Problem(.forbidden, detail: detail, extra: ["required_role": "reviewer"])
            case .outdated(let detail): return Problem(.conflict, detail: detail, extra: ["state": "outdated"])
            case .conflict(let detail): return .conflict(detail)
            }
        case let refusal as JobRunner.Refusal:
            switch refusal {
            case .queueFull(let seconds):
                return .unavailable("the import queue is full; try again later", retryAfter: seconds)
            case .notFound(let id):
                return .notFound("no job with id '\(id.prefix(100))'")
            case .notFinished(let id):
                return .conflict("job '\(id)' has not finished; cancel it first, then delete it")
            case .alreadyFinished(let id, let status):
                return .conflict("job '\(id)' has already finished (\(status.rawValue)); there is nothing to cancel")
            }
        default:
            return .internalError(requestID: requestID)
        }
    }

    private static func problem(for error: StoreError, requestID: String) -> Problem {
        switch error {
        case .notFound(let kind, let id):
            return .notFound("no \(kind) with id '\(id.prefix(200))'")
        case .invalid(let field, let reason):
            return .invalidBody("\(field): \(reason)", field: field)
        case .busy, .locked:
            return .unavailable("the database is busy; try again shortly", retryAfter: 1)
        case .schemaTooNew, .badMigration:
            return .unavailable(error.description, retryAfter: 60)
        case .corrupt:
            return .internalError(requestID: requestID)
        case .validation(let fields):
            return .validationFailed(fields.map { ($0.name, $0.reason) })
        case .preconditionFailed(let current):
            return Problem(.preconditionFailed, detail: error.description + "; read it again and retry with its current ETag"
                           + (current == nil ? "" : " in If-Match"))
        case .alreadyExists:
            return .conflict(error.description)
        case .readOnlyReplica:
            return .unavailable(error.description, retryAfter: 60)
        case .replicaMissing, .replicaNotYetFollowed, .replicaUnreadable, .replicaSchemaOlder:
            return .unavailable(error.description, retryAfter: 5)
        }
    }

    /// True when the problem means the server failed (logged at error level).
    public static func isServerFault(_ problem: Problem) -> Bool { problem.status >= 500 && problem.status != 503 }
}
