import Foundation
import GuidebookPublish
import GuidebookWiki
import GuidebookAPI
import GuidebookBase
import GuidebookCore
import GuidebookImport
import GuidebookJobs
import GuidebookWebhooks
import HTTPServer

/// `guidebook serve`: migrate, seed an empty database, serve until SIGINT/SIGTERM. With
/// `--replica`: open the file read-only, start no jobs, webhooks or heartbeat, refuse writes.
struct ServeCommand {
    let runtime: Runtime

    func run() throws -> Int32 {
        Signals.blockTermination()
        let started = ContinuousClock.now
        let settings = runtime.settings
        let logger = runtime.logger
        let store: Store
        if settings.replica {
            guard let opened = try openReplica() else { return 0 }
            store = opened
        } else {
            store = try runtime.openStore(maxReaders: settings.threads + 2)
            if let counts = try runtime.seedIfEmpty(store) {
                logger.info("seed loaded", [("topics", .int(counts.topics.created)), ("guidelines", .int(counts.guidelines.created))])
            }
            if settings.adminTokenDigest == nil { addFirstAdminToken(store) }
        }
        logSearchCache(store.searchCache.sizing, try store.fitSearchCacheToIndex())
        let metrics = Metrics()
        // A replica keeps no jobs (it runs none): an empty queue in memory answers its job reads,
        // and nothing is written beside the replicated file.
        let jobStore = try JobStore(path: settings.replica ? ":memory:" : JobStore.path(besides: settings.databasePath),
                                    migrations: try Migration.load(from: runtime.resources + "/Migrations/jobs"))
        let runner = JobRunner(jobs: jobStore, works: [ImportWork(store: store), TranslationImportWork(store: store), MemoryImportWork(store: store)], logger: logger, onFinished: { job, seconds in
            guard job.status == .succeeded else { return }
            let guidelines = ImportWork.result(of: job).map { $0.counts.guidelines.created + $0.counts.guidelines.updated + $0.counts.guidelines.unchanged } ?? 0
            metrics.recordImport(guidelines: guidelines, seconds: seconds)
        })
        let application = Application(store: store, jobs: runner, configuration: settings.apiConfiguration(), logger: logger, metrics: metrics)
        let tls = try settings.tlsMaterial()
        let server = HTTPService(configuration: settings.serverConfiguration(tls: tls), handler: application, logger: logger)
        let services = ServiceGroup(stoppingInOrder: try self.services(server: server, runner: runner, store: store, metrics: metrics), logger: logger)
        try services.start()
        let elapsed = ContinuousClock.now - started
        let readyMs = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info("listening", [("url", .string("\(tls == nil ? "http" : "https")://\(settings.host):\(server.port)")),
                                  ("database", .string(settings.databasePath)), ("threads", .int(settings.threads)),
                                  ("reads", .string(settings.authReads ? "token" : "public")),
                                  ("role", .string(settings.replica ? "replica" : "primary")),
                                  ("jobs", .string(settings.publicJobs ? "public" : "token")),
                                  ("admin_token", .string(settings.adminTokenDigest != nil ? "configured" : "stored")),
                                  ("ready_ms", .double(readyMs))])

        let signal = Signals.waitForTermination()
        logger.info("stopping", [("signal", .int(Int(signal)))])
        services.stop()
        if !store.isReplica {
            // Litestream owns the checkpoints of a file it replicates: the store leaves the WAL to it then.
            let checkpointed = try store.checkpoint()
            if !checkpointed { logger.info("checkpoint left to Litestream", [("database", .string(settings.databasePath))]) }
        }
        logger.info("stopped")
        return 0
    }

    /// The long-running parts in the order they stop, each with its time to stop: the server first
    /// (requests in flight finish), then the job runner (a running import is rolled back and queued
    /// again), then the webhook sender (deliveries in flight finish or keep their lease), then the
    /// heartbeat. A replica runs the server alone; a read-only database runs no webhook sender.
    private func services(server: HTTPService, runner: JobRunner, store: Store, metrics: Metrics) throws -> [ServiceGroup.Entry] {
        var services: [ServiceGroup.Entry] = [.init(server, grace: .seconds(5))]
        guard !runtime.settings.replica else { return services }
        services.append(.init(runner, grace: .seconds(4)))
        if store.isReadOnly {
            runtime.logger.warning("webhook sender not started: the database is read-only")
        } else {
            services.append(.init(WebhookSender(store: store, configuration: runtime.settings.webhookSenderConfiguration(), logger: runtime.logger),
                                  grace: .seconds(2)))
        }
        services.append(.init(ReplicationHeartbeat(store: store, logger: runtime.logger), grace: .seconds(1)))
        if let publisher = try gitAutoPublisher(store: store, metrics: metrics) { services.append(.init(publisher, grace: .seconds(10))) }
        return services
    }

