import GuidebookCore

/// What a translation write's body says for the review rules: `state` (`draft`, `translated` or
/// `approved`) and `override_reason` (a reviewer approving over an error of the quality checks).
enum ReviewRequest {
    /// The longest override reason, in characters.
    static let maxReasonLength = 1000

    /// Reads `state` and `override_reason` from `fields` (their problems go with the others').
    static func read(_ fields: inout EditRequest.Fields, role: TranslationRole) -> TranslationWrite {
        var write = TranslationWrite(role: role)
        if let text = fields.string("state") {
            if let state = ReviewState(rawValue: text) {
                write.state = state
            } else {
                fields.reject("state", "must be draft, translated or approved, not '\(text.prefix(40))'")
            }
        }
        write.overrideReason = reason(&fields)
        return write
    }

    /// `override_reason`: text that is not blank, at most `maxReasonLength` characters.
    static func reason(_ fields: inout EditRequest.Fields) -> String? {
        guard let reason = fields.string("override_reason") else { return nil }
        var problems: [InvalidField] = []
        EditRules.checkReason(reason, name: "override_reason", maxLength: maxReasonLength, into: &problems)
        for problem in problems { fields.reject(problem.name, problem.reason) }
        return problems.isEmpty ? reason : nil
    }
}
