import Foundation
import GuidebookCore
import GuidebookText
import GuidebookTranslationFiles

/// Imports a TMX file as a translation memory of its own (`MemoryOrigin`), kept apart from the
/// knowledge base's translations: each `<tu>` with an English variant and one in the memory's
/// locale becomes a unit. One transaction: a file that cannot be read, whose languages do not fit
/// (an English source is required: a TMX whose source is the locale, or whose "English" texts are
/// Korean and "Korean" texts English, has its languages swapped) applies nothing.
public struct MemoryImporter: Sendable {
    public let store: Store

    public struct Options: Sendable, Equatable {
        /// The locale the memory translates into; nil: the file's one other language the base has.
        public var locale: String?
        public var dryRun: Bool
        /// The memory's name: the file's.
        public var displayName: String
        public var tokenName: String?

        public init(locale: String? = nil, dryRun: Bool = false, displayName: String, tokenName: String? = nil) {
            (self.locale, self.dryRun, self.displayName, self.tokenName) = (locale, dryRun, displayName, tokenName)
        }
    }

    public init(store: Store) {
        self.store = store
    }

    /// Imports the TMX file at `path`; `willCommit` runs inside the transaction before it commits.
    public func run(path: String, options: Options, observer: any ImportObserver = UnobservedImport(),
                    willCommit: ((MemoryImportResult, KnowledgeWriter) throws -> Void)? = nil) throws -> MemoryImportResult {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        return try FileImportTransaction.run(in: store, token: options.tokenName, dryRun: options.dryRun, willCommit: willCommit) { writer in
            let file = try TMXReader(path: path)
            func report(_ phase: ImportProgress.Phase, _ message: String) throws {
                observer.report(ImportProgress(phase: phase, message: message, completed: min(file.bytesRead, size ?? file.bytesRead), total: size, unit: "bytes"))
                if observer.isCancelled { throw CancellationError() }
            }
            try report(.parsing, "reading \(options.displayName)")
            let header = try file.header()
            let locales = try writer.reader.locales().filter { !$0.isSource }.map(\.code)
            if let source = header.sourceLanguage, source != "*all*", LanguageTag.primary(source) != SourceLocale.code {
                let swapped = LanguageTag.matching(source, among: locales) != nil
                throw TranslationImportFailure(message: swapped
                    ? "the TMX's languages are swapped: its source language is '\(source.prefix(40))', and Guidebook's memory translates from \(SourceLocale.code)"
                    : "the TMX translates from '\(source.prefix(40))', but Guidebook's memory translates from \(SourceLocale.code)", position: header.position)
            }
            var locale = options.locale
            var origin: MemoryOrigin?
            var problems: [TranslationImportFailure.Problem] = []
            var units = 0, kept = 0, skipped = 0
            while let unit = try file.nextUnit() {
                units += 1
                if units % 100 == 0 { try report(.applying, "applying \(options.displayName): \(units) units read") }
                if locale == nil {
                    locale = unit.variants.lazy.compactMap { LanguageTag.primary($0.language) == SourceLocale.code ? nil : LanguageTag.matching($0.language, among: locales) }.first
                }
                guard let locale,
                      let english = unit.variants.first(where: { LanguageTag.primary($0.language) == SourceLocale.code }),
                      let translated = unit.variants.first(where: { LanguageTag.matching($0.language, among: [locale]) != nil }),
                      !english.text.trimmingWhitespace().isEmpty, !translated.text.trimmingWhitespace().isEmpty else {
                    skipped += 1
                    continue
                }
                if Script.of(english.text) == .korean, Script.of(translated.text) == .english {
                    if problems.count < TranslationImportFailure.maxProblems {
                        problems.append(.init(id: "tu", position: english.position,
                                              message: "the languages are swapped: the text marked \(english.language) is Korean and the one marked \(translated.language) English"))
                    }
                    continue
                }
                guard problems.isEmpty else { continue }
                let memory = try origin ?? writer.addMemoryOrigin(name: options.displayName, sourceLocale: SourceLocale.code, targetLocale: locale,
                                                                  creationTool: header.creationTool, importedBy: options.tokenName)
                origin = memory
                try writer.addMemoryUnit(origin: memory.id, source: english.text, target: translated.text)
                kept += 1
            }
            if let first = problems.first {
                throw TranslationImportFailure(message: "\(problems.count) unit\(problems.count == 1 ? "" : "s") cannot be imported (\(first.message))",
                                               position: first.position, problems: problems)
            }
            guard var recorded = origin else {
                throw TranslationImportFailure(message: locale.map { "no unit has both an English and a \($0) text" }
                    ?? "no unit has a text in a language this base translates into (\(locales.joined(separator: ", "))) beside English",
                                               position: header.position)
            }
            try writer.finishMemoryOrigin(recorded.id, units: kept)
            recorded.units = kept
            try report(.committing, "committing \(options.displayName)")
            return MemoryImportResult(dryRun: options.dryRun, origin: recorded, units: units, kept: kept, skipped: skipped)
        }
    }
}
