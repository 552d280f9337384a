import GuidebookCore

/// A translation memory as TMX 1.4b: one `<tu>` per translated text (its `tuid` the unit's id, a
/// `x-guidebook-address` property its API address), one `<tuv>` per language with the text in a
/// `<seg>`. The header says the source language, `segtype="paragraph"` (a unit is a whole
/// guideline, title or summary) and `datatype="plaintext"`. Every text is escaped as in the
/// XLIFF files; a character XML cannot carry becomes U+FFFD (TMX has no `<cp>`).
public struct TMXWriter {
    public init() {}

    public func write(_ export: TranslationExport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\">\n"
        out += "  <header creationtool=\"Guidebook\" creationtoolversion=\"\(XMLText.attribute(GuidebookVersion.current))\""
        out += " datatype=\"plaintext\" segtype=\"paragraph\" adminlang=\"en\" srclang=\"\(SourceLocale.code)\" o-tmf=\"Guidebook\">\n"
        out += "    <prop type=\"x-guidebook-cursor\">\(export.cursor)</prop>\n  </header>\n  <body>\n"
        let locale = XMLText.attribute(export.locale)
        for group in export.groups {
            for unit in group.units {
                guard let target = unit.target else { continue }
                out += "    <tu tuid=\"\(XMLText.attribute(unit.id))\">\n"
                out += "      <prop type=\"x-guidebook-address\">\(XMLText.content(unit.address))</prop>\n"
                out += "      <tuv xml:lang=\"\(SourceLocale.code)\"><seg>\(XMLText.content(unit.source))</seg></tuv>\n"
                out += "      <tuv xml:lang=\"\(locale)\"><seg>\(XMLText.content(target))</seg></tuv>\n"
                out += "    </tu>\n"
            }
        }
        out += "  </body>\n</tmx>\n"
        return out
    }
}
