/// The file or folder name a slug becomes in the layouts. Slugs are `a-z`, `0-9` and `-` already
/// (the store refuses anything else), so no name holds a character Windows or macOS forbid (`:`,
/// `\`, `*`, a trailing dot or space); what remains are names some system or wiki reads
/// specially. Those get a `_` appended, which no slug can hold, so the result never meets another
/// slug's name:
/// - Windows' device names (`con`, `prn`, `aux`, `nul`, `com0`–`com9`, `lpt0`–`lpt9`), reserved
///   with any extension: `con.md` cannot be checked out on Windows;
/// - `index` and `readme`, which MkDocs and Docusaurus read as a folder's own page.
public enum PathName {
    /// The name `slug` takes in a path.
    public static func of(_ slug: String) -> String {
        isReserved(slug) ? slug + "_" : slug
    }

    /// True for a name that would be read specially (case-insensitively, as Windows does).
    public static func isReserved(_ name: String) -> Bool {
        let lower = name.lowercased()
        if ["con", "prn", "aux", "nul", "index", "readme"].contains(lower) { return true }
        if lower.count == 4, lower.hasPrefix("com") || lower.hasPrefix("lpt"), let last = lower.last, last.isASCII, last.isNumber { return true }
        return false
    }
}
