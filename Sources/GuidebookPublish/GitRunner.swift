import Foundation

/// Runs Debian's `git` command line (found on the `PATH`) in one working copy, each call a child
/// process with its output captured. Git never prompts (`GIT_TERMINAL_PROMPT=0`, no askpass):
/// credentials come from the environment, SSH's agent or the configured credential helper, or the
/// command fails. Messages are in English (`LC_ALL=C`) and scrubbed of anything like credentials.
public struct GitRunner: Sendable {
    /// The working copy.
    public let directory: String
    /// The identity commits are made with unless `GIT_AUTHOR_NAME`/`GIT_COMMITTER_NAME` say otherwise.
    public var authorName = "Guidebook"
    public var authorEmail = "guidebook@localhost"

    public init(directory: String) {
        self.directory = directory
    }

    /// What one git command did.
    public struct Outcome: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String
        public var succeeded: Bool { status == 0 }
    }

    /// Runs `git ARGUMENTS` in the working copy (the folder must exist).
    @discardableResult
    public func run(_ arguments: [String], input: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=\(authorName)", "-c", "user.email=\(authorEmail)", "-c", "core.quotepath=false",
                             "-c", "advice.detachedHead=false", "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "/bin/false"
        environment["SSH_ASKPASS"] = "/bin/false"
        environment["LC_ALL"] = "C"
        environment["GIT_SSH_COMMAND"] = environment["GIT_SSH_COMMAND"] ?? "ssh -o BatchMode=yes"
        process.environment = environment
        let output = Pipe(), errors = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        do {
            try process.run()
        } catch {
            throw PublishError.git("git could not be started (\(error.localizedDescription)); install Debian's git")
        }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Outcome(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                       errors: RepositoryAddress.scrub(String(decoding: errorData.value, as: UTF8.self)))
    }

    /// Runs a command that must succeed; a failure throws `PublishError.git` with git's message.
    @discardableResult
    public func check(_ arguments: [String], input: String? = nil, what: String) throws -> String {
        let outcome = try run(arguments, input: input)
        guard outcome.succeeded else { throw PublishError.git("\(what) failed: \(Self.firstLines(outcome.errors))") }
        return outcome.output
    }

    /// The first lines of a git message, for an error.
    static func firstLines(_ text: String) -> String {
        text.split(separator: "\n").prefix(6).joined(separator: " / ").trimmingCharacters(in: .whitespaces)
    }
}

/// Data one thread sets and another reads once it is set.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var done = false

    func set(_ value: Data) { lock.withLock { data = value; done = true } }
    var isSet: Bool { lock.withLock { done } }
    var value: Data { lock.withLock { data } }
}
