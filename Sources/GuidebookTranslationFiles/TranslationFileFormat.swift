import GuidebookCore

/// The file formats translators exchange (`?format=` of `GET /v1/translations/export`,
/// `--format` of `guidebook translations export`).
public enum TranslationFileFormat: String, Sendable, Codable, CaseIterable {
    case xliff2, xliff12, po

    /// The media type the file is served as.
    public var contentType: String {
        switch self {
        case .xliff2, .xliff12: "application/xliff+xml; charset=utf-8"
        case .po: "text/x-gettext-translation; charset=utf-8"
        }
    }

    /// The file name's extension.
    /// Whether the format writes every character a text may hold. XLIFF 1.2 has no way to write
    /// one XML 1.0 cannot carry (a NUL, a vertical tab): its writer puts U+FFFD there
    /// (`XMLText.asWrittenWithout`); XLIFF 2.0 has `<cp>` and PO octal escapes.
    public var carriesEveryCharacter: Bool { self != .xliff12 }

    public var fileExtension: String {
        switch self {
        case .xliff2, .xliff12: "xlf"
        case .po: "po"
        }
    }

    /// The export written in this format.
    public func render(_ export: TranslationExport) -> String {
        switch self {
        case .xliff2: XLIFF2Writer().write(export)
        case .xliff12: XLIFF12Writer().write(export)
        case .po: POWriter().write(export)
        }
    }
}
