/// What a TMX import job was asked to do: its parameters as the job keeps them.
public struct MemoryImportParams: SpooledParams, Equatable {
    /// Nil: the one language of the file, besides English, that the base translates into.
    public var locale: String?
    public var dryRun: Bool
    public var fileName: String
    public var size: Int
    /// Where the upload waits on disk until the job is done.
    public var spoolPath: String
    /// The token that submitted the job, recorded with the memory.
    public var tokenName: String?

    public init(locale: String?, dryRun: Bool, fileName: String, size: Int, spoolPath: String, tokenName: String?) {
        self.locale = locale
        self.dryRun = dryRun
        self.fileName = fileName
        self.size = size
        self.spoolPath = spoolPath
        self.tokenName = tokenName
    }

    enum CodingKeys: String, CodingKey {
        case locale, size
        case dryRun = "dry_run", fileName = "file_name", spoolPath = "spool_path", tokenName = "token_name"
    }
}
