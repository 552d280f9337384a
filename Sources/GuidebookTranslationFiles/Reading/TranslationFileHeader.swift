/// What a translated file says of itself before its units: its format, the languages it
/// translates between and the change-log cursor it was exported at.
public struct TranslationFileHeader: Sendable, Equatable {
    public var format: TranslationFileFormat
    /// XLIFF's `srcLang` / `source-language`, PO's `X-Source-Language` (nil: the file names none).
    public var sourceLanguage: String?
    /// XLIFF's `trgLang` / `target-language`, PO's `Language` (nil: the file names none).
    public var targetLanguage: String?
    /// The change-log cursor of the export (`gb:cursor`, `X-Guidebook-Cursor`), when kept.
    public var cursor: Int64?
    /// Where the languages are declared.
    public var position: FilePosition

    public init(format: TranslationFileFormat, sourceLanguage: String?, targetLanguage: String?, cursor: Int64?, position: FilePosition) {
        self.format = format
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.cursor = cursor
        self.position = position
    }
}
