import Foundation
import GuidebookCore
import GuidebookWiki
#if canImport(Glibc)
import Glibc
#endif

/// Publishes a layout to a Git repository: renders it into a working copy, commits only what
/// changed, pushes. One commit per run, whose message lists the change-log entries it covers;
/// `.guidebook-publish.json` in the repository records the last entry published, so the next run
/// renders only the topics changed since (`since: .auto`).
///
/// Nothing is half-published: the remote changes only by the one push of a finished commit. A push
/// the remote rejects because it moved on is fetched, rebased and pushed again (a few times); a
/// rebase conflict or a refusal (a protected branch) is reported and the remote stays as it was.
/// The working copy is the publisher's own: local changes in it (someone edited it) stop the run.
public struct GitPublisher {
    /// Render only what changed since the state file's cursor, or everything.
    public enum Since: String, Sendable {
        case auto, full
    }

    /// What to publish, and where.
    public struct Target: Sendable {
        public var repository: RepositoryAddress
        public var branch: String
        public var layout: WikiLayout
        /// The publisher's working copy (created on the first run).
        public var workDirectory: String

        public init(repository: RepositoryAddress, branch: String, layout: WikiLayout, workDirectory: String) {
            (self.repository, self.branch, self.layout, self.workDirectory) = (repository, branch, layout, workDirectory)
        }
    }

    /// What a run did.
    public struct Outcome: Sendable, Equatable {
        /// The commit pushed; nil when nothing changed.
        public var commit: String?
        /// Files written and removed by the render.
        public var written = 0
        public var removed = 0
        /// The cursor the branch now reflects.
        public var cursor: Int64 = 0
        /// How many times the push was rebased onto a remote that had moved on.
        public var rebases = 0
    }

    public let target: Target
    /// Pushes tried after the first when the remote moved on.
    public var pushRetries = 3
    /// Runs between the commit and the first push (tests make the remote move on there, as another
    /// publisher would).
    var beforePush: (() throws -> Void)?

    public init(target: Target) throws {
        guard !target.branch.isEmpty, !target.branch.hasPrefix("-"), target.branch.count <= 200 else {
            throw PublishError.invalidOption("--branch needs a branch name")
        }
        let check = try GitRunner(directory: "/").run(["check-ref-format", "--branch", target.branch])
        guard check.succeeded else { throw PublishError.invalidOption("--branch '\(target.branch.prefix(80))' is not a valid branch name") }
        guard target.layout != .bookstack else { throw PublishError.invalidOption("--layout bookstack is a ZIP for BookStack's import: use guidebook publish bookstack") }
        self.target = target
    }

    /// Publishes what `store` holds now.
    public func publish(_ store: Store, since: Since = .auto) throws -> Outcome {
        let lock = try WorkLock(path: target.workDirectory + ".lock")
        defer { lock.release() }
        let git = GitRunner(directory: target.workDirectory)
        let hasRemoteBranch = try prepareWorkingCopy(git)
        var state = since == .auto ? PublishState.read(in: target.workDirectory).flatMap { $0.layout == target.layout.rawValue ? $0 : nil } : nil

        var outcome = Outcome()
        var entries: [ChangeEntry] = []
        let summary: ExportDirectory.Summary
        do {
            summary = try store.read { reader in
                outcome.cursor = try reader.latestChangeSeq()
                // A cursor past the log's end was written against another history (the base was
                // restored from an earlier backup since): only a full render is right then.
                if let known = state, known.cursor > outcome.cursor { state = nil }
                let only = try state.map { try reader.topicsChanged(after: $0.cursor) }
                entries = try reader.changes(after: state?.cursor ?? 0, limit: Self.listedChanges + 1)
                return try ExportDirectory(path: target.workDirectory).updateKeeping { write, keep in
                    try LayoutExport(layout: target.layout, reader: reader).forEachFile(onlyTopics: only, keep: keep, write)
                }
            }
        } catch let error as ExportError {
            try? discardLocalChanges(git, hasRemoteBranch: hasRemoteBranch)
            throw PublishError.export(error.description)
        }
        guard summary.skipped.isEmpty else {
            try? discardLocalChanges(git, hasRemoteBranch: hasRemoteBranch)
            throw PublishError.export(summary.skipped.map(\.description).joined(separator: "; "))
        }
        outcome.written = summary.written
        outcome.removed = summary.removed
        guard summary.written > 0 || summary.removed > 0 else {
            // Nothing the wiki shows changed: no commit (the state keeps its cursor; the next run
            // looks again), and the working copy stays exactly the remote's.
            try? discardLocalChanges(git, hasRemoteBranch: hasRemoteBranch)
            return outcome
        }
        // Without the state the commit would say it published through an older cursor.
        guard FileManager.default.createFile(atPath: target.workDirectory + "/" + PublishState.fileName,
                                             contents: PublishState(layout: target.layout.rawValue, cursor: outcome.cursor).bytes) else {
            try? discardLocalChanges(git, hasRemoteBranch: hasRemoteBranch)
            throw PublishError.export("cannot write \(PublishState.fileName) in the working copy")
        }
        try git.check(["add", "-A"], what: "git add")
        try git.check(["commit", "-q", "--no-verify", "-F", "-"], input: message(entries: entries, state: state, through: outcome.cursor), what: "git commit")
        try beforePush?()
        outcome.rebases = try push(git, hasRemoteBranch: hasRemoteBranch)
        outcome.commit = try git.check(["rev-parse", "HEAD"], what: "git rev-parse").trimmingCharacters(in: .whitespacesAndNewlines)
        return outcome
    }

