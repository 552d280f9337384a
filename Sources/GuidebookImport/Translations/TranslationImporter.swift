import Foundation
import GuidebookChecks
import GuidebookCore
import GuidebookText
import GuidebookTranslationFiles

/// Applies a translated file (XLIFF 2.0, XLIFF 1.2 or PO, as exported for translators) to the
/// knowledge base in one transaction: it writes only the units whose translation changed, applies
/// a conflict only as a draft (`UnitDecision` has the rules), and applies nothing at all when
/// the file cannot be read, its languages do not fit, or any unit cannot be taken (each such unit
/// is listed with its line and column). A dry run does everything and rolls back.
///
/// The file is read one unit at a time, inside the write transaction, so memory stays bounded
/// whatever its size. Progress goes to an `ImportObserver` (a job's, or the command line's), which
/// is asked at every unit whether to stop.
public struct TranslationImporter: Sendable {
    public let store: Store

    public struct Options: Sendable, Equatable {
        /// The file's format; nil: told from its first bytes.
        public var format: TranslationFileFormat?
        /// The locale the file must translate into; nil: the file's own target language.
        public var locale: String?
        public var onConflict: ConflictPolicy
        public var dryRun: Bool
        /// The name shown in messages.
        public var displayName: String
        /// The name of the token the changes are recorded under in the change log.
        public var tokenName: String?
        /// Who imports, as the review rules see it: only a reviewer's import changes an approved translation.
        public var role: TranslationRole

        public init(format: TranslationFileFormat? = nil, locale: String? = nil, onConflict: ConflictPolicy = .draft, dryRun: Bool = false,
                    displayName: String, tokenName: String? = nil, role: TranslationRole = .editor) {
            self.format = format
            self.locale = locale
            self.onConflict = onConflict
            self.dryRun = dryRun
            self.displayName = displayName
            self.tokenName = tokenName
            self.role = role
        }
    }

    public init(store: Store) {
        self.store = store
    }

    /// Imports the file at `path`. `willCommit` runs inside the transaction just before it commits
    /// (never for a dry run): what it writes commits with the translations or not at all.
    public func run(path: String, options: Options, observer: any ImportObserver = UnobservedImport(),
                    willCommit: ((TranslationImportResult, KnowledgeWriter) throws -> Void)? = nil) throws -> TranslationImportResult {
        let format = try options.format ?? TranslationFileFormat.detect(path: path) ?? {
            throw TranslationImportFailure(message: "the file is XML but neither XLIFF 2.0 nor XLIFF 1.2; send an XLIFF or a PO file exported by Guidebook",
                                           position: FilePosition(line: 1, column: 1))
        }()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        return try FileImportTransaction.run(in: store, token: options.tokenName, dryRun: options.dryRun, willCommit: willCommit) { writer in
            var run = try Run(format: format, path: path, options: options, writer: writer, observer: observer, size: size)
            let result = try run.apply()
            try run.report(phase: .committing, "committing \(options.displayName)")
            return result
        }
    }

    /// One import's reading and writing, inside its transaction.
    private struct Run {
        let options: Options
        let writer: KnowledgeWriter
        let observer: any ImportObserver
        let file: any TranslationFileReader
        let format: TranslationFileFormat
        let size: Int?
        var locale = ""
        var result: TranslationImportResult
        var problems: [TranslationImportFailure.Problem] = []
        var problemsOmitted = 0
        var seen = Set<String>()
        /// A topic's title and summary are one translation, with one review state and one English
        /// revision it was made from. The halves a file offers are kept by topic (in the file's
        /// order) and written together once the file is read (`writeTopic`).
        var topicOffers: [String: TopicOffer] = [:]
        var topicOrder: [String] = []

        /// What a file offers for one half of a topic's translation.
        struct HalfOffer {
            let text: String
            let decision: UnitDecision
            let unit: OfferedUnit
        }

        /// The halves of one topic's translation a file offers.
        struct TopicOffer {
            var title: HalfOffer?
            var summary: HalfOffer?
        }

        init(format: TranslationFileFormat, path: String, options: Options, writer: KnowledgeWriter, observer: any ImportObserver, size: Int?) throws {
            self.format = format
            self.options = options
            self.writer = writer
            self.observer = observer
            self.size = size
            file = try format.reader(path: path, locales: try writer.reader.locales().map(\.code))
            result = TranslationImportResult(dryRun: options.dryRun, format: format.rawValue, locale: "", onConflict: options.onConflict)
        }

