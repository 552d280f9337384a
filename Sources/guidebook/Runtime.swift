import Foundation
import GuidebookAPI
import GuidebookBase
import GuidebookCore

/// What every subcommand that touches the database shares: opening the store with migrations.
struct Runtime {
    let settings: Settings
    let logger: Logger
    let resources: String
    /// The memory this process may use, read once at start (it bounds an automatic search cache).
    let memory: SystemMemory

    init(settings: Settings) throws {
        self.settings = settings
        self.logger = Logger(level: settings.logLevel)
        self.resources = try settings.resolvedResources()
        self.memory = SystemMemory.read()
    }

    var migrations: [Migration] {
        get throws { try Migration.load(from: resources + "/Migrations") }
    }

    var seedDirectory: String { settings.seedDirectory ?? resources + "/Seed" }

    func openStore(maxReaders: Int = 8) throws -> Store {
        try Store(path: settings.databasePath, migrations: try migrations, maxReaders: maxReaders,
                  searchCacheSizing: settings.searchCacheSizing(memory: memory),
                  replication: settings.replicatedByLitestream ? .litestream : .detect, publication: settings.publication, checks: settings.checks,
                  checkWorkers: settings.threads)
    }

    /// Opens `--db` for a command that reads what a database holds (export, reindex, translation
    /// files, publishing): a path that names nothing is a mistake, not a new empty base whose empty
    /// export would look like success.
    func openExistingStore() throws -> Store {
        guard FileManager.default.fileExists(atPath: settings.databasePath) else {
            throw UsageError("no database at \(settings.databasePath); give --db the database to read (serve, migrate and import create one)")
        }
        return try openStore()
    }

    /// Opens `--db` as a read replica (`serve --replica`).
    func openReplica(maxReaders: Int = 8) throws -> Store {
        try Store(replicaAt: settings.databasePath, migrations: try migrations, maxReaders: maxReaders,
                  searchCacheSizing: settings.searchCacheSizing(memory: memory), publication: settings.publication)
    }

    /// Loads the seed into an empty, never-seeded knowledge base unless `--no-seed` was given.
    /// `serve` and `import` both do it, so a new database ends up the same whichever of them
    /// opened it first; of several started together, exactly one loads it. Nil when nothing was loaded.
    func seedIfEmpty(_ store: Store) throws -> ImportCounts? {
        guard settings.loadSeed else { return nil }
        return try SeedLoader(directory: seedDirectory).loadIfEmpty(into: store)
    }
}

/// Writes a line to standard output or standard error (the Glibc globals are not usable in Swift 6).
/// A message that cannot be written (a full disk, a closed pipe) is dropped: there is nowhere left
/// to say so, and Foundation's non-throwing `write` would stop the process.
enum Console {
    static func out(_ text: String) { try? FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8)) }
    static func err(_ text: String) { try? FileHandle.standardError.write(contentsOf: Data((text + "\n").utf8)) }
}
