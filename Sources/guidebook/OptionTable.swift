import Foundation

/// The options of `Settings.options` in the two forms people read them: the aligned columns of
/// `guidebook --help`, and the Markdown table of `docs/configuration.md` (`--help-markdown`,
/// written into the page by `make docs-config`). Both come from the same list, so neither can drift.
enum OptionTable {
    /// One row: the flag as typed (with its value's name) and what it does.
    struct Row {
        let flag: String
        let help: String
    }

    /// The rows `--help` lists: every option (its environment variable after its help), then the
    /// flags that only print.
    static var helpRows: [Row] {
        Settings.options.map { option in
            Row(flag: flag(of: option), help: option.help + (option.environment.map { " [\($0)]" } ?? ""))
        } + [Row(flag: "--help", help: "show this help"),
             Row(flag: "--help-markdown", help: "print the options as the Markdown table of docs/configuration.md"),
             Row(flag: "--version", help: "print the version")]
    }

    /// The help lines: flags indented by two spaces, every help text starting in one column two
    /// spaces after the longest flag, and wrapped at `width` characters with its continuation
    /// lines in that column, so no flag runs into its text whatever its length.
    static func helpLines(_ rows: [Row] = helpRows, width: Int = 100) -> [String] {
        let indent = 2
        let column = indent + (rows.map(\.flag.count).max() ?? 0) + 2
        // A very long flag must not squeeze the text into a sliver.
        let textWidth = max(40, width - column)
        var lines: [String] = []
        for row in rows {
            let wrapped = wrap(row.help, width: textWidth)
            let lead = String(repeating: " ", count: indent) + row.flag
            lines.append(lead + String(repeating: " ", count: column - lead.count) + (wrapped.first ?? ""))
            for continuation in wrapped.dropFirst() {
                lines.append(String(repeating: " ", count: column) + continuation)
            }
        }
        return lines
    }

    /// The Markdown table of every option: flag, environment variable and help, one row each in
    /// the order of `Settings.options`.
    static func markdown() -> String {
        var lines = ["| option | environment | meaning |", "|---|---|---|"]
        for option in Settings.options {
            let environment = option.environment.map { "`\($0)`" } ?? ""
            lines.append("| `\(cell(flag(of: option)))` | \(environment) | \(cell(option.help)) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func flag(of option: Settings.Option) -> String {
        option.flag + (option.valueName.map { " " + $0 } ?? "")
    }

    /// A `|` would end a Markdown table cell (even inside a code span): GitHub's tables take `\|`.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a word longer than the
    /// width gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }
}