        func report(phase: ImportProgress.Phase, _ message: String) throws {
            observer.report(ImportProgress(phase: phase, message: message, completed: min(file.bytesRead, size ?? file.bytesRead),
                                           total: size, unit: "bytes"))
            if observer.isCancelled { throw CancellationError() }
        }

        mutating func apply() throws -> TranslationImportResult {
            try report(phase: .parsing, "reading \(options.displayName)")
            locale = try Self.locale(of: try file.header(), requested: options.locale, in: writer.reader)
            result.locale = locale
            while let unit = try file.nextUnit() {
                if result.units % 100 == 0 {
                    try report(phase: .applying, "applying \(options.displayName): \(result.units) units read")
                } else if observer.isCancelled {
                    throw CancellationError()
                }
                try take(unit)
            }
            for slug in topicOrder {
                try writeTopic(slug, topicOffers[slug] ?? TopicOffer())
            }
            if !problems.isEmpty {
                let first = problems[0]
                let count = problems.count + problemsOmitted
                throw TranslationImportFailure(message: "\(count) unit\(count == 1 ? "" : "s") cannot be imported (\(first.message))",
                                               position: first.position, id: first.id, problems: problems, problemsOmitted: problemsOmitted)
            }
            return result
        }

        mutating func problem(_ unit: OfferedUnit, _ message: String, at position: FilePosition? = nil) {
            if problems.count < TranslationImportFailure.maxProblems {
                problems.append(.init(id: unit.id, position: position ?? unit.position, message: message))
            } else {
                problemsOmitted += 1
            }
        }

        /// Checks one unit, decides what it means, records it and (while the file has no problem) writes it.
        mutating func take(_ unit: OfferedUnit) throws {
            var unit = unit
            if let problem = unit.problem { return self.problem(unit, problem) }
            guard let id = TranslationUnitID(unit.id), let stored = try writer.reader.translationUnit(id, locale: locale) else {
                return problem(unit, "no text with the id '\(unit.id.prefix(200))' in this base (a file exported from another base, or a text deleted since)")
            }
            guard seen.insert(unit.id).inserted else { return problem(unit, "a second unit with the id \(unit.id)") }
            if !format.carriesEveryCharacter {
                // A text that is what the writer made of the stored one (U+FFFD where XML cannot
                // carry a character) stands for the stored one: an unchanged file changes nothing.
                if let source = unit.source, source != stored.source, source == XMLText.asWrittenWithout(stored.source) { unit.source = stored.source }
                if let target = unit.target, let kept = stored.target, target != kept, target == XMLText.asWrittenWithout(kept) { unit.target = kept }
            }
            if let target = unit.target {
                if target.isEmpty {
                    unit.target = nil
                } else if TextNormalization.isBlank(target) {  // as the API's edits judge it
                    return problem(unit, "the translation holds only whitespace or invisible characters", at: unit.targetPosition)
                } else if TextLengthRule.exceeds(target, maxLength: id.maxLength) {  // as the API's edits count
                    return problem(unit, "the translation is longer than \(id.maxLength) characters", at: unit.targetPosition)
                } else if let broken = ProtectedSpans.carryOverProblems(source: unit.source ?? stored.source, translation: target).first {
                    return problem(unit, broken, at: unit.targetPosition)
                }
            }
            let decision = UnitDecision(unit, stored: stored, policy: options.onConflict, role: options.role)
            if decision.isConflict, let offered = unit.target, decision.outcome == .conflictDraft || decision.outcome == .conflictSkipped {
                result.record(TranslationImportResult.Conflict(id: unit.id, line: unit.position.line, column: unit.position.column,
                                                               oldSource: unit.source ?? "", oldRevision: unit.revision, newSource: stored.source,
                                                               newRevision: stored.sourceRevision, offered: offered, outcome: decision.outcome))
            }
            result.record(TranslationImportResult.Change(id: unit.id, line: unit.position.line, column: unit.position.column, outcome: decision.outcome))
            guard decision.outcome.writes, problems.isEmpty, let text = unit.target else { return }
            try write(id, text: text, decision: decision, unit: unit)
        }

