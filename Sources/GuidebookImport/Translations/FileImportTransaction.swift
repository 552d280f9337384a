import GuidebookCore

/// The one transaction of a translated file's or a TMX memory's import: `body` reads the file and
/// writes; a dry run then rolls everything back and still returns what it would have done;
/// otherwise `willCommit` records the result with the data (the job's marker) and it commits. Any
/// error rolls back and comes out as a `TranslationImportFailure` (or `CancellationError`).
enum FileImportTransaction {
    /// Marks a rollback that is the plan (a dry run), not a failure. `Error` asks for `Sendable`;
    /// this one is thrown and caught within one call of `run`, on its thread (`Store.write` runs its
    /// body on the caller's), so its result never crosses threads.
    private struct DryRunRollback<Result>: Error, @unchecked Sendable {
        let result: Result
    }

    static func run<Result>(in store: Store, token: String?, dryRun: Bool, willCommit: ((Result, KnowledgeWriter) throws -> Void)?,
                            _ body: (KnowledgeWriter) throws -> Result) throws -> Result {
        do {
            return try store.write(token: token) { writer in
                let result = try body(writer)
                if dryRun { throw DryRunRollback(result: result) }
                try willCommit?(result, writer)
                return result
            }
        } catch let rollback as DryRunRollback<Result> {
            return rollback.result
        } catch {
            throw TranslationImportFailure.from(error)
        }
    }
}
