import Foundation
import XCTest

/// Runs a program of the system (gzip, tar, unzip, cmark, git) so that a test checks what the code
/// wrote with a tool that does not share its code. Input, output and errors go through temporary
/// files, so large amounts cannot block on a pipe.
public enum SystemTool {
    /// What a program did.
    public struct Result {
        public let status: Int32
        public let output: [UInt8]
        public let errors: String

        /// The output as text.
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `program` (found on the `PATH`) with `arguments` in `directory`, `input` on its standard input.
    public static func run(_ program: String, _ arguments: [String], input: [UInt8] = [], in directory: String? = nil,
                           environment: [String: String] = [:]) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputURL = scratch.appendingPathComponent("in"), outputURL = scratch.appendingPathComponent("out")
        let errorURL = scratch.appendingPathComponent("err")
        try Data(input).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = try FileHandle(forReadingFrom: inputURL), stdout = try FileHandle(forWritingTo: outputURL)
        let stderr = try FileHandle(forWritingTo: errorURL)
        defer { try? stdin.close(); try? stdout.close(); try? stderr.close() }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: [UInt8](try Data(contentsOf: outputURL)),
                      errors: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// Runs `program` and fails the test (throwing) unless it exits 0; returns its output.
    @discardableResult
    public static func check(_ program: String, _ arguments: [String], input: [UInt8] = [], in directory: String? = nil,
                             environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let result = try run(program, arguments, input: input, in: directory, environment: environment)
        guard result.status == 0 else {
            XCTFail("\(program) \(arguments.joined(separator: " ")) exited \(result.status): \(result.errors.prefix(2000))", file: file, line: line)
            throw ToolFailure(program: program, status: result.status)
        }
        return result
    }

    /// A program that exited with a status other than 0.
    public struct ToolFailure: Error {
        public let program: String
        public let status: Int32
    }
}
