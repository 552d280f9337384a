import Foundation
import GuidebookTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real `guidebook` executable in a child process, for what only a process can show:
/// signals, restarts after SIGKILL, exit codes, logs on stderr.
final class ServerProcess {
    /// The folder holding the built products (the test bundle sits beside `guidebook`).
    static let productsDirectory: String = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("guidebook").path) {
            url.deleteLastPathComponent()
        }
        return url.path
    }()

    static var executable: String { productsDirectory + "/guidebook" }

    let process = Process()
    /// The port it listens on (known once `waitUntilListening` returned).
    private(set) var port: UInt16 = 0
    private let errorPipe = Pipe()
    private let buffer = LogBuffer()

    /// Starts `guidebook serve` with `arguments` on a free port and, unless told not to
    /// (to start several at the same moment), waits until it listens. The server's admin token is
    /// `TestGuidebook.adminToken` (`GUIDEBOOK_ADMIN_TOKEN`) unless `environment` sets that variable
    /// (an empty value: no configured admin token).
    init(arguments: [String], environment: [String: String] = [:], waitUntilListening wait: Bool = true) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw ProcessError("the guidebook executable was not found at \(Self.executable); build the package first")
        }
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["serve", "--port", "0", "--resources", TestServer.packageRoot] + arguments
        var env = ProcessInfo.processInfo.environment
        env["GUIDEBOOK_ADMIN_TOKEN"] = TestGuidebook.adminToken
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        let buffer = self.buffer
        errorPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { buffer.append(data) }
        }
        try process.run()
        if wait { try waitUntilListening() }
    }

    /// Waits until the server logs the port it listens on; throws with its log if it does not.
    func waitUntilListening(seconds: Double = 20) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var found: UInt16?
        while found == nil && Date() < deadline && process.isRunning {
            found = Self.listeningPort(in: buffer.text)
            if found == nil { usleep(20_000) }
        }
        guard let found else {
            if process.isRunning { process.terminate() } else { usleep(50_000) } // the last lines of a dead server's log
            throw ProcessError("the server did not start; its log:\n\(buffer.text)")
        }
        port = found
    }

    /// Everything the process wrote to stderr so far.
    var log: String { buffer.text }

    /// The log as JSON objects, one per line that parses.
    var logLines: [[String: Any]] {
        log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    private static func listeningPort(in log: String) -> UInt16? {
        for line in log.split(separator: "\n") where line.contains("\"msg\":\"listening\"") {
            guard let range = line.range(of: "127.0.0.1:") else { continue }
            return UInt16(line[range.upperBound...].prefix { $0.isNumber })
        }
        return nil
    }

    /// Sends a signal.
    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for the process to end; returns its exit status, or nil on timeout.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        // Let the last log lines arrive.
        usleep(50_000)
        return process.terminationStatus
    }

    /// Kills the process if it still runs.
    func kill9() {
        if process.isRunning {
            signal(SIGKILL)
            _ = waitForExit(seconds: 10)
        }
    }

    deinit {
        kill9()
        errorPipe.fileHandleForReading.readabilityHandler = nil
    }
}

/// Collects a child's stderr as it arrives (from the pipe's reader thread).
final class LogBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

struct ProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
