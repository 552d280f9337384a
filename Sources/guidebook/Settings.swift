import Foundation
import GuidebookAPI

/// Everything the executable is configured with, read once at start from options and the
/// environment (an option wins over its environment variable).
struct Settings: Sendable {
    var host = "127.0.0.1"
    var port: UInt16 = 8080
    var databasePath = "./data/guidebook.sqlite"
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var maxConnections = 1024
    var timeoutSeconds = 30
    var bodyLimit = 64 * 1024
    var importLimit = 512 * 1024 * 1024
    var lingerSeconds = 2
    var lingerBytes = 4 * 1024 * 1024
    var logLevel = Logger.Level.info
    var resourcesDirectory: String?
    var seedDirectory: String?
    var loadSeed = true
    var tlsCertificatePath: String?
    var tlsKeyPath: String?
    var spoolDirectory: String?
    var responseCacheMegabytes = 16
    var searchCacheMegabytes = 32
    var corsOrigins: [String] = []
    var embedAncestors = "*"

    /// One option: its flag, environment variable, help text and how it sets the value.
    struct Option: Sendable {
        let flag: String
        let environment: String?
        let valueName: String?
        let help: String
        let apply: @Sendable (inout Settings, String) throws -> Void
    }

    static let options: [Option] = [
        Option(flag: "--host", environment: "GUIDEBOOK_HOST", valueName: "ADDRESS", help: "address to listen on (default 127.0.0.1; 0.0.0.0 for all)") { $0.host = $1 },
        Option(flag: "--port", environment: "GUIDEBOOK_PORT", valueName: "N", help: "port to listen on, 0 for any free port (default 8080)") {
            $0.port = UInt16(try number($1, "--port", 0...65535))
        },
        Option(flag: "--db", environment: "GUIDEBOOK_DB", valueName: "PATH", help: "SQLite database file (default ./data/guidebook.sqlite)") { $0.databasePath = $1 },
        Option(flag: "--threads", environment: "GUIDEBOOK_THREADS", valueName: "N", help: "server worker threads (default: number of cores)") {
            $0.threads = try number($1, "--threads", 1...256)
        },
        Option(flag: "--max-connections", environment: "GUIDEBOOK_MAX_CONNECTIONS", valueName: "N", help: "connections open at once (default 1024)") {
            $0.maxConnections = try number($1, "--max-connections", 1...100_000)
        },
        Option(flag: "--timeout", environment: "GUIDEBOOK_TIMEOUT", valueName: "SECONDS", help: "idle/slow connection timeout (default 30)") {
            $0.timeoutSeconds = try number($1, "--timeout", 1...3600)
        },
        Option(flag: "--body-limit", environment: "GUIDEBOOK_BODY_LIMIT", valueName: "BYTES", help: "largest request body outside imports (default 65536)") {
            $0.bodyLimit = try number($1, "--body-limit", 1...(1 << 30))
        },
        Option(flag: "--import-limit", environment: "GUIDEBOOK_IMPORT_LIMIT", valueName: "BYTES", help: "largest import upload (default 536870912)") {
            $0.importLimit = try number($1, "--import-limit", 1...(1 << 40))
        },
        Option(flag: "--linger-time", environment: "GUIDEBOOK_LINGER_TIME", valueName: "SECONDS", help: "how long the body of a refused request (404, 405, 413) is read and dropped so the client can read the refusal; 0 answers at once (default 2)") {
            $0.lingerSeconds = try number($1, "--linger-time", 0...60)
        },
        Option(flag: "--linger-bytes", environment: "GUIDEBOOK_LINGER_BYTES", valueName: "BYTES", help: "how much of a refused request's body is read and dropped; a longer one gets the connection closed (default 4194304)") {
            $0.lingerBytes = try number($1, "--linger-bytes", 0...(1 << 30))
        },
        Option(flag: "--log-level", environment: "GUIDEBOOK_LOG_LEVEL", valueName: "LEVEL", help: "trace, debug, info, warning, error or critical (default info)") {
            guard let level = Logger.Level(name: $1) else { throw UsageError("--log-level must be one of trace, debug, info, warning, error, critical") }
            $0.logLevel = level
        },
        Option(flag: "--resources", environment: "GUIDEBOOK_RESOURCES", valueName: "DIR", help: "folder holding Migrations/ and Seed/ (default: found next to the binary or in the current folder)") { $0.resourcesDirectory = $1 },
        Option(flag: "--seed", environment: "GUIDEBOOK_SEED", valueName: "DIR", help: "seed bundles loaded into an empty database (default RESOURCES/Seed)") { $0.seedDirectory = $1 },
        Option(flag: "--no-seed", environment: nil, valueName: nil, help: "start with an empty knowledge base") { settings, _ in settings.loadSeed = false },
        Option(flag: "--tls-cert", environment: "GUIDEBOOK_TLS_CERT", valueName: "PEM", help: "certificate file: serve HTTPS (with --tls-key)") { $0.tlsCertificatePath = $1 },
        Option(flag: "--tls-key", environment: "GUIDEBOOK_TLS_KEY", valueName: "PEM", help: "private key file for --tls-cert") { $0.tlsKeyPath = $1 },
        Option(flag: "--response-cache", environment: "GUIDEBOOK_RESPONSE_CACHE", valueName: "MB", help: "memory for reusing rendered reads until the next commit; 0 turns it off (default 16)") {
            $0.responseCacheMegabytes = try number($1, "--response-cache", 0...4096)
        },
        Option(flag: "--search-cache", environment: "GUIDEBOOK_SEARCH_CACHE", valueName: "MB", help: "memory for the rows of searched words until the next commit; 0 reads them from the index every time (default 32)") {
            $0.searchCacheMegabytes = try number($1, "--search-cache", 0...4096)
        },
        Option(flag: "--cors-origins", environment: "GUIDEBOOK_CORS_ORIGINS", valueName: "ORIGINS", help: "origins whose scripts may call the API, comma-separated (https://wiki.example.com), or *; default none") {
            do { $0.corsOrigins = try APIConfiguration.corsOrigins(from: $1) } catch let error as APIConfiguration.SettingError {
                throw UsageError("--cors-origins: \(error.message)")
            }
        },
        Option(flag: "--embed-ancestors", environment: "GUIDEBOOK_EMBED_ANCESTORS", valueName: "SOURCES", help: "pages that may frame /embed/... (the CSP frame-ancestors sources, space-separated; default *)") {
            do { $0.embedAncestors = try APIConfiguration.embedAncestors(from: $1) } catch let error as APIConfiguration.SettingError {
                throw UsageError("--embed-ancestors: \(error.message)")
            }
        },
        Option(flag: "--spool", environment: "GUIDEBOOK_SPOOL", valueName: "DIR", help: "where uploads are kept while imported (default: next to the database)") { $0.spoolDirectory = $1 },
    ]