    /// Entries listed one per line in a commit message; more are counted.
    static let listedChanges = 200

    /// The commit message: a summary line, then one line per change-log entry (the resource, the
    /// kind, the token's name).
    func message(entries: [ChangeEntry], state: PublishState?, through cursor: Int64) -> String {
        let covered = entries.filter { $0.seq <= cursor }
        var lines = ["Guidebook: \(target.layout.rawValue) through change \(cursor)" + (state == nil ? " (full render)" : ""), ""]
        for entry in covered.prefix(Self.listedChanges) {
            var line = "- \(entry.seq) \(entry.resource.rawValue) \(entry.id) \(entry.kind.rawValue)"
            if let locale = entry.locale { line += " [\(locale)]" }
            line += " by \(entry.token ?? "no token")"
            lines.append(line)
        }
        if covered.count > Self.listedChanges { lines.append("- and more, through \(cursor)") }
        if covered.isEmpty { lines.append("- no change-log entries: the layout was rendered in full") }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: The working copy

    /// Makes the working copy the remote branch as it is now (or an empty branch when the remote
    /// has none yet). Returns whether the remote has the branch.
    func prepareWorkingCopy(_ git: GitRunner) throws -> Bool {
        let directory = target.workDirectory
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue { throw PublishError.invalidOption("the working copy \(directory) is a file") }
        if !exists || !FileManager.default.fileExists(atPath: directory + "/.git") {
            if exists, let contents = try? FileManager.default.contentsOfDirectory(atPath: directory), !contents.isEmpty {
                throw PublishError.localChanges("\(directory) holds files but is not a Git working copy; give the publisher a folder of its own")
            }
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw PublishError.invalidOption("the working copy \(directory) cannot be created: \(error.localizedDescription)")
            }
            try git.check(["init", "-q"], what: "git init")
            try git.check(["remote", "add", "origin", target.repository.text], what: "git remote add")
            do {
                return try fetch(git)
            } catch {
                try? FileManager.default.removeItem(atPath: directory)
                throw error
            }
        }
        let origin = try git.check(["remote", "get-url", "origin"], what: "git remote get-url").trimmingCharacters(in: .whitespacesAndNewlines)
        guard origin == target.repository.text else {
            throw PublishError.invalidOption("the working copy \(directory) publishes to \(RepositoryAddress.scrub(origin)), not \(target.repository); "
                + "give another --work folder")
        }
        let status = try git.check(["status", "--porcelain", "--untracked-files=all"], what: "git status")
        guard status.isEmpty else {
            let first = status.split(separator: "\n").prefix(3).joined(separator: ", ")
            throw PublishError.localChanges("the working copy \(directory) has local changes (\(first)); the publisher owns it: "
                + "commit them to the repository yourself or remove the folder, then publish again")
        }
        return try fetch(git)
    }

