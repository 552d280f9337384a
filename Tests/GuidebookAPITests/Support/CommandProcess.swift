import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `guidebook` command (`import`, `migrate`, a `serve` expected to fail) in a child process,
/// started at once and not waited for, so that several can start at the same moment.
final class CommandProcess {
    let process = Process()
    // Standard error goes to a file, not a pipe: children started together inherit each other's
    // pipe ends, so a pipe's end of file can come late, while a file is complete when the child exits.
    private let errorFile: String

    /// Starts `guidebook` with `arguments`; standard error is kept, standard output dropped.
    init(_ arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: ServerProcess.executable) else {
            throw ProcessError("the guidebook executable was not found at \(ServerProcess.executable); build the package first")
        }
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-command-\(UUID().uuidString).log").path
        guard FileManager.default.createFile(atPath: errorFile, contents: nil), let handle = FileHandle(forWritingAtPath: errorFile) else {
            throw ProcessError("cannot create \(errorFile)")
        }
        defer { try? handle.close() }
        process.executableURL = URL(fileURLWithPath: ServerProcess.executable)
        process.arguments = arguments
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// Everything the process wrote to stderr so far.
    var errorOutput: String {
        String(decoding: FileManager.default.contents(atPath: errorFile) ?? Data(), as: UTF8.self)
    }

    /// Waits for the process to end; returns its exit status, or nil on timeout (it is then killed).
    /// A signal is reported as the shell does (128 + the signal), so a crash never looks like an exit status.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: errorFile)
    }
}
