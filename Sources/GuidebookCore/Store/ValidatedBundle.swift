/// A bundle that passed `BundleValidator.validate`. The only way to make one is to validate a
/// bundle, so a writer handed one (`KnowledgeWriter.apply`) knows it is checked and does not
/// check it again: an import validates once, where it can still say which line broke a rule.
public struct ValidatedBundle: Sendable {
    public let bundle: KnowledgeBundle

    /// `bundle`, once it passed validation; throws `StoreError.invalid` naming the first
    /// offending field.
    public init(validating bundle: KnowledgeBundle) throws {
        try BundleValidator.validate(bundle)
        self.bundle = bundle
    }
}
