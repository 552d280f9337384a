import GuidebookJobs

/// Why an import failed: what, and where in the input (the line, the field). It is the job's
/// error as it is recorded when the import runs as a job.
public typealias ImportFailure = JobError
