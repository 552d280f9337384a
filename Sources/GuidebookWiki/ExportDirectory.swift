import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder the Markdown export is kept in (a Git working tree, say), updated so that a commit
/// afterwards shows exactly what changed: a file is rewritten only when its bytes differ, and
/// files of topics that no longer exist are removed.
///
/// The export owns only the files it wrote: their paths are listed in `.guidebook-export` at the
/// root, and only those are ever removed. Everything else in the folder (`.git`, a README, other
/// pages) is left alone.
public struct ExportDirectory {
    /// The list of the files the export wrote, at the root of the folder.
    public static let manifestName = ".guidebook-export"

    /// The folder.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// What an update did.
    public struct Summary: Sendable, Equatable {
        /// Files created or rewritten because their bytes changed.
        public var written = 0
        /// Files already as the export would write them.
        public var unchanged = 0
        /// Files of the previous export that the new one no longer has.
        public var removed = 0
        /// Files of the previous export left as they were without being rendered (`--since`).
        public var kept = 0

        public init() {}

        /// Files the export holds now.
        public var files: Int { written + unchanged + kept }
    }

    /// Writes every file `produce` hands over, then removes the files of the previous export that
    /// it did not hand over, and records the new list.
    public func update(_ produce: ((ExportFile) throws -> Void) throws -> Void) throws -> Summary {
        // `produce` only ever sees `write` during this call: nothing escapes.
        try withoutActuallyEscaping(produce) { produce in try updateKeeping { write, _ in try produce(write) } }
    }

    /// Like `update(_:)`, where `produce` may also name a path to keep as it is: a file of the
    /// previous export stays (and stays listed) without being rendered again.
    public func updateKeeping(_ produce: (_ write: (ExportFile) throws -> Void, _ keep: (String) -> Void) throws -> Void) throws -> Summary {
        let fileManager = FileManager.default
        try createDirectory(path)
        let previous = try readManifest()
        let previouslyListed = Set(previous)
        var summary = Summary()
        var current: [String] = []
        var madeDirectories = Set<String>()
        let keep: (String) -> Void = { kept in
            // Only what the previous export wrote and is still there: anything else has no page to keep.
            guard previouslyListed.contains(kept), fileManager.fileExists(atPath: path + "/" + kept) else { return }
            current.append(kept)
            summary.kept += 1
        }
        try produce({ file in
            current.append(file.path)
            let target = path + "/" + file.path
            if let existing = fileManager.contents(atPath: target), existing.count == file.contents.count, existing.elementsEqual(file.contents) {
                summary.unchanged += 1
                return
            }
            let folder = (target as NSString).deletingLastPathComponent
            if madeDirectories.insert(folder).inserted { try createDirectory(folder) }
            try write(file.contents, to: target)
            summary.written += 1
        }, keep)
        let kept = Set(current)
        for old in previous where !kept.contains(old) {
            guard Self.isOwnablePath(old) else { continue }
            let target = path + "/" + old
            guard fileManager.fileExists(atPath: target) else { continue }
            do {
                try fileManager.removeItem(atPath: target)
            } catch {
                throw ExportError.io(path: target, reason: "cannot be removed (\(error.localizedDescription))")
            }
            summary.removed += 1
            removeEmptyFolders(above: old)
        }
        let manifest = Array(("# Files written by `guidebook export --format markdown`; it removes only these.\n"
            + current.sorted().joined(separator: "\n") + "\n").utf8)
        let manifestPath = path + "/" + Self.manifestName
        if fileManager.contents(atPath: manifestPath).map({ !$0.elementsEqual(manifest) }) ?? true {
            try write(manifest, to: manifestPath)
        }
        return summary
    }

    /// The paths the previous export listed (none when there was none).
    private func readManifest() throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path + "/" + Self.manifestName) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A path the export could have written: relative, made of safe names, ending in `.md`. A list
    /// edited by hand can name nothing else (`../`, absolute paths, `.git`).
    static func isOwnablePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, last.hasSuffix(".md") else { return false }
        return parts.dropLast().allSatisfy { MarkdownExport.isSafeName(String($0)) } && MarkdownExport.isSafeName(String(last.dropLast(3)))
    }

    /// Removes the folders of `relative` that the removal left empty, deepest first, never the root.
    private func removeEmptyFolders(above relative: String) {
        var parts = relative.split(separator: "/").dropLast()
        while !parts.isEmpty {
            let folder = path + "/" + parts.joined(separator: "/")
            guard let contents = try? FileManager.default.contentsOfDirectory(atPath: folder), contents.isEmpty,
                  (try? FileManager.default.removeItem(atPath: folder)) != nil else { return }
            parts = parts.dropLast()
        }
    }

    private func createDirectory(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ExportError.io(path: folder, reason: "cannot be created (\(error.localizedDescription))")
        }
    }

    /// Writes through a temporary file beside it, renamed into place, so that a reader (a wiki
    /// syncing) never sees half a file. Without `fsync`: Foundation's atomic write syncs every
    /// file, which made the 100k export take 20-30 s on a busy disk instead of a few; an export cut
    /// short by a crash is simply run again.
    private func write(_ bytes: [UInt8], to target: String) throws {
        let temporary = (target as NSString).deletingLastPathComponent + "/.guidebook-export-\(getpid()).tmp"
        func failure(_ what: String) -> ExportError {
            ExportError.io(path: target, reason: "cannot be written (\(what): \(String(cString: strerror(errno))))")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("write")
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard close(descriptor) == 0 else {
            let error = failure("close")
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let error = failure("rename")
            unlink(temporary)
            throw error
        }
    }
}
