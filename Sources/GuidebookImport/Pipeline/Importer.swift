import Foundation
import GuidebookCore
import GuidebookNotes

/// Applies one payload file to the knowledge base in a single transaction: readers see all of it
/// or none of it, and a failure, a cancellation or a dry run leaves the knowledge base as it was.
///
/// It reports its progress to an `ImportObserver` and asks it whether to stop at every step; the
/// observer is a job's (`ImportWork`) or the command line's (`guidebook import`).
public struct Importer: Sendable {
    public let store: Store

    /// Options of one import.
    public struct Options: Sendable, Equatable {
        public var format: ImportFormat
        public var mode: ImportMode
        public var dryRun: Bool
        /// The name shown in messages and warnings (the upload's or the file's name).
        public var displayName: String
        /// The import job this import runs for, if any: named in the `import.succeeded` and
        /// `import.failed` webhook events.
        public var jobID: String?

        public init(format: ImportFormat, mode: ImportMode = .merge, dryRun: Bool = false, displayName: String, jobID: String? = nil) {
            self.format = format
            self.mode = mode
            self.dryRun = dryRun
            self.displayName = displayName
            self.jobID = jobID
        }
    }

    public init(store: Store) {
        self.store = store
    }

    /// Marks a rollback that is the plan (a dry run), not a failure.
    private struct DryRunRollback: Error { let outcome: ImportOutcome }

    /// Imports `path`, reporting to `observer` at every step; once `observer` is cancelled the next
    /// step throws `CancellationError` and everything is rolled back. A failure of the input is an
    /// `ImportFailure` with its line and field.
    public func run(path: String, options: Options, observer: any ImportObserver = UnobservedImport()) throws -> ImportOutcome {
        do {
            return try store.write { writer in
                var outcome: ImportOutcome
                var last = ImportProgress(phase: .starting, message: "", completed: 0, total: nil, unit: "")
                let report: (ImportProgress) throws -> Void = { update in
                    last = update
                    observer.report(update)
                    if observer.isCancelled { throw CancellationError() }
                }
                switch options.format {
                case .ndjson: outcome = try applyNDJSON(path: path, options: options, writer: writer, progress: report)
                case .bundle: outcome = try applyBundle(path: path, options: options, writer: writer, progress: report)
                case .notes: outcome = try applyNotes(path: path, options: options, writer: writer, progress: report)
                }
                // The count stays where applying left it: committing is the last step of the same work.
                try report(ImportProgress(phase: .committing, message: "committing \(options.displayName)",
                                          completed: last.completed, total: last.total, unit: last.unit))
                if options.dryRun {
                    outcome.dryRun = true
                    throw DryRunRollback(outcome: outcome)
                }
                // In the same transaction as the data: what the observer records commits with it.
                try observer.willCommit(outcome, in: writer)
                // Also in the same transaction: the webhook event is sent exactly when the data is in.
                try writer.enqueueWebhookEvent(.importSucceeded, data: ImportEvent(options: options, counts: outcome.counts))
                return outcome
            }
        } catch let rollback as DryRunRollback {
            return rollback.outcome
        } catch let error as StoreError {
            if case .invalid(let field, let reason) = error {
                throw reportingFailure(ImportFailure(message: reason, field: field), options: options)
            }
            throw reportingFailure(error, options: options)
        } catch let error as ImportFailure {
            throw reportingFailure(error, options: options)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Anything else (SQLite's own errors among them) reaches the job's error and the
            // command line as a sentence, never as the SQL that failed.
            throw reportingFailure(ImportFailure(message: "the import could not be completed: \(StoreError.describingWithoutSQL(error)); nothing was applied"),
                                   options: options)
        }
    }

    /// Records the `import.failed` webhook event for `error` (in a transaction of its own: the
    /// import's was rolled back) and returns the error. A cancellation or a dry run is no failure.
    private func reportingFailure(_ error: any Error, options: Options) -> any Error {
        guard !(error is CancellationError), !options.dryRun else { return error }
        let failure = error as? ImportFailure ?? ImportFailure(message: "\(error)")
        // Failing to record the event must not hide the import's own error from its caller.
        _ = try? store.write { try $0.enqueueWebhookEvent(.importFailed, data: ImportEvent(options: options, error: failure)) }
        return error
    }

    // MARK: Formats

    private func applyNDJSON(path: String, options: Options, writer: KnowledgeWriter, progress: (ImportProgress) throws -> Void) throws -> ImportOutcome {
        try progress(ImportProgress(phase: .counting, message: "counting records in \(options.displayName)", completed: 0, total: nil, unit: "records"))
        let total = try LineReader.countLines(path: path)
        var counts = ImportCounts()
        var completed = 0
        // The lines are decoded on another thread, ahead of the writes, unless requests are being
        // served (`PrefetchedLines`).
        try PrefetchedLines<NDJSONRecord?>.forEachLine(path: path, foreground: store.foreground, decode: Self.record) { number, record in
            guard let record else {
                completed += 1
                return
            }
            do {
                switch record {
                case .locale(let locale): try writer.upsertLocale(locale)
                case .category(let category): try writer.upsertCategory(category)
                case .topic(let topic): counts += try writer.upsertTopic(topic, mode: options.mode, asRecordOfOneImport: true)
                case .glossary(let entry): try writer.upsertGlossaryEntry(entry)
                }
            } catch StoreError.invalid(let field, let reason) {
                throw ImportFailure(message: reason, line: number, field: field)
            }
            completed += 1
            try progress(ImportProgress(phase: .applying, message: "applying \(options.displayName): record \(completed) of \(total)",
                                        completed: completed, total: total, unit: "records"))
        }
        return ImportOutcome(counts: counts, warnings: [], dryRun: false)
    }

    /// The record of one NDJSON line (nil for a blank line), or the failure its line reports.
    private static func record(number: Int, line: [UInt8]) throws -> NDJSONRecord? {
        guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) else { return nil }
        do {
            return try BundleCodec.decode(NDJSONRecord.self, from: Data(line))
        } catch StoreError.invalid(let field, let reason) {
            throw ImportFailure(message: reason, line: number, field: field)
        }
    }