        mutating func write(_ id: TranslationUnitID, text: String, decision: UnitDecision, unit: OfferedUnit) throws {
            let editor = writer.editor
            let write = TranslationWrite(state: decision.state, role: options.role)
            do {
                switch id {
                case .guideline(let key):
                    try editor.putGuidelineTranslation(id: key, locale: locale, text: text, precondition: .none, write: write, madeFrom: decision.madeFrom)
                case .sectionTitle(let slug, let key):
                    try editor.putSectionTranslation(topic: slug, key: key, locale: locale, title: text, precondition: .none, write: write,
                                                     madeFrom: decision.madeFrom)
                case .topicTitle(let slug), .topicSummary(let slug):
                    if topicOffers[slug] == nil { topicOrder.append(slug) }
                    let offer = HalfOffer(text: text, decision: decision, unit: unit)
                    if case .topicTitle = id { topicOffers[slug, default: TopicOffer()].title = offer } else { topicOffers[slug, default: TopicOffer()].summary = offer }
                }
            } catch StoreError.validation(let fields) {
                problem(unit, fields.map { "\($0.name) \($0.reason)" }.joined(separator: "; "), at: unit.targetPosition)
            }
        }

        /// Writes a topic's translation once, from the halves the file offered and, for a half it did
        /// not, the stored one, which keeps what it stands for: the translation is recorded as made
        /// from the older English revision of the two, in the lower review state of the two. So a file
        /// that translates only the title of a topic whose summary is outdated (or a draft) leaves
        /// the topic outdated (or a draft) until the summary is done too, rather than marking the
        /// stale summary current. A summary needs a title translation, stored or offered.
        mutating func writeTopic(_ slug: String, _ offer: TopicOffer) throws {
            let storedTitle = try writer.reader.translationUnit(.topicTitle(slug), locale: locale)
            let storedSummary = try writer.reader.translationUnit(.topicSummary(slug), locale: locale)
            guard let title = offer.title?.text ?? storedTitle?.target else {
                if let summary = offer.summary {
                    problem(summary.unit, "a topic's summary cannot be translated before its title: translate topic:\(slug):title too")
                }
                return
            }
            guard problems.isEmpty else { return }
            // Each half: the revision its text translates and its review state.
            func half(_ offered: HalfOffer?, _ stored: TranslationUnit?) -> (madeFrom: Int, state: ReviewState)? {
                if let offered, let state = offered.decision.state {
                    return (offered.decision.madeFrom ?? stored?.sourceRevision ?? 0, state)  // nil: the current English
                }
                guard let stored, stored.target != nil else { return nil }
                return (stored.translatedRevision ?? stored.sourceRevision, stored.review ?? .translated)
            }
            let halves = [half(offer.title, storedTitle), half(offer.summary, storedSummary)].compactMap { $0 }
            let current = storedTitle?.sourceRevision ?? storedSummary?.sourceRevision ?? 0
            let madeFrom = halves.map(\.madeFrom).min().flatMap { $0 >= current ? nil : $0 }
            let state = halves.map(\.state).min()
            let unit = offer.title?.unit ?? offer.summary?.unit
            do {
                try writer.editor.putTopicTranslation(slug: slug, locale: locale, title: title, summary: offer.summary?.text ?? storedSummary?.target,
                                                      precondition: .none, write: TranslationWrite(state: state, role: options.role), madeFrom: madeFrom)
            } catch StoreError.validation(let fields) {
                if let unit { problem(unit, fields.map { "\($0.name) \($0.reason)" }.joined(separator: "; "), at: unit.targetPosition) }
            }
        }

        /// The base's locale the file translates into: its target language (or `requested`), which
        /// the base must have; its source language, when it names one, must be the base's.
        static func locale(of header: TranslationFileHeader, requested: String?, in reader: KnowledgeReader) throws -> String {
            if let source = header.sourceLanguage, LanguageTag.primary(source) != SourceLocale.code {
                throw TranslationImportFailure(message: "the file translates from '\(source.prefix(40))', but this base translates from \(SourceLocale.code)",
                                               position: header.position)
            }
            guard let target = header.targetLanguage ?? requested else {
                throw TranslationImportFailure(message: "the file names no target language; say which locale it is for (locale=ko, --locale ko)",
                                               position: header.position)
            }
            let locales = try reader.locales().filter { !$0.isSource }.map(\.code)
            guard let locale = LanguageTag.matching(target, among: locales) else {
                throw TranslationImportFailure(message: "the file is for '\(target.prefix(40))', a locale this base does not have (it has \(locales.joined(separator: ", ")))",
                                               position: header.position)
            }
            if let requested, requested != locale {
                throw TranslationImportFailure(message: "the file is for '\(target.prefix(40))', not for '\(requested.prefix(40))' as asked",
                                               position: header.position)
            }
            return locale
        }
    }
}
