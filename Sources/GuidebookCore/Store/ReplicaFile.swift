import Foundation

/// The state of a replica's file before the replica opens it, read from the file's header (no
/// SQLite connection: a connection to a file in WAL mode keeps a shared lock on it for as long as
/// it is open, which would stop Litestream's follower from ever writing to it again).
///
/// `litestream restore -f` first restores the file as the primary had it, in WAL mode, then
/// writes each update's pages in place under an exclusive lock and, when page 1 is among them,
/// marks the header as rollback-journal mode. Only then can readers and the follower take turns.
public enum ReplicaFile: Equatable, Sendable {
    /// There is no file yet: the first restore has not finished.
    case missing
    /// The file is there but still in WAL mode: the follower has not applied its first update.
    case notYetFollowed
    /// In rollback-journal mode: ready to be served.
    case ready
    /// Something else, too short to be a database or not SQLite at all (opening it says why).
    case unrecognized

    /// What the file at `path` is now.
    public static func state(of path: String) -> ReplicaFile {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .missing }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count == 100,
              header.starts(with: Array("SQLite format 3\0".utf8)) else { return .unrecognized }
        return header[18] == 2 || header[19] == 2 ? .notYetFollowed : .ready
    }

    /// Removes the empty WAL the first restore leaves beside the file: SQLite would open a file
    /// with a WAL beside it in WAL mode (and keep its lock), whatever its header says. A WAL with
    /// frames in it is left alone (false): the file is then not one a follower keeps.
    public static func removeEmptyWAL(besides path: String) -> Bool {
        let wal = path + "-wal"
        guard let size = (try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int else { return true }
        guard size == 0 else { return false }
        return (try? FileManager.default.removeItem(atPath: wal)) != nil
    }
}
