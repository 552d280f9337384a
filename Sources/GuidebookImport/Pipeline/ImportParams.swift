import GuidebookCore

/// What an import job was asked to do: its parameters as the job keeps them.
public struct ImportParams: Sendable, Codable, Equatable {
    public var format: ImportFormat
    public var mode: ImportMode
    public var dryRun: Bool
    public var fileName: String
    public var size: Int
    /// Where the upload waits on disk until the job is done.
    public var spoolPath: String

    public init(format: ImportFormat, mode: ImportMode, dryRun: Bool, fileName: String, size: Int, spoolPath: String) {
        self.format = format
        self.mode = mode
        self.dryRun = dryRun
        self.fileName = fileName
        self.size = size
        self.spoolPath = spoolPath
    }

    enum CodingKeys: String, CodingKey {
        case format, mode
        case dryRun = "dry_run"
        case fileName = "file_name"
        case size
        case spoolPath = "spool_path"
    }
}
