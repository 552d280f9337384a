import Foundation
import GuidebookCore
import GuidebookNotes
import SQLite

/// Applies one payload file to the knowledge base in a single transaction: readers see all of it
/// or none of it, and a failure, a cancellation or a dry run leaves the knowledge base as it was.
public struct Importer: Sendable {
    public let store: Store

    /// Options of one import.
    public struct Options: Sendable, Equatable {
        public var format: ImportFormat
        public var mode: ImportMode
        public var dryRun: Bool
        /// The name shown in messages and warnings (the upload's or the file's name).
        public var displayName: String

        public init(format: ImportFormat, mode: ImportMode = .merge, dryRun: Bool = false, displayName: String) {
            self.format = format
            self.mode = mode
            self.dryRun = dryRun
            self.displayName = displayName
        }
    }

    public init(store: Store) {
        self.store = store
    }

    /// Marks a rollback that is the plan (a dry run), not a failure.
    private struct DryRunRollback: Error { let outcome: ImportOutcome }

    /// Imports `path`. `progress` is called often; throwing from it (for example `CancellationError`)
    /// aborts and rolls back. `beforeCommit` runs inside the transaction after the data is written,
    /// so a caller can record the outcome atomically with the data.
    public func run(path: String, options: Options,
                    progress: (ImportProgress) throws -> Void,
                    beforeCommit: (Database, ImportOutcome) throws -> Void = { _, _ in }) throws -> ImportOutcome {
        do {
            return try store.write { database in
                let writer = KnowledgeWriter(database: database)
                var outcome: ImportOutcome
                var last = ImportProgress(phase: "starting", message: "", completed: 0, total: nil, unit: "")
                let report: (ImportProgress) throws -> Void = { update in
                    last = update
                    try progress(update)
                }
                switch options.format {
                case .ndjson: outcome = try applyNDJSON(path: path, options: options, writer: writer, progress: report)
                case .bundle: outcome = try applyBundle(path: path, options: options, writer: writer, progress: report)
                case .notes: outcome = try applyNotes(path: path, options: options, writer: writer, progress: report)
                }
                // The count stays where applying left it: committing is the last step of the same work.
                try progress(ImportProgress(phase: "committing", message: "committing \(options.displayName)",
                                            completed: last.completed, total: last.total, unit: last.unit))
                if options.dryRun {
                    outcome.dryRun = true
                    throw DryRunRollback(outcome: outcome)
                }
                try beforeCommit(database, outcome)
                return outcome
            }
        } catch let rollback as DryRunRollback {
            return rollback.outcome
        } catch let error as StoreError {
            if case .invalid(let field, let reason) = error { throw ImportFailure(message: reason, field: field) }
            throw error
        }
    }

    // MARK: Formats

