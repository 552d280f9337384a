internal import SQLite

/// The two triggers that mark a topic's coverage stale for each guideline and each text inserted
/// (Migrations/0021 and 0022), taken out for the rest of a large write and put back, as they were
/// stored, before it commits.
///
/// SQLite runs a trigger as a sub-program for every row, and these two fire three times a guideline
/// of an import: 5.6% of the instructions of a realistic import of 10,000 guidelines (callgrind:
/// 6.77 against 6.39 billion), all on the writer's thread. Past `largeWrite` changed guidelines
/// and translations, a `KnowledgeWriter` takes them out (`suspend`) and marks each topic it
/// changes from then on itself (`markWritten`), one statement a topic; `CoverageObserver` puts
/// them back (`restore`) before it counts the marked topics, so every other writer, in this
/// process or another, finds them. DDL is transactional in SQLite: a write that fails takes the
/// drop back with everything else, and readers never see the triggers missing.
final class CoverageTriggers {
    /// The insert triggers taken out: those of `guidelines` and `guideline_texts`. Updates and
    /// deletes keep theirs (an import's are few).
    static let names = ["guideline_texts_coverage_insert", "guidelines_coverage_insert"]

    /// Guidelines and translations a write creates or changes before the triggers are taken out:
    /// a small write, which the schema change would cost more than the triggers, keeps them, and
    /// so does one that changes nothing (a file imported again), which leaves the schema as it was.
    static let largeWrite = 1_000

    private enum State {
        case inPlace
        /// Taken out; their definitions as `sqlite_master` held them.
        case suspended([(name: String, sql: String)])
    }

    private let database: Database
    private var state = State.inPlace

    init(database: Database) {
        self.database = database
    }

    /// Takes the triggers out, unless they are out already. A schema without them (before
    /// Migrations/0012) has nothing to take out, and then nothing is marked either.
    func suspend() throws {
        guard case .inPlace = state else { return }
        let saved = try database.rows("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (?1, ?2) ORDER BY name",
                                      Self.names.map { .text($0) }) { (name: $0.text(0), sql: $0.text(1)) }
        guard !saved.isEmpty else { return }
        for trigger in saved { try database.execute("DROP TRIGGER \(trigger.name)") }
        state = .suspended(saved)
    }

    /// Marks topic `id` stale, as the triggers would for the guidelines and texts just inserted in
    /// it, while they are out.
    func markWritten(topic id: Int64) throws {
        guard case .suspended = state else { return }
        try database.run("INSERT INTO coverage_stale (topic_id) VALUES (?1) ON CONFLICT (topic_id) DO NOTHING", [.integer(id)])
    }

    /// Puts the triggers back as they were defined, if they are out.
    func restore() throws {
        guard case .suspended(let saved) = state else { return }
        for trigger in saved where try database.scalarInt("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?1", [.text(trigger.name)]) == nil {
            try database.execute(trigger.sql)
        }
        state = .inPlace
    }
}
