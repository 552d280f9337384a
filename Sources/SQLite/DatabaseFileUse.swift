#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether another process has a WAL-mode database open. Every connection to a WAL database
/// holds a shared POSIX lock on one byte of the `-shm` file for as long as it is open (SQLite's
/// "dead man switch", byte 128: after the 8 locks of the wal-index header at 120), and the last one
/// to close takes it exclusively. So a process that would replace the file can ask the kernel
/// whether anyone holds that byte, without opening the database or taking any lock itself.
public enum DatabaseFileUse {
    /// Offset of the dead-man-switch byte in the `-shm` file (SQLite's unix VFS).
    static let deadManSwitchOffset = 128

    /// The id of a process that has the database at `path` open, or nil when none has (or the
    /// database has no `-shm` file: no connection in WAL mode has it open). When the `-shm` file
    /// exists but cannot be asked, the answer is the error.
    public static func holder(ofDatabaseAt path: String) throws(DatabaseFileUseError) -> Int32? {
        let shm = path + "-shm"
        let descriptor = open(shm, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw DatabaseFileUseError(path: shm, code: code)
        }
        defer { close(descriptor) }
        var probe = flock()
        probe.l_type = Int16(F_WRLCK)
        probe.l_whence = Int16(SEEK_SET)
        probe.l_start = off_t(deadManSwitchOffset)
        probe.l_len = 1
        // F_GETLK only reports: it takes no lock, so closing this descriptor releases nothing.
        guard fcntl(descriptor, F_GETLK, &probe) == 0 else { throw DatabaseFileUseError(path: shm, code: errno) }
        return probe.l_type == Int16(F_UNLCK) ? nil : probe.l_pid
    }
}

/// The `-shm` file could not be opened or asked about its locks.
public struct DatabaseFileUseError: Error, CustomStringConvertible, Sendable {
    /// The `-shm` file's path.
    public let path: String
    /// `errno` of the failed call.
    public let code: Int32

    public var description: String { "cannot tell whether \(path) is in use: \(String(cString: strerror(code)))" }
}