    /// Reads the environment, then the options in `arguments`; returns the settings and the remaining arguments.
    static func parse(_ arguments: [String], environment: [String: String]) throws -> (Settings, [String]) {
        var settings = Settings()
        for option in options {
            if let name = option.environment, let value = environment[name], !value.isEmpty {
                do { try option.apply(&settings, value) } catch let error as UsageError {
                    throw UsageError("\(name): \(error.message)")
                }
            }
        }
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                rest.append(argument)
                index += 1
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let option = options.first(where: { $0.flag == parts[0] }) else {
                // Options of a subcommand (like `import --server`) are left for it.
                rest.append(argument)
                index += 1
                continue
            }
            if option.valueName == nil {
                try option.apply(&settings, "")
                index += 1
                continue
            }
            let value: String
            if parts.count == 2 {
                value = parts[1]
                index += 1
            } else {
                guard index + 1 < arguments.count else { throw UsageError("\(option.flag) needs a value (\(option.valueName ?? ""))") }
                value = arguments[index + 1]
                index += 2
            }
            try option.apply(&settings, value)
        }
        if (settings.tlsCertificatePath == nil) != (settings.tlsKeyPath == nil) {
            throw UsageError("--tls-cert and --tls-key go together")
        }
        return (settings, rest)
    }

    private static func number(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// The folder with Migrations/ and Seed/: as configured, else next to the binary (installed
    /// layout `bin/../share/guidebook`, or the package root above `.build/<config>/`), else the current folder.
    func resolvedResources() throws -> String {
        if let resourcesDirectory { return resourcesDirectory }
        let fm = FileManager.default
        // /proc/self/exe names the binary even when it was started through PATH (argv[0] = "guidebook").
        let binary = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let executable = URL(fileURLWithPath: binary).resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [
            executable.appendingPathComponent("../share/guidebook").standardized.path,
            fm.currentDirectoryPath,
        ]
        var folder = executable
        for _ in 0..<4 {
            candidates.append(folder.path)
            folder = folder.deletingLastPathComponent()
        }
        for candidate in candidates where fm.fileExists(atPath: candidate + "/Migrations") {
            return candidate
        }
        throw UsageError("cannot find the Migrations folder; set --resources or GUIDEBOOK_RESOURCES to the folder that holds Migrations/ and Seed/")
    }
}

/// A mistake in how the program was called: one line on stderr, exit code 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
