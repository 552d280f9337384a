import GuidebookCore
import GuidebookImport

/// A unit of server-side work, such as an import, as clients see it.
public struct Job: Sendable, Equatable {
    public enum Status: String, Sendable, Codable {
        case queued, running, succeeded, failed, canceled

        /// True once the job can change no more.
        public var isFinished: Bool { self == .succeeded || self == .failed || self == .canceled }
    }

    public var id: String
    /// Creation order; newest first in lists.
    public var seq: Int64
    public var kind: String
    public var status: Status
    public var phase: String
    public var message: String
    public var completed: Int
    /// Nil while the amount of work is unknown.
    public var total: Int?
    public var unit: String
    public var params: ImportParams
    public var result: ImportResult?
    public var error: JobError?
    /// Increases with every change; the event stream's ids.
    public var revision: Int
    public var createdAt: String
    public var startedAt: String?
    public var updatedAt: String
    public var finishedAt: String?

    /// Whole percent done, nil while the total is unknown. Reaches 100 only when the job succeeded.
    public var percent: Int? {
        if status == .succeeded { return 100 }
        guard let total, total > 0 else { return nil }
        return min(99, completed * 100 / total)
    }
}

/// What an import job was asked to do.
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

/// What a finished import did.
public struct ImportResult: Sendable, Codable, Equatable {
    public var counts: ImportCounts
    public var warnings: [ImportWarning]
    /// Warnings beyond those kept.
    public var warningsOmitted: Int
    public var dryRun: Bool

    /// Warnings kept with a job; the rest are counted.
    public static let maxWarnings = 500

    enum CodingKeys: String, CodingKey {
        case counts, warnings
        case warningsOmitted = "warnings_omitted"
        case dryRun = "dry_run"
    }
}

/// Why a job failed, and where in the input.
public struct JobError: Sendable, Codable, Equatable {
    public var message: String
    public var line: Int?
    public var field: String?
}
