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
        /// What the export did not go through, write or remove: symbolic links in the tree (and
        /// names that are not what the export writes there), one entry per name, in the order met.
        public var skipped: [ExportError] = []

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
    ///
    /// Nothing in the tree is followed: below the root (which the caller named), every folder and
    /// file is reached through descriptors with `O_NOFOLLOW`. A file whose path goes through a
    /// symbolic link, or is one, is neither written nor removed nor listed, and lands in
    /// `Summary.skipped`; a link in place of the list itself refuses the whole update before
    /// anything changes.
    public func updateKeeping(_ produce: (_ write: (ExportFile) throws -> Void, _ keep: (String) -> Void) throws -> Void) throws -> Summary {
        try createRoot()
        let tree = Tree(root: try DirectoryHandle.openRoot(path))
        switch try tree.root.entry(Self.manifestName) {
        case .missing, .file: break
        case .link: throw ExportError.notFollowed(path: path + "/" + Self.manifestName, reason: "is a symbolic link")
        case .directory, .other: throw ExportError.notFollowed(path: path + "/" + Self.manifestName, reason: "is not a regular file")
        }
        let previous = try readManifest(tree.root)
        let previouslyListed = Set(previous)
        var summary = Summary()
        var current: [String] = []
        let keep: (String) -> Void = { kept in
            // Only what the previous export wrote and is still there as a file: anything else has no page to keep.
            guard previouslyListed.contains(kept) else { return }
            do {
                let (folder, name) = try tree.locate(kept, create: false)
                guard let folder, try folder.entry(name) == .file else { return }
                current.append(kept)
                summary.kept += 1
            } catch let error as ExportError {
                tree.skip(error, into: &summary)
            } catch {}
        }
        try produce({ file in
            let folder: DirectoryHandle?, name: String
            do {
                (folder, name) = try tree.locate(file.path, create: true)
            } catch let error as ExportError {
                if case .notFollowed = error { return tree.skip(error, into: &summary) }
                throw error
            }
            guard let folder else { return }
            switch try folder.entry(name) {
            case .missing: break
            case .file:
                let existing: [UInt8]?
                do {
                    existing = try folder.read(name)
                } catch let error as ExportError {
                    if case .notFollowed = error { return tree.skip(error, into: &summary) }
                    throw error
                }
                if let existing, existing == file.contents {
                    current.append(file.path)
                    summary.unchanged += 1
                    return
                }
            case .link: return tree.skip(.notFollowed(path: path + "/" + file.path, reason: "is a symbolic link"), into: &summary)
            case .directory, .other: return tree.skip(.notFollowed(path: path + "/" + file.path, reason: "is not a regular file"), into: &summary)
            }
            try folder.write(file.contents, to: name)
            current.append(file.path)
            summary.written += 1
        }, keep)
        let kept = Set(current)
        for old in previous where !kept.contains(old) {
            guard Self.isOwnablePath(old) else { continue }
            do {
                let (folder, name) = try tree.locate(old, create: false)
                guard let folder else { continue }
                switch try folder.entry(name) {
                case .missing: continue
                case .file: try folder.removeFile(name)
                case .link: throw ExportError.notFollowed(path: path + "/" + old, reason: "is a symbolic link, not a file the export wrote")
                case .directory, .other: throw ExportError.notFollowed(path: path + "/" + old, reason: "is not a file the export wrote")
                }
            } catch let error as ExportError {
                if case .notFollowed = error { tree.skip(error, into: &summary); continue }
                throw error
            }
            summary.removed += 1
            try tree.removeEmptyFolders(above: old)
        }
        let manifest = Array(("# Files written by `guidebook export`; it removes only these.\n"
            + current.sorted().joined(separator: "\n") + "\n").utf8)
        if try tree.root.read(Self.manifestName) != manifest {
            try tree.root.write(manifest, to: Self.manifestName)
        }
        return summary
    }

    /// The paths the previous export listed (none when there was none).
    private func readManifest(_ root: DirectoryHandle) throws -> [String] {
        guard let data = try root.read(Self.manifestName) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A path the export could have written: relative, each part a safe name (`a-z`, `0-9`, `-`,
    /// `_`, and dots between them, never first), ending in one of the layouts' extensions. A list
    /// edited by hand can name nothing else (`../`, absolute paths, `.git`).
    static func isOwnablePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = parts.last, ownableExtensions.contains(where: { last.hasSuffix($0) }) else { return false }
        return parts.allSatisfy { isOwnableName($0) }
    }

    /// The extensions of the files the layouts write.
    private static let ownableExtensions = [".md", ".yml", ".json", ".zip"]

    private static func isOwnableName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.last != UInt8(ascii: "."), name.utf8.count <= 160 else { return false }
        var previousDot = false
        for byte in name.utf8 {
            let dot = byte == UInt8(ascii: ".")
            if dot && previousDot { return false }
            previousDot = dot
            guard dot || MarkdownExport.isSafeName(String(UnicodeScalar(byte))) || byte == UInt8(ascii: "_") else { return false }
        }
        return true
    }

    /// Creates the root (and the folders above it) when it is missing: the path the caller named.
    private func createRoot() throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ExportError.io(path: path, reason: "cannot be created (\(error.localizedDescription))")
        }
    }
}

/// The folders of one update, opened once each from the root down without following links, and
/// the ones refused (each reported once, however many files lie below it).
private final class Tree {
    let root: DirectoryHandle
    private var folders: [String: DirectoryHandle] = [:]
    private var refused = Set<String>()

    init(root: DirectoryHandle) {
        self.root = root
    }

    /// The open folder holding `relative` and the file's name in it; nil when a folder on the way is
    /// missing and not to be created. A link on the way throws `.notFollowed`.
    func locate(_ relative: String, create: Bool) throws -> (DirectoryHandle?, String) {
        var parts = relative.split(separator: "/").map(String.init)
        let name = parts.removeLast()
        return (try folder(parts, create: create), name)
    }

    private func folder(_ parts: [String], create: Bool) throws -> DirectoryHandle? {
        guard !parts.isEmpty else { return root }
        let key = parts.joined(separator: "/")
        if let open = folders[key] { return open }
        guard let parent = try folder(Array(parts.dropLast()), create: create) else { return nil }
        guard let open = try parent.folder(parts[parts.count - 1], create: create) else { return nil }
        folders[key] = open
        return open
    }

    /// Records a skipped name once (a refused folder refuses every file below it with the same error).
    func skip(_ error: ExportError, into summary: inout ExportDirectory.Summary) {
        if refused.insert(error.description).inserted { summary.skipped.append(error) }
    }

    /// Removes the folders of `relative` that a removal left empty, deepest first, never the root.
    func removeEmptyFolders(above relative: String) throws {
        var parts = relative.split(separator: "/").map(String.init).dropLast()
        while let name = parts.last {
            guard let parent = try folder(Array(parts.dropLast()), create: false) else { return }
            folders[parts.joined(separator: "/")] = nil
            guard parent.removeFolderIfEmpty(name) else { return }
            parts = parts.dropLast()
        }
    }
}
