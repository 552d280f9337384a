import Foundation

/// A folder of notes files (`*.txt`) for the notes tests: the repository's own fixtures in
/// `Tests/Fixtures/notes`, or the real study notes that `GUIDEBOOK_REAL_NOTES` names.
///
/// Opening one checks that the folder exists, is a folder and holds notes files; otherwise it
/// throws `NotesFolder.Unusable`, whose message names the path, so that a missing or wrong folder
/// fails the tests that need it with a sentence instead of a crash or a silent skip.
public struct NotesFolder: Sendable {
    /// The environment variable that names the folder of real study notes.
    public static let realNotesVariable = "GUIDEBOOK_REAL_NOTES"

    /// Why a folder cannot serve as a folder of notes.
    public struct Unusable: Error, CustomStringConvertible, LocalizedError {
        public let description: String
        public var errorDescription: String? { description }

        /// An error that says `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The folder's absolute path.
    public let path: String
    /// The names of its notes files (`*.txt`), sorted.
    public let fileNames: [String]

    /// Opens the folder at `path`, absolute or relative to `base`. `origin` says where the path
    /// came from ("GUIDEBOOK_REAL_NOTES=../shared/seeds"), so that an error can say it too.
    public init(path: String, origin: String, relativeTo base: String = FileManager.default.currentDirectoryPath) throws {
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            throw Unusable(description: "\(origin): the folder \(absolute) does not exist")
        }
        guard isDirectory.boolValue else {
            throw Unusable(description: "\(origin): \(absolute) is not a folder")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: absolute)
        } catch {
            throw Unusable(description: "\(origin): the folder \(absolute) cannot be read (\(error.localizedDescription))")
        }
        let notes = names.filter { $0.hasSuffix(".txt") }.sorted()
        guard !notes.isEmpty else {
            throw Unusable(description: "\(origin): the folder \(absolute) holds no notes files (*.txt)")
        }
        self.path = absolute
        self.fileNames = notes
    }

    /// The repository's own notes fixtures, `Tests/Fixtures/notes`.
    public static func fixtures() throws -> NotesFolder {
        try NotesFolder(path: TestServer.packageRoot + "/Tests/Fixtures/notes", origin: "the notes fixtures")
    }

    /// The folder of real study notes named by `GUIDEBOOK_REAL_NOTES` in `environment`; a relative
    /// path is taken from the current directory (the package root under `make`).
    public static func realNotes(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> NotesFolder {
        let value = environment[realNotesVariable] ?? ""
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Unusable(description: "\(realNotesVariable) is not set: the real-notes tests read the real study notes from the folder it names, "
                + "as in `make test-real-notes GUIDEBOOK_REAL_NOTES=../shared/seeds`")
        }
        return try NotesFolder(path: value, origin: "\(realNotesVariable)=\(value)")
    }

    /// The path of the notes file `name` in this folder.
    public func filePath(_ name: String) -> String {
        path + "/" + name
    }

    /// The bytes of the notes file `name`.
    public func bytes(of name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: filePath(name))))
    }

    /// The text of the notes file `name`, which must be UTF-8.
    public func text(of name: String) throws -> String {
        try String(contentsOfFile: filePath(name), encoding: .utf8)
    }
}
