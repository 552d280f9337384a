import GuidebookCore

/// The locales a rendering is written in, in order: each text in the first, followed by its
/// translations into the others (`lang=en,ko`: every English text, then its Korean). A text
/// missing in the first locale is written in the source locale instead.
public struct RenderLanguages: Sendable, Equatable {
    /// The locales asked for, at least one.
    public let locales: [String]
    /// The locale every text exists in.
    public let source: String

    /// `locales` must not be empty.
    public init(_ locales: [String], source: String = SourceLocale.code) {
        precondition(!locales.isEmpty, "a rendering needs a locale")
        self.locales = locales
        self.source = source
    }

    /// The locale the rendering is written in.
    public var primary: String { locales[0] }

    /// True when translations follow the texts.
    public var isBilingual: Bool { locales.count > 1 }

    /// `text` as a title: in the first locale, else the source locale, on one line; nil when it is
    /// empty everywhere.
    public func title(_ text: LocalizedText) -> String? { line(text)?.text.text }

    /// The line for `text` in these languages: the text in the first locale (or the source
    /// locale), with its translations into the others; nil when the text is empty everywhere.
    func line(_ text: LocalizedText, link: String? = nil) -> WikiLine? {
        let main: WikiRun
        if let run = WikiRun(text[primary], locale: primary) {
            main = run
        } else if let run = WikiRun(text[source], locale: source) {
            main = run
        } else {
            return nil
        }
        var translations: [WikiRun] = []
        for locale in locales.dropFirst() where locale != main.locale {
            if let run = WikiRun(text[locale], locale: locale) { translations.append(run) }
        }
        return WikiLine(text: main, translations: translations, link: link)
    }
}
