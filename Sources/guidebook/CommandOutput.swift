import Foundation

/// Where a command writes what it produces: standard output, or a file it names. Every write
/// can fail (a full disk, a closed pipe) and says so as a `CommandOutput.Failure`, one line and
/// exit 1, instead of stopping the process in Foundation's non-throwing `write`.
enum CommandOutput {
    /// A write that failed: what was being written and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `data` to standard output.
    static func standardOutput(_ data: Data) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw Failure(description: "cannot write to standard output: \(reason(error))")
        }
    }

    /// Writes `data` as the file at `path`. A regular file (or a new one) is replaced at once, so
    /// a failed write leaves the old one; a FIFO or a device (`/dev/stdout`, a named pipe) is
    /// written into, as a shell redirection would, rather than replaced by a regular file.
    static func file(_ data: Data, at path: String) throws {
        if isSpecialFile(path) {
            try streaming(to: path) { try $0(data) }
            return
        }
        // Written beside it under another name, then renamed over it: all or nothing.
        let url = URL(fileURLWithPath: path)
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial").path
        do {
            try streaming(to: partial, named: path) { try $0(data) }
            guard rename(partial, path) == 0 else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        } catch {
            unlink(partial)
            throw error
        }
    }

    /// Opens `path` (created or truncated; a FIFO or a device is written into) and passes `body`
    /// a function that writes a chunk to it. Failures name `name` (the file the user asked for).
    static func streaming(to path: String, named name: String? = nil, _ body: ((Data) throws -> Void) throws -> Void) throws {
        let name = name ?? path
        if !isSpecialFile(path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { throw Failure(description: "cannot write \(name)") }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw Failure(description: "cannot write \(name)") }
        try body { chunk in
            do {
                try handle.write(contentsOf: chunk)
            } catch {
                try? handle.close()
                throw Failure(description: "cannot write \(name): \(reason(error))")
            }
        }
        // Closing can be where a full disk shows (data the kernel buffered).
        do {
            try handle.close()
        } catch {
            throw Failure(description: "cannot write \(name): \(reason(error))")
        }
    }

    /// True when `path` is (or links to) an existing FIFO, device or socket: something a
    /// redirection writes into. `stat` follows links, so `/dev/stdout` counts when it is a pipe.
    private static func isSpecialFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFBLK || type == S_IFSOCK
    }

    /// The system's words for a failed write (`No space left on device`), not Foundation's wrapper.
    private static func reason(_ error: Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        return error.localizedDescription
    }
}
