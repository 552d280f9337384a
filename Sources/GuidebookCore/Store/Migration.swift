import Foundation

/// One numbered schema change, read from `Migrations/NNNN_name.sql`.
public struct Migration: Sendable, Equatable {
    public let version: Int
    public let name: String
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// Reads every `NNNN_name.sql` in `directory`, ordered by number. Two files with one number are
    /// refused. Numbers may skip: work in progress reserves its numbers, so a branch may bring 17
    /// before another brings 12 (`Migrator` applies each missing one, whatever its place).
    public static func load(from directory: String) throws -> [Migration] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw StoreError.badMigration("cannot read the migrations folder \(directory)")
        }
        var migrations: [Migration] = []
        for file in names where file.hasSuffix(".sql") {
            let stem = file.dropLast(4)
            let parts = stem.split(separator: "_", maxSplits: 1)
            guard parts.count == 2, let version = Int(parts[0]), version > 0 else {
                throw StoreError.badMigration("\(file) is not named NNNN_name.sql")
            }
            let sql = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            migrations.append(Migration(version: version, name: String(parts[1]), sql: sql))
        }
        migrations.sort { $0.version < $1.version }
        for (earlier, later) in zip(migrations, migrations.dropFirst()) where earlier.version == later.version {
            throw StoreError.badMigration("two migrations are numbered \(later.version): \(earlier.name) and \(later.name)")
        }
        return migrations
    }
}
