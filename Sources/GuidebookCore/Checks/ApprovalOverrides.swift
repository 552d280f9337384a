import GuidebookChecks
internal import SQLite

/// The `approval_overrides` table (`Migrations/0019_approval_overrides.sql`): the approval over
/// the checks' errors each translation is in now. Written by `ApprovalGate`; triggers remove a row
/// when its translation leaves `approved` or goes.
struct ApprovalOverrides {
    let database: Database

    func remove(_ resource: ChangeResource, record: Int, locale: String) throws {
        try database.run("DELETE FROM approval_overrides WHERE resource = ?1 AND record_id = ?2 AND locale = ?3",
                         [.text(resource.rawValue), .int(record), .text(locale)])
    }

    func insert(_ override: ApprovalOverride, resource: ChangeResource, record: Int, locale: String) throws {
        try database.run("""
            INSERT INTO approval_overrides (resource, record_id, locale, reason, checks, token, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """, [.text(resource.rawValue), .int(record), .text(locale), .text(override.reason),
                  .text(override.checks.map(\.rawValue).joined(separator: ",")), .optionalText(override.token), .text(override.at)])
    }

    /// The override of the translation of `record` into `locale`, if its approval is one.
    func find(_ resource: ChangeResource, record: Int, locale: String) throws -> ApprovalOverride? {
        try database.firstRow("""
            SELECT reason, checks, token, at FROM approval_overrides WHERE resource = ?1 AND record_id = ?2 AND locale = ?3
            """, [.text(resource.rawValue), .int(record), .text(locale)]) { row in
            ApprovalOverride(reason: row.text(0), checks: row.text(1).split(separator: ",").compactMap { CheckName(rawValue: String($0)) },
                             token: row.optionalText(2), at: row.text(3))
        }
    }
}
