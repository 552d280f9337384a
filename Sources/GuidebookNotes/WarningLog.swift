import GuidebookCore

/// Collects warnings while a file is parsed, stamping each with the file's name.
struct WarningLog: Sendable {
    /// The file every warning is about.
    let file: String?
    private(set) var warnings: [ImportWarning] = []

    init(file: String?) {
        self.file = file
    }

    /// Records that something at `line` (1-based) could not be placed, or only in part.
    mutating func add(line: Int, _ message: String) {
        warnings.append(ImportWarning(file: file, line: line, message: message))
    }

    /// The warnings in line order; warnings about one line keep the order they were found in.
    var sortedWarnings: [ImportWarning] {
        warnings.enumerated()
            .sorted { $0.element.line != $1.element.line ? $0.element.line < $1.element.line : $0.offset < $1.offset }
            .map(\.element)
    }

    /// A short excerpt of `text` for a warning message.
    static func excerpt<S: StringProtocol>(_ text: S, limit: Int = 40) -> String {
        text.count <= limit ? String(text) : String(text.prefix(limit)) + "…"
    }
}
