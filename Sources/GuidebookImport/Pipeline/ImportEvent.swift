import GuidebookCore

/// The `data` of the `import.succeeded` and `import.failed` webhook events.
struct ImportEvent: Encodable {
    /// The import job, nil for `guidebook import` on the command line.
    var jobID: String?
    var file: String
    var format: String
    var mode: String
    /// What the import changed (import.succeeded).
    var counts: ImportCounts?
    /// Why it failed (import.failed): the message, with the line and field when known.
    var error: ImportFailure?

    init(options: Importer.Options, counts: ImportCounts? = nil, error: ImportFailure? = nil) {
        (jobID, file, format, mode) = (options.jobID, options.displayName, options.format.rawValue, options.mode.rawValue)
        (self.counts, self.error) = (counts, error)
    }

    enum CodingKeys: String, CodingKey {
        case jobID = "job_id", file, format, mode, counts, error
    }
}
