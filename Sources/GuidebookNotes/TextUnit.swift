import GuidebookText

/// One passage of note text in one language: the smallest piece the parser pairs with its
/// translation. A paragraph yields one unit, or several when it mixes English and Korean.
struct TextUnit: Sendable, Equatable {
    /// `english` or `korean`, never `none`.
    var script: Script
    /// The passage, trimmed, with spaces normalised.
    var text: String
    /// The 1-based source line the passage starts on.
    var line: Int
    /// A Korean caption of a video or screenshot, which has no English counterpart.
    var isCaption = false
    /// An English pointer elsewhere ("For developer guidance, see …"), often left untranslated.
    var isReference = false
    /// The passage ends where the source cut it off (".."), so its length says little about the
    /// length of its translation.
    var isTruncated = false

    /// The passage's length without spaces, the measure used to compare a text with its translation.
    var weight: Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.properties.isWhitespace ? 0 : 1) }
    }
}
