import Foundation
import GuidebookCore
import SQLite

/// `guidebook restore --from URL [--at RFC3339 | --txid N] [--db PATH] [--force]` and
/// `guidebook backup verify --from URL`: `litestream restore` into a temporary folder, then the
/// checks a database must pass before it is served (`RestoredDatabase`: integrity, schema
/// version), then (restore only) the file moved into place and a summary printed. Anything
/// wrong leaves the target as it was.
struct RestoreCommand {
    let runtime: Runtime
    let arguments: [String]
    /// True for `backup verify`: check only, write nothing.
    let verifyOnly: Bool

    /// A restore that must not go ahead, or a restored file that failed its checks: one line, exit 1.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private struct Options {
        var from: String?
        var point = Litestream.Point.latest
        var force = false
    }

    func run() throws -> Int32 {
        let options = try parse()
        guard let url = options.from else { throw UsageError("\(verifyOnly ? "backup verify" : "restore") needs --from URL (the replica: file:///DIR or s3://BUCKET/PATH)") }
        let target = runtime.settings.databasePath
        if !verifyOnly {
            if !options.force, let existing = [target, target + "-wal"].first(where: { FileManager.default.fileExists(atPath: $0) }) {
                throw Refusal("\(existing) exists; restore will not write over a database unless given --force")
            }
            try checkReplaceable(target)
        }
        if url.hasPrefix("file://") {
            let folder = String(url.dropFirst("file://".count))
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
                  FileManager.default.isReadableFile(atPath: folder) else {
                throw Refusal("no replica at \(url): \(folder) is not a folder that can be read")
            }
        }
        let litestream = try Litestream.locate(environment: ProcessInfo.processInfo.environment)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-restore-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let restored = scratch + "/restored.sqlite"
        do {
            try litestream.restore(from: url, to: restored, at: options.point)
        } catch let failure as Litestream.Failure {
            throw Refusal("litestream could not restore from \(url): \(failure.message)")
        }
        let summary: RestoredDatabase
        do {
            summary = try RestoredDatabase.check(path: restored, migrations: try runtime.migrations)
        } catch let failure as RestoredDatabase.Failure {
            throw Refusal("the backup at \(url) fails its checks: \(failure)")
        }
        if verifyOnly {
            Console.out("backup at \(url) is good")
        } else {
            // Again: a server may have started on the target while litestream worked.
            try checkReplaceable(target)
            try moveIntoPlace(restored, target: target)
            Console.out("restored \(url)\(describe(options.point)) into \(target)")
        }
        Console.out("  integrity ok, schema version \(summary.schemaVersion)")
        Console.out("  topics \(summary.topics), guidelines \(summary.guidelines), translations \(summary.translations)")
        Console.out(summary.lastChange.map { "  last change \($0.seq) at \($0.at)" } ?? "  no change in the change log")
        return 0
    }

    private func describe(_ point: Litestream.Point) -> String {
        switch point {
        case .latest: return ""
        case .time(let date): return " as of \(ISO8601DateFormatter().string(from: date))"
        case .transaction(let txid): return " up to transaction \(txid)"
        }
    }

    /// Refuses a target that `--force` must not replace: anything but a regular file (a folder
    /// would be removed with all it holds, a symbolic link replaced rather than its database), and a
    /// database another process has open (a server would go on writing to the removed file, and
    /// every write it answered from then on would be lost).
    private func checkReplaceable(_ target: String) throws {
        for path in [target, target + "-wal", target + "-shm", target + "-txid"] {
            guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { continue }
            guard type == .typeRegular else {
                let what = type == .typeDirectory ? "a folder" : type == .typeSymbolicLink ? "a symbolic link" : "not a regular file"
                throw Refusal("\(path) is \(what); restore replaces only a database file (give --db the database's own path)")
            }
        }
        do {
            if let process = try DatabaseFileUse.holder(ofDatabaseAt: target) {
                throw Refusal("\(target) is open in process \(process) (a running server?); stop it before restoring over its database")
            }
        } catch let error as DatabaseFileUseError {
            throw Refusal(error.description)
        }
    }

    /// Replaces the target (and its WAL, shared memory and a follower's txid file: they belong
    /// to the old file) with the restored file.
    private func moveIntoPlace(_ restored: String, target: String) throws {
        let fm = FileManager.default
        let folder = (target as NSString).deletingLastPathComponent
        if !folder.isEmpty { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        for stale in [target, target + "-wal", target + "-shm", target + "-txid"] where fm.fileExists(atPath: stale) {
            try fm.removeItem(atPath: stale)
        }
        try fm.moveItem(atPath: restored, toPath: target)
    }

    private func parse() throws -> Options {
        var options = Options()
        var at: String?
        var txid: String?
        let command = verifyOnly ? "backup verify" : "restore"
        var cursor = ArgumentCursor(arguments)
        while let item = try cursor.next() {
            switch item {
            case .option("--from"): options.from = try cursor.value(of: "--from", expecting: "the replica's URL")
            case .option("--at") where !verifyOnly: at = try cursor.value(of: "--at", expecting: "an RFC 3339 time")
            case .option("--txid") where !verifyOnly: txid = try cursor.value(of: "--txid", expecting: "a transaction number")
            case .option("--force") where !verifyOnly: options.force = true
            case .option(let unknown): throw UsageError("unknown option \(unknown) for \(command); see guidebook --help")
            case .operand(let operand): throw UsageError("\(command) takes no argument '\(operand)'")
            }
        }
        if let from = options.from, !from.contains("://") {
            throw UsageError("--from must be a replica URL such as file:///var/backups/guidebook or s3://bucket/guidebook, not '\(from)'")
        }
        switch (at, txid) {
        case (.some, .some): throw UsageError("--at and --txid go alone: give one of them")
        case (.some(let text), nil):
            guard let date = Self.parseTime(text) else { throw UsageError("--at must be an RFC 3339 time such as 2026-12-03T08:30:00Z, not '\(text)'") }
            guard date <= Date() else { throw Refusal("--at \(text) is in the future; nothing can be restored from there") }
            options.point = .time(date)
        case (nil, .some(let text)):
            guard let number = Self.parseTXID(text), number > 0 else {
                throw UsageError("--txid must be a transaction number (decimal, or 16 hexadecimal digits as litestream prints it), not '\(text)'")
            }
            options.point = .transaction(number)
        case (nil, nil): break
        }
        return options
    }

    static func parseTime(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return plain.date(from: text) ?? fractional.date(from: text)
    }

    static func parseTXID(_ text: String) -> UInt64? {
        if text.count == 16, let hex = UInt64(text, radix: 16) { return hex }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }
}
