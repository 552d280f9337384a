import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An open folder of the export's tree, reached without following any symbolic link: every name
/// below it is opened, created, read, replaced or removed relative to this descriptor
/// (`openat`, `mkdirat`, `renameat`, `unlinkat`) with `O_NOFOLLOW`, so a link planted in the tree
/// (`en -> ../outside`) can never carry a write or a removal out of it.
///
/// Owns its descriptor and closes it when released.
final class DirectoryHandle {
    /// What a name in the folder is, seen without following it.
    enum Entry: Equatable {
        case missing, file, directory, link, other
    }

    /// The folder's path, for messages only (never used to reach it).
    let path: String
    private let descriptor: Int32

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens the export's root: the one path the user named, so a link there is followed (it is their choice).
    static func openRoot(_ path: String) throws -> DirectoryHandle {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ExportError.io(path: path, reason: "cannot be opened as a folder (\(Self.lastError()))") }
        return DirectoryHandle(descriptor: descriptor, path: path)
    }

    /// What `name` is, without following it.
    func entry(_ name: String) throws -> Entry {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return .missing }
            throw ExportError.io(path: child(name), reason: "cannot be examined (\(Self.lastError()))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// Opens the folder `name` below this one, creating it when `create` and it is missing. Nil when
    /// it is missing and not to be created; a link or a non-folder there throws `.notFollowed`.
    func folder(_ name: String, create: Bool) throws -> DirectoryHandle? {
        switch try entry(name) {
        case .missing:
            guard create else { return nil }
            guard mkdirat(descriptor, name, 0o755) == 0 || errno == EEXIST else {
                throw ExportError.io(path: child(name), reason: "cannot be created (\(Self.lastError()))")
            }
        case .directory: break
        case .link: throw ExportError.notFollowed(path: child(name), reason: "is a symbolic link")
        case .file, .other: throw ExportError.notFollowed(path: child(name), reason: "is not a folder")
        }
        // O_NOFOLLOW here too: a link swapped in after the check above fails to open (ELOOP).
        let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            if errno == ELOOP || errno == ENOTDIR { throw ExportError.notFollowed(path: child(name), reason: "is a symbolic link") }
            throw ExportError.io(path: child(name), reason: "cannot be opened (\(Self.lastError()))")
        }
        return DirectoryHandle(descriptor: opened, path: child(name))
    }

    /// The bytes of the regular file `name`, nil when it is missing; a link there throws `.notFollowed`.
    func read(_ name: String) throws -> [UInt8]? {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw ExportError.notFollowed(path: child(name), reason: "is a symbolic link") }
            throw ExportError.io(path: child(name), reason: "cannot be read (\(Self.lastError()))")
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw ExportError.io(path: child(name), reason: "cannot be examined (\(Self.lastError()))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ExportError.notFollowed(path: child(name), reason: "is not a regular file") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw ExportError.io(path: child(name), reason: "cannot be read (\(Self.lastError()))") }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// Writes `bytes` as the file `name` through a temporary file beside it, renamed into place, so
    /// that a reader (a wiki syncing) never sees half a file. The temporary file is created
    /// exclusively (`O_EXCL`: never through a link of that name), and the rename replaces whatever
    /// `name` is without following it. Without `fsync`: syncing every file made the 100k export
    /// take 20-30 s on a busy disk instead of a few; an export cut short by a crash is simply run again.
    func write(_ bytes: [UInt8], to name: String) throws {
        let temporary = ".guidebook-export-\(getpid()).tmp"
        func failure(_ what: String) -> ExportError {
            ExportError.io(path: child(name), reason: "cannot be written (\(what): \(Self.lastError()))")
        }
        var file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if file < 0 && errno == EEXIST {
            // Left by an earlier run of this process id: unlinkat removes the name itself, never what a link points to.
            guard unlinkat(descriptor, temporary, 0) == 0 else { throw failure("remove stale temporary file") }
            file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard file >= 0 else { throw failure("open") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("write")
                close(file)
                unlinkat(descriptor, temporary, 0)
                throw error
            }
            written += count
        }
        guard close(file) == 0 else {
            let error = failure("close")
            unlinkat(descriptor, temporary, 0)
            throw error
        }
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            let error = failure("rename")
            unlinkat(descriptor, temporary, 0)
            throw error
        }
    }

    /// Removes the regular file `name` (the caller has checked what it is).
    func removeFile(_ name: String) throws {
        guard unlinkat(descriptor, name, 0) == 0 else {
            throw ExportError.io(path: child(name), reason: "cannot be removed (\(Self.lastError()))")
        }
    }

    /// Removes the folder `name` if it is empty (never a link: `rmdir` does not follow one); false when it stays.
    func removeFolderIfEmpty(_ name: String) -> Bool {
        unlinkat(descriptor, name, AT_REMOVEDIR) == 0
    }

    private func child(_ name: String) -> String { path + "/" + name }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