    /// The server's Git publisher when `--publish-git` names a repository; bad settings stop the start.
    private func gitAutoPublisher(store: Store, metrics: Metrics) throws -> GitAutoPublisher? {
        let settings = runtime.settings
        guard let repo = settings.publishGit, let layout = WikiLayout(rawValue: settings.publishLayout) else { return nil }
        do {
            let address = try RepositoryAddress(repo)
            let target = GitPublisher.Target(repository: address, branch: settings.publishBranch, layout: layout,
                                             workDirectory: settings.publishWork ?? PublishCommand.defaultWorkDirectory(database: settings.databasePath, address: address,
                                                                                                                      branch: settings.publishBranch, layout: layout))
            runtime.logger.info("publishing to git after writes", [("repository", .string(address.text)), ("branch", .string(settings.publishBranch)),
                                                                    ("layout", .string(layout.rawValue))])
            return GitAutoPublisher(publisher: try GitPublisher(target: target), store: store, debounceSeconds: settings.publishDebounceSeconds,
                                    logger: runtime.logger, onResult: { metrics.recordGitPublish(result: $0) })
        } catch let error as PublishError {
            throw UsageError("--publish-git: \(error.description)")
        }
    }

    /// Opens `--db` as a read replica. While the file does not exist (the first restore has not
    /// finished) or the follower has not applied its first update (see `ReplicaFile`), it says so
    /// in the log and answers `/readyz` with 503 from a stand-in server on the same port, looking
    /// again every half second; nil when SIGINT or SIGTERM came meanwhile.
    private func openReplica() throws -> Store? {
        let settings = runtime.settings
        let path = settings.databasePath
        var state = ReplicaFile.state(of: path)
        guard state == .missing || state == .notYetFollowed else { return try runtime.openReplica(maxReaders: settings.threads + 2) }
        let waitingFor = { (state: ReplicaFile) in
            state == .missing ? "the first restore of \(path)" : "the follower's first update of \(path)"
        }
        runtime.logger.warning("replica waiting for \(waitingFor(state))", [("database", .string(path))])
        var standIn: HTTPServer? = try HTTPServer(configuration: settings.serverConfiguration(tls: nil),
                                                  handler: ReplicaWaitingHandler(reason: waitingFor(state)), errorLog: { _ in })
        defer { standIn?.stop(graceSeconds: 1) }
        let started = ContinuousClock.now
        while state == .missing || state == .notYetFollowed {
            if let signal = Signals.waitForTermination(seconds: settings.replicaWaitSeconds) {
                runtime.logger.info("stopping", [("signal", .int(Int(signal)))])
                return nil
            }
            let next = ReplicaFile.state(of: path)
            if next != state, next == .notYetFollowed {
                runtime.logger.warning("replica waiting for \(waitingFor(next))", [("database", .string(path))])
                standIn?.stop(graceSeconds: 1)
                standIn = try HTTPServer(configuration: settings.serverConfiguration(tls: nil),
                                         handler: ReplicaWaitingHandler(reason: waitingFor(next)), errorLog: { _ in })
            }
            state = next
        }
        standIn?.stop(graceSeconds: 1)
        standIn = nil
        runtime.logger.info("replica file ready", [("database", .string(path)),
                                                   ("waited_s", .double(Double((ContinuousClock.now - started).components.seconds)))])
        return try runtime.openReplica(maxReaders: settings.threads + 2)
    }

    /// Without a configured admin token, the first start of a database without an admin token
    /// makes one and shows it in the log, once (at any log level: it cannot be shown again).
    /// A database that cannot be written (a read-only copy) is served all the same.
    private func addFirstAdminToken(_ store: Store) {
        var loud = runtime.logger
        loud.level = min(loud.level, .warning)
        do {
            guard let (name, secret) = try AdminBootstrap.addAdminTokenIfNone(to: store) else { return }
            loud.warning("admin token created; it is shown this once and cannot be shown again: keep it now, "
                         + "then create other tokens with it (POST /v1/tokens) or with `guidebook tokens`",
                         [("name", .string(name)), ("role", .string("admin")), ("token", .string(secret))])
        } catch {
            loud.warning("no admin token could be created; the server serves without one (create one with `guidebook tokens create`)",
                         [("error", .string(String(describing: error)))])
        }
    }

    /// One line saying how big the search cache is and why (automatic: it follows the index from here on).
    private func logSearchCache(_ sizing: SearchCacheSizing, _ fitted: (indexRows: Int, capacityBytes: Int)) {
        let memory = runtime.memory
        let megabytes = { (bytes: Int?) -> LogValue in bytes.map { .int($0 >> 20) } ?? .string("unknown") }
        var fields: [(String, LogValue)] = [("capacity_mb", .int(fitted.capacityBytes >> 20)), ("index_rows", .int(fitted.indexRows))]
        switch sizing {
        case .fixed: fields.insert(("sizing", .string("fixed")), at: 0)
        case .automatic(let ceiling):
            fields.insert(("sizing", .string("auto")), at: 0)
            fields += [("bytes_per_row", .int(SearchCacheSizing.bytesPerIndexRow)), ("ceiling_mb", .int(ceiling >> 20)),
                       ("memory_available_mb", megabytes(memory.available)), ("cgroup_limit_mb", megabytes(memory.cgroupLimit))]
        }
        runtime.logger.info("search cache", fields)
    }
}