    /// Fetches the branch and puts the working copy on it; false when the remote has no such branch yet.
    private func fetch(_ git: GitRunner) throws -> Bool {
        let remoteRef = "refs/remotes/origin/" + target.branch
        let heads = try git.run(["ls-remote", "--heads", "origin", "refs/heads/" + target.branch])
        guard heads.succeeded else {
            throw PublishError.unreachable("the repository \(target.repository) cannot be read: \(GitRunner.firstLines(heads.errors))")
        }
        guard !heads.output.isEmpty else {
            // A new branch (or an empty repository): start it with no history and no files, also
            // when an earlier push of it was refused (its local commit must not count as published).
            try git.check(["symbolic-ref", "HEAD", "refs/heads/" + target.branch], what: "git symbolic-ref")
            _ = try git.run(["update-ref", "-d", "refs/heads/" + target.branch])
            _ = try git.run(["rm", "-r", "-q", "--cached", "--ignore-unmatch", "."])
            try git.check(["clean", "-q", "-fdx"], what: "git clean")
            return false
        }
        try git.check(["fetch", "-q", "origin", "+refs/heads/\(target.branch):\(remoteRef)"], what: "git fetch")
        try git.check(["checkout", "-q", "-B", target.branch, remoteRef], what: "git checkout")
        try git.check(["reset", "-q", "--hard", remoteRef], what: "git reset")
        try git.check(["clean", "-q", "-fdx"], what: "git clean")
        return true
    }

    /// Puts the working copy back as the remote has it, after a render that will not be committed.
    private func discardLocalChanges(_ git: GitRunner, hasRemoteBranch: Bool) throws {
        if hasRemoteBranch { try git.check(["reset", "-q", "--hard", "refs/remotes/origin/" + target.branch], what: "git reset") }
        try git.check(["clean", "-q", "-fdx"], what: "git clean")
    }

    /// Pushes the commit; when the remote moved on, fetches, rebases and pushes again. Returns the rebases done.
    private func push(_ git: GitRunner, hasRemoteBranch: Bool) throws -> Int {
        var rebases = 0
        while true {
            let pushed = try git.run(["push", "-q", "--porcelain", "origin", "HEAD:refs/heads/" + target.branch])
            if pushed.succeeded { return rebases }
            let text = pushed.output + "\n" + pushed.errors
            if text.contains("[remote rejected]") || text.contains("protected branch") || text.contains("hook declined") {
                throw PublishError.refused("the remote refused the push to \(target.branch) (a protected branch or a hook): "
                    + GitRunner.firstLines(pushed.errors.isEmpty ? pushed.output : pushed.errors) + "; the remote is as it was")
            }
            guard text.contains("[rejected]") || text.contains("non-fast-forward") || text.contains("fetch first") else {
                throw PublishError.unreachable("the push to \(target.repository) failed: \(GitRunner.firstLines(pushed.errors)); the remote is as it was")
            }
            guard rebases < pushRetries else {
                throw PublishError.conflict("the remote branch \(target.branch) kept moving; \(rebases) rebases did not catch up; the remote has none of this run")
            }
            rebases += 1
            let remoteRef = "refs/remotes/origin/" + target.branch
            try git.check(["fetch", "-q", "origin", "+refs/heads/\(target.branch):\(remoteRef)"], what: "git fetch")
            let rebase = try git.run(["rebase", "-q", remoteRef])
            guard rebase.succeeded else {
                _ = try? git.run(["rebase", "--abort"])
                throw PublishError.conflict("the remote branch \(target.branch) moved on and the rebase onto it conflicts "
                    + "(someone edited the generated files?): \(GitRunner.firstLines(rebase.errors + rebase.output)); the remote is as it was")
            }
        }
    }
}

/// An exclusive lock on a file beside the working copy, so two publishes (the server's and a
/// command's) never share it at once.
private final class WorkLock {
    private let descriptor: Int32

    init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PublishError.invalidOption("cannot open the lock file \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw PublishError.busy("another publish is using \((path as NSString).deletingPathExtension); try again when it is done")
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
