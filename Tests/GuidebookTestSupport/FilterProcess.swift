import Foundation

/// Runs a command as a filter, for checks that must not trust the code under test (the system's
/// `gzip`, Python's `hmac`): `input` on its standard input, its standard output returned with its
/// exit status.
public enum FilterProcess {
    public static func run(_ executable: String, _ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](data))
    }
}
