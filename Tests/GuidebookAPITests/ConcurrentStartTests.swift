import Foundation
import GuidebookCore
import GuidebookJobs
import GuidebookTestSupport
import SQLite
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Several `guidebook` processes started at the same moment on one new database path (replicas,
/// or a server beside `guidebook import`): every one comes up, the schema is applied once and the
/// seed loaded once; what cannot work (a lock held too long, a newer schema) is a clear error.
final class ConcurrentStartTests: ProcessTestCase {
    override class var folderPrefix: String { "guidebook-concurrent" }

    private var resources: [String] { ["--resources", TestServer.packageRoot] }

    /// GET /readyz until it answers 200 (or the deadline passes); returns the last status.
    private func readiness(_ port: UInt16, seconds: Double = 20) throws -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        var status = 0
        repeat {
            let client = try HTTPTestClient(port: port, timeoutSeconds: 10)
            status = try client.request("GET", "/readyz").status
            client.close()
            if status != 200 { usleep(20_000) }
        } while status != 200 && Date() < deadline
        return status
    }

    func testFourProcessesStartedTogetherOnANewPathAllComeUpAndTheSeedIsLoadedOnce() throws {
        let seed = try SeedLoader(directory: TestServer.seedDirectory).bundle()
        let sections = seed.topics.flatMap(\.sections)
        let guidelines = sections.flatMap(\.guidelines)
        let knowledgeMigrations = try Migration.load(from: TestServer.migrationsDirectory).count
        let jobMigrations = try Migration.load(from: TestServer.migrationsDirectory + "/jobs").count
        // A topic of the seed: whoever comes first, the import must find it seeded and change nothing.
        let importFile = TestServer.seedDirectory + "/sheets.json"
        let started = Date()

        for round in 0..<20 {
            // The folder does not exist yet either: the processes create it, the file and both schemas.
            let path = directory + "/round-\(round)/kb.sqlite"
            let serverCount = 1 + round % 3
            var servers: [ServerProcess] = []
            var imports: [CommandProcess] = []
            for slot in 0..<4 {
                if (slot + round) % 4 < serverCount {
                    servers.append(try ServerProcess(arguments: ["--db", path, "--threads", "1"], waitUntilListening: false))
                } else {
                    imports.append(try CommandProcess(["import", importFile, "--db", path] + resources))
                }
            }

            for server in servers {
                try server.waitUntilListening()
                XCTAssertEqual(try readiness(server.port), 200, "round \(round): every server becomes ready; log:\n\(server.log)")
            }
            for importer in imports {
                XCTAssertEqual(importer.waitForExit(seconds: 30), 0, "round \(round): every import succeeds:\n\(importer.errorOutput)")
                XCTAssertTrue(importer.errorOutput.contains("sheets.json: topics 0 created, 0 updated, 1 unchanged"),
                              "round \(round): the import found the seed in place:\n\(importer.errorOutput)")
            }
            for server in servers { server.signal(SIGTERM) }
            for server in servers {
                XCTAssertEqual(server.waitForExit(seconds: 20), 0, "round \(round): log:\n\(server.log)")
            }

            // Loading the seed twice would leave the same rows (it merges), so count who loaded it.
            let seeders = servers.filter { $0.logLines.contains { ($0["msg"] as? String) == "seed loaded" } }.count
                + imports.filter { $0.errorOutput.contains("seed loaded into the empty database") }.count
            XCTAssertEqual(seeders, 1, "round \(round): exactly one process loads the seed")

            let knowledge = try Database(path: path)
            XCTAssertEqual(try knowledge.scalarInt("SELECT count(*) FROM categories"), seed.categories.count, "round \(round)")
            XCTAssertEqual(try knowledge.scalarInt("SELECT count(*) FROM topics"), seed.topics.count, "round \(round)")
            XCTAssertEqual(try knowledge.scalarInt("SELECT count(*) FROM sections"), sections.count, "round \(round)")
            XCTAssertEqual(try knowledge.scalarInt("SELECT count(*) FROM guidelines"), guidelines.count, "round \(round)")
            XCTAssertEqual(try knowledge.scalarInt("SELECT count(*) FROM guideline_texts"), guidelines.map(\.text.count).reduce(0, +), "round \(round)")
            XCTAssertEqual(try knowledge.scalarInt("SELECT count(*) FROM meta WHERE key = 'seed_loaded_at'"), 1, "round \(round)")
            XCTAssertEqual(try knowledge.scalarInt("SELECT count(*) FROM schema_migrations"), knowledgeMigrations, "round \(round)")
            let jobs = try Database(path: JobStore.path(besides: path))
            XCTAssertEqual(try jobs.scalarInt("SELECT count(*) FROM schema_migrations"), jobMigrations, "round \(round)")
            // One failed round says it all; twenty would bury it.
            if (testRun?.totalFailureCount ?? 0) > 0 { break }
        }
        let seconds = Date().timeIntervalSince(started)
        print("concurrent start: 20 rounds of 4 processes in \(String(format: "%.1f", seconds)) s")
    }

    func testImportIntoANewDatabaseLoadsTheSeedFirstUnlessToldNotTo() throws {
        // What makes the race above come out the same whoever wins: import seeds a new database as serve does.
        let sheets = TestServer.seedDirectory + "/sheets.json"
        let seeded = directory + "/seeded.sqlite"
        let importer = try CommandProcess(["import", sheets, "--db", seeded] + resources)
        XCTAssertEqual(importer.waitForExit(seconds: 30), 0, importer.errorOutput)
        XCTAssertTrue(importer.errorOutput.contains("seed loaded into the empty database: 12 topics, 60 guidelines"), importer.errorOutput)
        XCTAssertEqual(try Database(path: seeded).scalarInt("SELECT count(*) FROM topics"), 12)

        // A dry run changes nothing, the seed included; --no-seed leaves it out.
        for (name, flag) in [("dry-run.sqlite", "--dry-run"), ("no-seed.sqlite", "--no-seed")] {
            let path = directory + "/" + name
            let process = try CommandProcess(["import", sheets, "--db", path, flag] + resources)
            XCTAssertEqual(process.waitForExit(seconds: 30), 1, "sheets.json alone lacks its category: \(process.errorOutput)")
            XCTAssertFalse(process.errorOutput.contains("seed loaded"), process.errorOutput)
            XCTAssertEqual(try Database(path: path).scalarInt("SELECT count(*) FROM topics"), 0, flag)
        }
    }

    func testProcessesStartedTogetherOnANewerDatabaseAllRefuseItAndLeaveItByteIdentical() throws {
        let path = directory + "/newer.sqlite"
        do {
            let database = try Database(path: path)
            try database.execute("""
                CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);
                INSERT INTO schema_migrations VALUES (999, 'from_the_future', '2027-01-01T00:00:00.000Z');
                """)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let processes = try (0..<4).map { slot in
            try CommandProcess(slot % 2 == 0
                ? ["serve", "--port", "0", "--db", path] + resources
                : ["import", TestServer.seedDirectory + "/sheets.json", "--db", path] + resources)
        }
        for process in processes {
            XCTAssertEqual(process.waitForExit(seconds: 30), 1, process.errorOutput)
            XCTAssertTrue(process.errorOutput.hasPrefix("guidebook: the database schema is version 999, newer than this binary supports"),
                          process.errorOutput)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "a refused database file must be byte-identical afterwards")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "the refused file must not be switched to WAL")
        XCTAssertFalse(FileManager.default.fileExists(atPath: JobStore.path(besides: path)), "nothing else is created beside it")
    }

    func testALockHeldThroughTheBusyTimeoutEndsTheStartWithOneClearLine() throws {
        // Another process (this one) holds the new file's lock for longer than the server's 5 s busy timeout.
        let path = directory + "/locked.sqlite"
        let holder = try Database(path: path)
        try holder.execute("BEGIN EXCLUSIVE")
        let server = try CommandProcess(["serve", "--port", "0", "--db", path] + resources)
        XCTAssertEqual(server.waitForExit(seconds: 30), 1, "a clear error, not a crash: \(server.errorOutput)")
        let lines = server.errorOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, server.errorOutput)
        XCTAssertTrue(server.errorOutput.hasPrefix("guidebook: the database \(path) stayed locked by another connection for 5000 ms"),
                      server.errorOutput)

        try holder.execute("ROLLBACK")
        let migrate = try CommandProcess(["migrate", "--db", path] + resources)
        XCTAssertEqual(migrate.waitForExit(seconds: 30), 0, "once the lock is gone the same file opens: \(migrate.errorOutput)")
    }
}
