import Foundation
import GuidebookCore
internal import SQLite

/// Durable job records, in their own SQLite file so that writing them never waits for an import
/// holding the knowledge base's write lock. One connection behind a lock: job traffic is light.
/// A job's kind-specific parameters and result are stored as the JSON they come as.
public final class JobStore: @unchecked Sendable {
    private let database: Database
    private let lock = NSLock()
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()

    /// Opens (creating) the jobs database at `path`, applying `migrations` as the knowledge base does:
    /// safe while other processes open the same new file, a newer schema refused untouched.
    public init(path: String, migrations: [Migration]) throws {
        let database = try Database(path: path)
        try StoreError.reportingLock(of: database) {
            try database.execute("PRAGMA synchronous = NORMAL;")
            try Migrator(migrations: migrations).prepare(database)
        }
        self.database = database
        encoder.outputFormatting = [.sortedKeys]
    }

    /// Runs `body` on the connection, one caller at a time; a lock another process held beyond the
    /// busy timeout is `StoreError.busy`.
    private func access<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock { try StoreError.translatingBusy(body) }
    }

    /// The jobs database that belongs beside a knowledge-base file.
    public static func path(besides databasePath: String) -> String {
        if databasePath == ":memory:" { return ":memory:" }
        let trimmed = databasePath.hasSuffix(".sqlite") ? String(databasePath.dropLast(7)) : databasePath
        return trimmed + ".jobs.sqlite"
    }

    /// The next sequence number (creation order).
    func nextSeq() throws -> Int64 {
        try access { Int64(try database.scalarInt("SELECT coalesce(max(seq), 0) + 1 FROM jobs") ?? 1) }
    }

    /// Inserts or replaces a job's whole record.
    func save(_ job: Job) throws {
        let error = try job.error.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        try access {
            try database.run("""
                INSERT OR REPLACE INTO jobs (id, seq, kind, status, phase, message, progress_completed, progress_total, progress_unit,
                    params, result, error, revision, created_at, started_at, updated_at, finished_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(job.id), .integer(job.seq), .text(job.kind), .text(job.status.rawValue), .text(job.phase), .text(job.message),
                      .int(job.completed), .optionalInt(job.total), .text(job.unit), .text(job.params.json), .optionalText(job.result?.json), .optionalText(error),
                      .int(job.revision), .text(job.createdAt), .optionalText(job.startedAt), .text(job.updatedAt), .optionalText(job.finishedAt)])
        }
    }

    private static let columns = """
        SELECT id, seq, kind, status, phase, message, progress_completed, progress_total, progress_unit, params, result, error,
               revision, created_at, started_at, updated_at, finished_at FROM jobs
        """

    public func job(id: String) throws -> Job? {
        try access { try database.firstRow(Self.columns + " WHERE id = ?", [.text(id)], decode) }
    }

    /// Jobs newest first, optionally of one status and kind, before the sequence number `before`.
    public func list(status: Job.Status?, kind: String?, before: Int64?, limit: Int) throws -> [Job] {
        try access {
            try database.rows(Self.columns + """
                 WHERE (?1 IS NULL OR status = ?1) AND (?2 IS NULL OR kind = ?2) AND seq < ?3 ORDER BY seq DESC LIMIT ?4
                """, [.optionalText(status?.rawValue), .optionalText(kind), .integer(before ?? Int64.max), .int(limit)], decode)
        }
    }

    /// Queued and running jobs, oldest first (for recovery after a restart).
    func unfinished() throws -> [Job] {
        try access { try database.rows(Self.columns + " WHERE status IN ('queued', 'running') ORDER BY seq", [], decode) }
    }

    /// Counts of jobs per status (for metrics).
    public func countsByStatus() throws -> [String: Int] {
        try access {
            var counts: [String: Int] = [:]
            try database.forEachRow("SELECT status, count(*) FROM jobs GROUP BY status") { counts[$0.text(0)] = $0.int(1) }
            return counts
        }
    }

    func delete(id: String) throws {
        try access { try database.run("DELETE FROM jobs WHERE id = ?", [.text(id)]) }
    }

    private func decode(_ row: Statement) throws -> Job {
        guard let status = Job.Status(rawValue: row.text(3)) else { throw StoreError.corrupt("job status '\(row.text(3))'") }
        let params = JobPayload(json: row.text(9))
        let result = row.optionalText(10).map(JobPayload.init(json:))
        let error = try row.optionalText(11).map { try decoder.decode(JobError.self, from: Data($0.utf8)) }
        return Job(id: row.text(0), seq: row.int64(1), kind: row.text(2), status: status, phase: row.text(4), message: row.text(5),
                   completed: row.int(6), total: row.optionalInt(7), unit: row.text(8), params: params, result: result, error: error,
                   revision: row.int(12), createdAt: row.text(13), startedAt: row.optionalText(14), updatedAt: row.text(15),
                   finishedAt: row.optionalText(16))
    }
}
