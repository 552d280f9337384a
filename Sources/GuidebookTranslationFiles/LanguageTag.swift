import Foundation

/// Language tags as translators' files write them (`ko`, `ko-KR`, `ko_KR`, `EN-us`) matched to
/// the base's locale codes: the same tag, whatever its case and separator, else its primary
/// language subtag. The one rule by which a file's languages are resolved to locales (the
/// importers, and `XLIFF12Reader` comparing the languages of a file's `<file>` elements).
public enum LanguageTag {
    /// The primary language subtag, lower case (`ko-KR` → `ko`).
    public static func primary(_ tag: String) -> String {
        String(tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
    }

    /// The code among `locales` that `tag` names, or nil.
    public static func matching(_ tag: String, among locales: [String]) -> String? {
        let normalized = tag.lowercased().replacingOccurrences(of: "_", with: "-")
        return locales.first { $0.lowercased() == normalized } ?? locales.first { $0.lowercased() == primary(tag) }
    }
}