    private func applyBundle(path: String, options: Options, writer: KnowledgeWriter, progress: (ImportProgress) throws -> Void) throws -> ImportOutcome {
        try progress(ImportProgress(phase: .parsing, message: "parsing \(options.displayName)", completed: 0, total: nil, unit: "topics"))
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportFailure(message: "the upload cannot be read") }
        let bundle: KnowledgeBundle
        do {
            bundle = try BundleCodec.decode(data)
        } catch StoreError.invalid(let field, let reason) {
            throw ImportFailure(message: reason, line: Self.lineOfJSONError(reason), field: field)
        }
        return try apply(bundle, warnings: [], options: options, writer: writer, progress: progress,
                         lineOfTopic: { Self.lineOfTopic(bundle.topics[$0].slug, in: data) })
    }

    private func applyNotes(path: String, options: Options, writer: KnowledgeWriter, progress: (ImportProgress) throws -> Void) throws -> ImportOutcome {
        try progress(ImportProgress(phase: .parsing, message: "parsing notes in \(options.displayName)", completed: 0, total: nil, unit: "topics"))
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportFailure(message: "the upload cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportFailure(message: "notes must be UTF-8 text", line: Self.firstInvalidUTF8Line(data))
        }
        // Topics the knowledge base already has keep their slug and category.
        var known: [String: String] = [:]
        var categories: [String: String] = [:]
        for topic in try writer.existingTopics() {
            known[topic.title] = topic.slug
            categories[topic.slug] = topic.category
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

    /// `lineOfTopic` gives the line of the bundle's topic at an index, for a failure's message.
    private func apply(_ bundle: KnowledgeBundle, warnings: [ImportWarning], options: Options, writer: KnowledgeWriter,
                       progress: (ImportProgress) throws -> Void, lineOfTopic: (Int) -> Int? = { _ in nil }) throws -> ImportOutcome {
        // Validated once, here; the writer takes the checked bundle as it is.
        let validated: ValidatedBundle
        do {
            validated = try ValidatedBundle(validating: bundle)
        } catch StoreError.invalid(let field, let reason) {
            throw ImportFailure(message: reason, field: field)
        }
        let total = bundle.topics.count
        var done = 0
        try progress(ImportProgress(phase: .applying, message: "applying \(options.displayName): 0 of \(total) topics", completed: 0, total: total, unit: "topics"))
        let counts: ImportCounts
        do {
            counts = try writer.apply(validated, mode: options.mode) { _ in
                done += 1
                try progress(ImportProgress(phase: .applying, message: "applying \(options.displayName): \(done) of \(total) topics",
                                            completed: done, total: total, unit: "topics"))
            }
        } catch StoreError.invalid(let field, let reason) {
            // The topic being written when it failed (past the last one: what the whole bundle left, no line).
            throw ImportFailure(message: reason, line: done < bundle.topics.count ? lineOfTopic(done) : nil, field: field)
        }
        return ImportOutcome(counts: counts, warnings: warnings, dryRun: false)
    }

    /// The line of a bundle file where the topic `slug` begins (its `"slug": "…"` member after
    /// the `"topics"` key); nil when it cannot be found. Slugs are `a-z0-9-`, so no escaping.
    static func lineOfTopic(_ slug: String, in data: Data) -> Int? {
        let bytes = [UInt8](data)
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count <= bytes.count else { return nil }
            var index = start
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
        guard var index = find(Array(#""topics""#.utf8), from: 0) else { return nil }
        let key = Array(#""slug""#.utf8), value = Array("\"\(slug)\"".utf8)
        while let found = find(key, from: index) {
            var next = found + key.count
            while next < bytes.count, [0x20, 0x09, 0x0a, 0x0d, UInt8(ascii: ":")].contains(bytes[next]) { next += 1 }
            if next + value.count <= bytes.count && bytes[next..<next + value.count].elementsEqual(value) {
                return 1 + bytes[..<found].reduce(0) { $0 + ($1 == 0x0a ? 1 : 0) }
            }
            index = next
        }
        return nil
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
