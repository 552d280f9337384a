import GuidebookCore
import GuidebookTranslationFiles

/// Why a translation import applied nothing: a file that cannot be read (with the place where
/// reading stopped), languages that do not fit, or units that cannot be taken, each listed with
/// its place. `TranslationImportWork` makes it the job's error.
public struct TranslationImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// Where the first problem is.
    public var position: FilePosition?
    /// The unit id of the first problem, when it is a unit's.
    public var id: String?
    /// Every problem, in file order (empty when the file as a whole failed).
    public var problems: [Problem]
    public var problemsOmitted: Int

    /// One unit that cannot be taken.
    public struct Problem: Sendable, Equatable {
        public var id: String
        public var position: FilePosition
        public var message: String
    }

    /// Problems kept with a failure; the rest are counted.
    public static let maxProblems = 1000

    init(message: String, position: FilePosition?, id: String? = nil, problems: [Problem] = [], problemsOmitted: Int = 0) {
        self.message = message
        self.position = position
        self.id = id
        self.problems = problems
        self.problemsOmitted = problemsOmitted
    }

    /// What an import's error becomes: a file that cannot be read is a failure where reading
    /// stopped; a failure and a cancellation stay as they are; anything else (SQLite's own errors)
    /// a failure that says so without SQL.
    static func from(_ error: any Error) -> any Error {
        switch error {
        case let error as TranslationFileError: TranslationImportFailure(message: error.message, position: error.position)
        case is TranslationImportFailure, is CancellationError: error
        default: TranslationImportFailure(message: "the import could not be completed: \(StoreError.describingWithoutSQL(error))", position: nil)
        }
    }

    /// "line 3, column 5: guideline:x: the message".
    public var description: String {
        [position?.description, id, message].compactMap { $0 }.joined(separator: ": ")
    }
}
