import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `guidebook` command (`import`, `migrate`, a `serve` expected to fail), or another of the
/// package's executables, in a child process, started at once and not waited for, so that
/// several can start at the same moment.
final class CommandProcess {
    let process = Process()
    // Standard error goes to a file, not a pipe: children started together inherit each other's
    // pipe ends, so a pipe's end of file can come late, while a file is complete when the child exits.
    private let errorFile: String
    private let outputFile: String

    /// Starts `executable` (by default `guidebook`) with `arguments`; standard error and standard
    /// output are kept, or standard output goes to `standardOutput` (a path such as `/dev/full`).
    init(_ arguments: [String], executable: String = ServerProcess.executable, standardOutput: String? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ProcessError("no executable at \(executable); build the package first")
        }
        let name = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-command-\(UUID().uuidString)").path
        errorFile = name + ".log"
        outputFile = name + ".out"
        guard FileManager.default.createFile(atPath: errorFile, contents: nil), let handle = FileHandle(forWritingAtPath: errorFile),
              FileManager.default.createFile(atPath: outputFile, contents: nil), let output = FileHandle(forWritingAtPath: outputFile) else {
            throw ProcessError("cannot create \(name).log and .out")
        }
        defer {
            try? handle.close()
            try? output.close()
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = handle
        if let standardOutput {
            guard let redirected = FileHandle(forWritingAtPath: standardOutput) else { throw ProcessError("cannot write \(standardOutput)") }
            process.standardOutput = redirected
            try process.run()
            try? redirected.close()
            return
        }
        process.standardOutput = output
        try process.run()
    }

    /// Everything the process wrote to stderr so far.
    var errorOutput: String {
        String(decoding: FileManager.default.contents(atPath: errorFile) ?? Data(), as: UTF8.self)
    }

    /// Everything the process wrote to stdout so far.
    var output: Data { FileManager.default.contents(atPath: outputFile) ?? Data() }

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
        try? FileManager.default.removeItem(atPath: outputFile)
    }
}
