import GuidebookTranslationFiles

/// What a translation import job was asked to do: its parameters as the job keeps them.
public struct TranslationImportParams: SpooledParams, Equatable {
    /// Nil: told from the file's first bytes.
    public var format: TranslationFileFormat?
    /// Nil: the file's own target language.
    public var locale: String?
    public var onConflict: ConflictPolicy
    public var dryRun: Bool
    public var fileName: String
    public var size: Int
    /// Where the upload waits on disk until the job is done.
    public var spoolPath: String
    /// The token that submitted the job, named in the change log.
    public var tokenName: String?
    /// True when that token is a reviewer's or an admin's, whose import may change approved
    /// translations (nil, from a job queued before roles counted: an editor's).
    public var reviewer: Bool?

    public init(format: TranslationFileFormat?, locale: String?, onConflict: ConflictPolicy, dryRun: Bool, fileName: String, size: Int,
                spoolPath: String, tokenName: String?, reviewer: Bool = false) {
        self.format = format
        self.locale = locale
        self.onConflict = onConflict
        self.dryRun = dryRun
        self.fileName = fileName
        self.size = size
        self.spoolPath = spoolPath
        self.tokenName = tokenName
        self.reviewer = reviewer
    }

    enum CodingKeys: String, CodingKey {
        case format, locale, size, reviewer
        case onConflict = "on_conflict", dryRun = "dry_run", fileName = "file_name", spoolPath = "spool_path", tokenName = "token_name"
    }
}
