import GuidebookChecks

/// A reviewer's approval of a translation over errors of the quality checks, while it stands
/// (`KnowledgeReader.approvalOverride`): shown beside the translation's findings.
public struct ApprovalOverride: Sendable, Equatable {
    /// Why the reviewer approved it anyway.
    public var reason: String
    /// The checks whose errors it overrode.
    public var checks: [CheckName]
    /// The name of the reviewer's token (nil: none).
    public var token: String?
    /// When it was approved (RFC 3339, UTC).
    public var at: String
}