    private func applyNDJSON(path: String, options: Options, writer: KnowledgeWriter, progress: (ImportProgress) throws -> Void) throws -> ImportOutcome {
        try progress(ImportProgress(phase: "counting", message: "counting records in \(options.displayName)", completed: 0, total: nil, unit: "records"))
        let total = try LineReader.countLines(path: path)
        var counts = ImportCounts()
        var completed = 0
        let decoder = JSONDecoder()
        try LineReader.forEachLine(path: path) { number, line in
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) else {
                completed += 1
                return
            }
            let record: NDJSONRecord
            do {
                record = try decoder.decode(NDJSONRecord.self, from: Data(line))
            } catch let error as DecodingError {
                let (field, reason) = BundleCodec.describe(error)
                throw ImportFailure(message: reason, line: number, field: field)
            }
            do {
                switch record {
                case .locale(let locale): try writer.upsertLocale(locale)
                case .category(let category): try writer.upsertCategory(category)
                case .topic(let topic): counts += try writer.upsertTopic(topic, mode: options.mode)
                case .glossary(let entry): try writer.upsertGlossaryEntry(entry)
                }
            } catch StoreError.invalid(let field, let reason) {
                throw ImportFailure(message: reason, line: number, field: field)
            }
            completed += 1
            try progress(ImportProgress(phase: "applying", message: "applying \(options.displayName): record \(completed) of \(total)",
                                        completed: completed, total: total, unit: "records"))
        }
        return ImportOutcome(counts: counts, warnings: [], dryRun: false)
    }

    private func applyBundle(path: String, options: Options, writer: KnowledgeWriter, progress: (ImportProgress) throws -> Void) throws -> ImportOutcome {
        try progress(ImportProgress(phase: "parsing", message: "parsing \(options.displayName)", completed: 0, total: nil, unit: "topics"))
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportFailure(message: "the upload cannot be read") }
        let bundle: KnowledgeBundle
        do {
            bundle = try BundleCodec.decode(data)
        } catch StoreError.invalid(let field, let reason) {
            throw ImportFailure(message: reason, line: Self.lineOfJSONError(reason), field: field)
        }
        return try apply(bundle, warnings: [], options: options, writer: writer, progress: progress)
    }

    private func applyNotes(path: String, options: Options, writer: KnowledgeWriter, progress: (ImportProgress) throws -> Void) throws -> ImportOutcome {
        try progress(ImportProgress(phase: "parsing", message: "parsing notes in \(options.displayName)", completed: 0, total: nil, unit: "topics"))
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportFailure(message: "the upload cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportFailure(message: "notes must be UTF-8 text", line: Self.firstInvalidUTF8Line(data))
        }
        // Topics the knowledge base already has keep their slug and category.
        var known: [String: String] = [:]
        var categories: [String: String] = [:]
        try writer.database.forEachRow("""
            SELECT tt.title, t.slug, c.slug FROM topic_texts tt JOIN topics t ON t.id = tt.topic_id
            JOIN categories c ON c.id = t.category_id WHERE tt.locale = 'en'
            """) { row in
            known[row.text(0)] = row.text(1)
            categories[row.text(1)] = row.text(2)
        }
        let parsed = NotesParser(options: .init(knownTopicTitles: known)).parse(text, fileName: options.displayName)
        var bundle = parsed.bundle
        for index in bundle.topics.indices {
            if let existing = categories[bundle.topics[index].slug] { bundle.topics[index].category = existing }
        }
        guard !bundle.topics.isEmpty else {
            throw ImportFailure(message: "no topic could be read from the notes (\(parsed.warnings.count) warnings)", line: parsed.warnings.first?.line)
        }
        return try apply(bundle, warnings: parsed.warnings, options: options, writer: writer, progress: progress)
    }

    private func apply(_ bundle: KnowledgeBundle, warnings: [ImportWarning], options: Options, writer: KnowledgeWriter,
                       progress: (ImportProgress) throws -> Void) throws -> ImportOutcome {
        do {
            try BundleValidator.validate(bundle)
        } catch StoreError.invalid(let field, let reason) {
            throw ImportFailure(message: reason, field: field)
        }
        let total = bundle.topics.count
        var done = 0
        try progress(ImportProgress(phase: "applying", message: "applying \(options.displayName): 0 of \(total) topics", completed: 0, total: total, unit: "topics"))
        let counts = try writer.apply(bundle, mode: options.mode) { _ in
            done += 1
            try progress(ImportProgress(phase: "applying", message: "applying \(options.displayName): \(done) of \(total) topics",
                                        completed: done, total: total, unit: "topics"))
        }
        return ImportOutcome(counts: counts, warnings: warnings, dryRun: false)
    }

    /// Foundation's JSON errors say "around line N, column M"; the line is worth reporting.
    static func lineOfJSONError(_ reason: String) -> Int? {
        guard let range = reason.range(of: "line ") else { return nil }
        return Int(reason[range.upperBound...].prefix { $0.isNumber })
    }

    static func firstInvalidUTF8Line(_ data: Data) -> Int? {
        var line = 1
        var start = data.startIndex
        for index in data.indices where data[index] == 0x0a {
            if String(data: data[start..<index], encoding: .utf8) == nil { return line }
            line += 1
            start = data.index(after: index)
        }
        return String(data: data[start...], encoding: .utf8) == nil ? line : nil
    }
}
