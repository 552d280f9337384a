import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A request body written to a temporary file. The file is deleted when the last reference goes
/// away, unless `keep()` moved it out of the server's care.
public final class SpoolFile: @unchecked Sendable {
    /// Where the body is on disk.
    public let path: String
    private var descriptor: Int32
    private let lock = NSLock()
    private var written = 0
    private var isKept = false

    /// Creates an empty spool file in `directory`.
    init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var template = Array((directory + "/upload-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SpoolError(message: "cannot create a spool file in \(directory): errno \(errno)") }
        self.descriptor = fd
        self.path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !isKept { unlink(path) }
    }

    /// Bytes written so far.
    public var size: Int { lock.withLock { written } }

    func append(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw SpoolError(message: "cannot write the spool file: errno \(errno)")
            }
            offset += n
        }
        lock.withLock { written += bytes.count }
    }

    /// Closes the file for writing; the body is complete.
    func finish() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }

    /// Takes the file out of the server's care: it is no longer deleted on release.
    public func keep() -> String {
        lock.withLock { isKept = true }
        return path
    }
}

struct SpoolError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
