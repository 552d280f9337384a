import Foundation
internal import SQLite

/// The checks a restored database must pass before it may be served, and what it holds: opened
/// read-only, `PRAGMA integrity_check` must say ok and its schema must be one this binary can
/// serve (not newer than its migrations). `guidebook restore` and `guidebook backup verify` run them.
public struct RestoredDatabase: Sendable, Equatable {
    /// The schema version recorded in the file.
    public let schemaVersion: Int
    /// Topics in the knowledge base.
    public let topics: Int
    /// Guidelines in the knowledge base.
    public let guidelines: Int
    /// Guideline translations: every guideline text beyond each guideline's first.
    public let translations: Int
    /// The last change-log sequence number and when it was made (nil: the log is empty).
    public let lastChange: (seq: Int, at: String)?

    public static func == (lhs: RestoredDatabase, rhs: RestoredDatabase) -> Bool {
        lhs.schemaVersion == rhs.schemaVersion && lhs.topics == rhs.topics && lhs.guidelines == rhs.guidelines
            && lhs.translations == rhs.translations && lhs.lastChange?.seq == rhs.lastChange?.seq && lhs.lastChange?.at == rhs.lastChange?.at
    }

    /// A check that failed; the database must not be served.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file cannot be opened or read as a database (truncated, or not SQLite).
        case unreadable(String)
        /// `PRAGMA integrity_check` found problems (its first lines).
        case integrity([String])
        /// The schema is newer than this binary's migrations.
        case schemaTooNew(found: Int, supported: Int)

        public var description: String {
            switch self {
            case .unreadable(let reason): return "the restored file is not a readable database: \(reason)"
            case .integrity(let lines): return "PRAGMA integrity_check failed: " + lines.prefix(5).joined(separator: "; ")
            case .schemaTooNew(let found, let supported):
                return "the restored schema is version \(found), newer than this binary supports (\(supported)); restore with a newer Guidebook"
            }
        }
    }

    /// Checks the database at `path` against `migrations` and counts what it holds; writes nothing.
    public static func check(path: String, migrations: [Migration]) throws -> RestoredDatabase {
        do {
            let database = try Database(path: path, mode: .readOnly)
            try database.execute("PRAGMA query_only = 1")
            var problems: [String] = []
            try database.forEachRow("PRAGMA integrity_check") { problems.append($0.text(0)) }
            guard problems == ["ok"] else { throw Failure.integrity(problems) }
            let migrator = Migrator(migrations: migrations)
            let found = try migrator.recordedVersion(of: database)
            guard found <= migrator.latestVersion else { throw Failure.schemaTooNew(found: found, supported: migrator.latestVersion) }
            let count = { (sql: String) in try database.scalarInt(sql) ?? 0 }
            let hasChanges = try database.hasTable("changes")
            let last = hasChanges ? try database.firstRow("SELECT seq, at FROM changes ORDER BY seq DESC LIMIT 1") { ($0.int(0), $0.text(1)) } : nil
            return RestoredDatabase(
                schemaVersion: found,
                topics: found == 0 ? 0 : try count("SELECT count(*) FROM topics"),
                guidelines: found == 0 ? 0 : try count("SELECT count(*) FROM guidelines"),
                translations: found == 0 ? 0 : try count("SELECT count(*) - count(DISTINCT guideline_id) FROM guideline_texts"),
                lastChange: last)
        } catch let error as SQLiteError {
            throw Failure.unreadable(error.message)
        }
    }
}
