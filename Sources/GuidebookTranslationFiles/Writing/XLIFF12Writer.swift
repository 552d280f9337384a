import GuidebookCore

/// An export as an XLIFF 1.2 document (what translate-toolkit, Weblate and most CAT tools read):
/// one `<file>` per topic (`original` is the topic's address), one `<trans-unit>` per text. The
/// state is the target's `state`: outdated is `needs-review-translation` with the stale target,
/// draft `needs-translation`, translated `translated`, approved `signed-off` (and `approved="yes"`,
/// only then); a missing translation has no target; the unit's `gb:state` names it too. Glossary
/// terms are `<note from="glossary">`; the English revision is the unit's `gb:revision`; a memory
/// match is an `<alt-trans>` with its `match-quality` and `origin`.
public struct XLIFF12Writer {
    public init() {}

    public func write(_ export: TranslationExport) -> String {
        let locale = XMLText.attribute(export.locale)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" xmlns:gb=\"\(XLIFF2Writer.guidebookNamespace)\" version=\"1.2\">\n"
        for group in export.groups {
            out += "  <file original=\"/v1/topics/\(XMLText.attribute(group.topic))\" source-language=\"\(SourceLocale.code)\""
            out += " target-language=\"\(locale)\" datatype=\"plaintext\" gb:cursor=\"\(export.cursor)\">\n"
            out += "    <header>\n      <note from=\"topic\">\(XMLText.content(group.title))</note>\n    </header>\n    <body>\n"
            for unit in group.units { write(unit, locale: locale, into: &out) }
            out += "    </body>\n  </file>\n"
        }
        out += "</xliff>\n"
        return out
    }

    private func write(_ unit: TranslationUnit, locale: String, into out: inout String) {
        out += "      <trans-unit id=\"\(XMLText.attribute(unit.id))\" resname=\"\(XMLText.attribute(unit.address))\""
        out += " approved=\"\(unit.workflowState == .approved ? "yes" : "no")\" xml:space=\"preserve\" gb:field=\"\(unit.field.rawValue)\""
        out += " gb:revision=\"\(unit.sourceRevision)\""
        if let made = unit.translatedRevision { out += " gb:translatedRevision=\"\(made)\"" }
        out += " gb:state=\"\(unit.workflowState.rawValue)\">\n        <source>\(XMLText.content(unit.source))</source>\n"
        if let target = unit.target {
            let state: String
            switch unit.workflowState {
            case .outdated: state = "needs-review-translation"
            case .draft, .missing: state = "needs-translation"
            case .translated: state = "translated"
            case .approved: state = "signed-off"
            }
            out += "        <target xml:lang=\"\(locale)\" state=\"\(state)\">\(XMLText.content(target))</target>\n"
        }
        for term in unit.terms { out += "        <note from=\"glossary\">\(XMLText.content(TermNote.text(term)))</note>\n" }
        if let match = unit.bestMatch {
            out += "        <alt-trans match-quality=\"\(match.similarity.percent)\" origin=\"\(XMLText.attribute(MatchNote.origin(match)))\">\n"
            out += "          <source>\(XMLText.content(match.source))</source>\n"
            out += "          <target xml:lang=\"\(locale)\">\(XMLText.content(match.translation))</target>\n"
            out += "        </alt-trans>\n"
        }
        out += "      </trans-unit>\n"
    }
}
