import Foundation
import GuidebookAPI
import GuidebookBase
import GuidebookChecks
import HTTPServer
import GuidebookCore
import GuidebookWebhooks

/// Everything the executable is configured with, read once at start from options and the
/// environment (an option wins over its environment variable).
struct Settings: Sendable {
    var host = "127.0.0.1"
    var port: UInt16 = 8080
    var databasePath = "./data/guidebook.sqlite"
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var maxConnections = 1024
    var timeoutSeconds = 30
    var headerTimeoutSeconds = 10
    var bodyLimit = APIConfiguration().bodyLimit
    var importLimit = APIConfiguration().importBodyLimit
    var lingerSeconds = 2
    var lingerBytes = 4 * 1024 * 1024
    var logLevel = Logger.Level.info
    var resourcesDirectory: String?
    var seedDirectory: String?
    var loadSeed = true
    var tlsCertificatePath: String?
    var tlsKeyPath: String?
    var spoolDirectory: String?
    var responseCacheMegabytes = APIConfiguration().responseCacheBytes / (1024 * 1024)
    /// `--require-if-match`: writes without `If-Match` are refused (428).
    var requireIfMatch = false
    /// `--publish`: which translations readers are shown (the store owns the default).
    var publication = TranslationPublication.translated
    var authReads = false
    /// `--public-jobs` (the API's configuration owns the default).
    var publicJobs = APIConfiguration().publicJobs
    /// The SHA-256 of the admin token set by GUIDEBOOK_ADMIN_TOKEN or --admin-token-file (the
    /// secret itself is not kept).
    var adminTokenDigest: [UInt8]?
    var adminTokenFile: String?
    var authFailureLimit = 10
    var trustedProxies: Set<PeerAddress> = []
    var webhookAllowPrivate = false
    var webhookTimeoutSeconds = WebhookSenderConfiguration().timeoutSeconds
    var webhookRetryBaseSeconds = WebhookSenderConfiguration().retries.baseSeconds
    /// MB for search postings; nil: sized automatically from the index and the memory available.
    var searchCacheMegabytes: Int?
    var corsOrigins: [String] = []
    var embedAncestors = "*"
    /// `--public-url`: the origin wikis reach this server at (link previews, oEmbed).
    var publicURL: String?
    /// `--publish-git`: the repository the server publishes to after writes (nil: none).
    var publishGit: String?
    var publishBranch = "main"
    var publishLayout = "wikijs"
    var publishDebounceSeconds = 10.0
    var publishWork: String?
    /// `GUIDEBOOK_REPLICATION=litestream`: Litestream replicates the database (it owns checkpoints;
    /// the server writes a heartbeat for replicas' lag). Also detected from the file itself.
    var replicatedByLitestream = false
    /// `--replica`: serve a file something else keeps current, read-only.
    var replica = false
    /// Where writes go when this server is a replica (named in its 503 answers and its page).
    var primaryURL: String?
    /// A replica is not ready while its lag is over this (seconds).
    var maxLagSeconds = 10.0
    /// How often the replica looks for the replicated file before the first restore has made it (seconds).
    var replicaWaitSeconds = 0.5
    /// `--checks`, `--check-length-ratio`: how translations are checked on write (the options own their defaults).
    var checks = CheckOptions()

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
        Option(flag: "--threads", environment: "GUIDEBOOK_THREADS", valueName: "N", help: "server worker threads, and the threads that check a large write's translations (default: number of cores)") {
            $0.threads = try number($1, "--threads", 1...256)
        },
        Option(flag: "--max-connections", environment: "GUIDEBOOK_MAX_CONNECTIONS", valueName: "N", help: "connections open at once (default 1024)") {
            $0.maxConnections = try number($1, "--max-connections", 1...100_000)
        },
        Option(flag: "--timeout", environment: "GUIDEBOOK_TIMEOUT", valueName: "SECONDS", help: "idle/slow connection timeout (default 30)") {
            $0.timeoutSeconds = try number($1, "--timeout", 1...3600)
        },
        Option(flag: "--header-timeout", environment: "GUIDEBOOK_HEADER_TIMEOUT", valueName: "SECONDS", help: "time a connection has to send a complete request head, however steadily it sends; idle keep-alive connections too (default 10)") {
            $0.headerTimeoutSeconds = try number($1, "--header-timeout", 1...3600)
        },
        Option(flag: "--body-limit", environment: "GUIDEBOOK_BODY_LIMIT", valueName: "BYTES", help: "largest request body outside imports (default \(APIConfiguration().bodyLimit))") {
            $0.bodyLimit = try number($1, "--body-limit", 1...(1 << 30))
        },
        Option(flag: "--import-limit", environment: "GUIDEBOOK_IMPORT_LIMIT", valueName: "BYTES", help: "largest import upload (default \(APIConfiguration().importBodyLimit))") {
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
        Option(flag: "--response-cache", environment: "GUIDEBOOK_RESPONSE_CACHE", valueName: "MB", help: "memory for reusing rendered reads until the next commit; 0 turns it off (default \(APIConfiguration().responseCacheBytes / (1024 * 1024)))") {
            $0.responseCacheMegabytes = try number($1, "--response-cache", 0...4096)
        },
        Option(flag: "--search-cache", environment: "GUIDEBOOK_SEARCH_CACHE", valueName: "auto|MB", help: "memory for the rows of searched words until the next commit: auto sizes it from the index within a quarter of the memory available (default); MB fixes it; 0 reads them from the index every time") {
            $0.searchCacheMegabytes = $1 == "auto" ? nil : try number($1, "--search-cache", 0...4096, or: "auto")
        },
        Option(flag: "--require-if-match", environment: "GUIDEBOOK_REQUIRE_IF_MATCH", valueName: nil, help: "refuse writes without If-Match (428), so no client can overwrite a change it has not seen (default false)") {
            $0.requireIfMatch = try flag($1, "--require-if-match")
        },
        Option(flag: "--publish", environment: "GUIDEBOOK_PUBLISH", valueName: "approved|translated", help: "which translations the renderings, the embeds and the Markdown export show: translated (translated and approved ones) or approved (approved ones only); any other falls back to the English with fallback true (default translated)") {
            guard let value = TranslationPublication(rawValue: $1) else { throw UsageError("--publish must be approved or translated, not '\($1.prefix(40))'") }
            $0.publication = value
        },
        Option(flag: "--auth-reads", environment: "GUIDEBOOK_AUTH_READS", valueName: nil, help: "reads need a token (role reader or higher) too; without it they are public (default false)") {
            $0.authReads = try flag($1, "--auth-reads")
        },
        Option(flag: "--public-jobs", environment: "GUIDEBOOK_PUBLIC_JOBS", valueName: nil, help: "import jobs are read like the knowledge base (public unless --auth-reads), dry-run excerpts included; without it reading a job needs a reader token and a dry run's warnings an admin token (default \(APIConfiguration().publicJobs))") {
            $0.publicJobs = try flag($1, "--public-jobs")
        },
        Option(flag: "--admin-token-file", environment: "GUIDEBOOK_ADMIN_TOKEN_FILE", valueName: "PATH", help: "file holding the admin token (a container secret); or set the token itself in GUIDEBOOK_ADMIN_TOKEN. Without either, the first start prints a generated admin token once") {
            $0.adminTokenFile = $1
        },
        Option(flag: "--auth-failure-limit", environment: "GUIDEBOOK_AUTH_FAILURE_LIMIT", valueName: "N", help: "wrong tokens one client may send within a minute before each further one is answered after a growing delay (default 10)") {
            $0.authFailureLimit = try number($1, "--auth-failure-limit", 0...1_000_000)
        },
        Option(flag: "--trusted-proxy", environment: "GUIDEBOOK_TRUSTED_PROXIES", valueName: "ADDRESSES", help: "comma-separated addresses of reverse proxies whose X-Forwarded-For names the client (default: none; the header is ignored)") {
            for text in $1.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !text.isEmpty {
                guard let address = PeerAddress(text) else { throw UsageError("--trusted-proxy: '\(text)' is not an IP address") }
                $0.trustedProxies.insert(address)
            }
        },
        Option(flag: "--webhook-allow-private", environment: "GUIDEBOOK_WEBHOOK_ALLOW_PRIVATE", valueName: nil, help: "let webhooks target loopback, link-local and private addresses (default false)") {
            $0.webhookAllowPrivate = try flag($1, "--webhook-allow-private")
        },
        Option(flag: "--webhook-timeout", environment: "GUIDEBOOK_WEBHOOK_TIMEOUT", valueName: "SECONDS", help: "how long one webhook delivery may take (default \(Int(WebhookSenderConfiguration().timeoutSeconds)))") {
            $0.webhookTimeoutSeconds = try seconds($1, "--webhook-timeout", 0.1...120)
        },
        Option(flag: "--webhook-retry-base", environment: "GUIDEBOOK_WEBHOOK_RETRY_BASE", valueName: "SECONDS", help: "wait after a webhook delivery's first failure, doubled after each further one over \(RetrySchedule().maxAttempts) attempts (default \(Int(RetrySchedule().baseSeconds)): about a day in all)") {
            $0.webhookRetryBaseSeconds = try seconds($1, "--webhook-retry-base", 0.01...3600)
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
        Option(flag: "--public-url", environment: "GUIDEBOOK_PUBLIC_URL", valueName: "URL", help: "the origin wikis reach this server at, for link previews and oEmbed (https://guidebook.example.com; default http:// and the request's Host)") {
            guard APIConfiguration.isOrigin($1.lowercased()), $1 == $1.lowercased() else {
                throw UsageError("--public-url must be an origin such as https://guidebook.example.com (scheme and host, no path), not '\($1.prefix(80))'")
            }
            $0.publicURL = $1
        },
        Option(flag: "--publish-git", environment: "GUIDEBOOK_PUBLISH_GIT", valueName: "URL|PATH", help: "publish a layout to this Git repository after writes, debounced, retried on failure (credentials from the environment or git's credential helper, never in the URL; docs/wiki.md)") {
            $0.publishGit = $1
        },
        Option(flag: "--publish-branch", environment: "GUIDEBOOK_PUBLISH_BRANCH", valueName: "NAME", help: "the branch --publish-git pushes (default main)") { $0.publishBranch = $1 },
        Option(flag: "--publish-layout", environment: "GUIDEBOOK_PUBLISH_LAYOUT", valueName: "LAYOUT", help: "the layout --publish-git publishes: wikijs, mkdocs, docusaurus or markdown (default wikijs)") {
            guard ["wikijs", "mkdocs", "docusaurus", "markdown"].contains($1) else { throw UsageError("--publish-layout must be wikijs, mkdocs, docusaurus or markdown, not '\($1.prefix(40))'") }
            $0.publishLayout = $1
        },
        Option(flag: "--publish-debounce", environment: "GUIDEBOOK_PUBLISH_DEBOUNCE", valueName: "SECONDS", help: "quiet time after a write before --publish-git publishes (default 10)") {
            guard let value = Double($1), (0.1...3600).contains(value) else { throw UsageError("--publish-debounce must be seconds from 0.1 to 3600, not '\($1.prefix(40))'") }
            $0.publishDebounceSeconds = value
        },
        Option(flag: "--publish-work", environment: "GUIDEBOOK_PUBLISH_WORK", valueName: "DIR", help: "the working copy of --publish-git (default: publish/ beside the database)") { $0.publishWork = $1 },
        Option(flag: "--replication", environment: "GUIDEBOOK_REPLICATION", valueName: "MODE", help: "litestream or none; litestream: Litestream replicates the database, so it owns the checkpoints and the server writes a heartbeat each second for replicas' lag (also detected from Litestream's _litestream_seq table; default none)") {
            switch $1 {
            case "litestream": $0.replicatedByLitestream = true
            case "none": $0.replicatedByLitestream = false
            default: throw UsageError("--replication must be litestream or none, not '\($1)'")
            }
        },
        Option(flag: "--replica", environment: "GUIDEBOOK_REPLICA", valueName: nil, help: "serve --db as a read replica that `litestream restore -f` keeps current: opened read-only, writes refused with 503 naming the primary, no jobs, no webhooks (default false)") {
            $0.replica = try flag($1, "--replica")
        },
        Option(flag: "--primary-url", environment: "GUIDEBOOK_PRIMARY_URL", valueName: "URL", help: "with --replica: the primary's URL, where writes and edits go (named in 503 answers, a Link rel=primary header and the page)") {
            guard let url = URL(string: $1), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw UsageError("--primary-url must be an http or https URL, not '\($1)'")
            }
            $0.primaryURL = $1.hasSuffix("/") ? String($1.dropLast()) : $1
        },
        Option(flag: "--max-lag", environment: "GUIDEBOOK_MAX_LAG", valueName: "SECONDS", help: "with --replica: /readyz says not ready while the replica is further behind the primary than this (default 10)") {
            $0.maxLagSeconds = try seconds($1, "--max-lag", 0.1...86_400)
        },
        Option(flag: "--checks", environment: "GUIDEBOOK_CHECKS", valueName: "on|off", help: "run the translation quality checks on every translation write and approval (docs/checks.md); off gates no approval and leaves the findings as they are until a start with them on checks everything again (default on)") {
            switch $1 {
            case "on": $0.checks.isEnabled = true
            case "off": $0.checks.isEnabled = false
            default: throw UsageError("--checks must be on or off, not '\($1)'")
            }
        },
        Option(flag: "--check-length-ratio", environment: "GUIDEBOOK_CHECK_LENGTH_RATIO", valueName: "MIN-MAX", help: "the band a translation's length over its English source's (in characters) must fall in, or the length_ratio check reports it; sources under \(CheckOptions().lengthRatioMinimumSource) characters are not held to it (default \(CheckOptions.defaultLengthRatio.lowerBound)-\(CheckOptions.defaultLengthRatio.upperBound))") {
            let parts = $1.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low >= 0, low < high, high <= 100 else {
                throw UsageError("--check-length-ratio must be two numbers MIN-MAX with 0 <= MIN < MAX <= 100 (e.g. 0.25-1.5), not '\($1)'")
            }
            $0.checks.lengthRatio = low...high
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
                try option.apply(&settings, parts.count == 2 ? parts[1] : "")
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
        if !settings.replica && (settings.primaryURL != nil) {
            throw UsageError("--primary-url goes with --replica")
        }
        settings.adminTokenDigest = try adminTokenDigest(environment: environment[adminTokenVariable], file: settings.adminTokenFile)
        return (settings, rest)
    }

    /// The environment variable that holds the admin token itself (no option: a command line is
    /// visible to every user of the machine).
    static let adminTokenVariable = "GUIDEBOOK_ADMIN_TOKEN"

    /// The digest of the admin token given in the environment or in a file (trailing line breaks and
    /// spaces dropped), or nil when neither is given. Both, a file that cannot be read or a token too
    /// short or with characters a bearer token cannot hold are usage errors.
    private static func adminTokenDigest(environment value: String?, file: String?) throws -> [UInt8]? {
        let fromEnvironment = value.flatMap { $0.isEmpty ? nil : $0 }
        if fromEnvironment != nil && file != nil {
            throw UsageError("set the admin token in \(adminTokenVariable) or in --admin-token-file, not both")
        }
        var secret = fromEnvironment
        var source = adminTokenVariable
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw UsageError("--admin-token-file: cannot read \(file)")
            }
            secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
            source = "--admin-token-file \(file)"
        }
        guard let secret else { return nil }
        if let problem = TokenSecret.problemWithConfiguredToken(secret) { throw UsageError("\(source): \(problem)") }
        return TokenSecret.digest(secret)
    }

    /// A switch: no value (the flag alone) or true/false, 1/0, yes/no.
    private static func flag(_ text: String, _ name: String) throws -> Bool {
        switch text.lowercased() {
        case "", "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw UsageError("\(name) must be true or false, not '\(text)'")
        }
    }

    private static func number(_ text: String, _ name: String, _ range: ClosedRange<Int>, or word: String? = nil) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(name) must be \(word.map { "\($0) or " } ?? "")a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    private static func seconds(_ text: String, _ name: String, _ range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(text), range.contains(value) else {
            throw UsageError("\(name) must be a number of seconds from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// How the search cache is sized: the number given, or automatically within `memory`.
    func searchCacheSizing(memory: SystemMemory) -> SearchCacheSizing {
        searchCacheMegabytes.map { .fixed(bytes: $0 << 20) } ?? .automatic(usableMemory: memory.usable)
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
