import GuidebookCore

/// An export as an XLIFF 2.0 document (OASIS XLIFF Version 2.0, core only): one `<file>` per
/// topic, one `<unit>` with one `<segment>` per text. The state maps to the segment's `state`:
/// missing is `initial` without a target, outdated is `initial` with the stale target and
/// `subState="gb:outdated"`, draft is `initial` with its target and `subState="gb:draft"`,
/// translated is `translated`, approved is `final`; the unit's `gb:state` names it too. Glossary
/// terms are `<note category="glossary">`; the English revision is the unit's `gb:revision` and
/// the change-log cursor the root's `gb:cursor`. A memory match is an `<mtc:match>` (the
/// Translation Candidates module) pointing at the unit's segment (`id="s"`).
public struct XLIFF2Writer {
    /// The namespace of the attributes Guidebook adds (`gb:`).
    public static let guidebookNamespace = "urn:guidebook:translation:1"
    /// The namespace of XLIFF 2.0's Translation Candidates module (`mtc:`), for memory matches.
    public static let matchesNamespace = "urn:oasis:names:tc:xliff:matches:2.0"

    public init() {}

    public func write(_ export: TranslationExport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let hasMatches = export.groups.contains { $0.units.contains { $0.bestMatch != nil } }
        out += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" xmlns:gb=\"\(Self.guidebookNamespace)\""
        if hasMatches { out += " xmlns:mtc=\"\(Self.matchesNamespace)\"" }
        out += " version=\"2.0\""
        out += " srcLang=\"\(SourceLocale.code)\" trgLang=\"\(XMLText.attribute(export.locale))\" gb:cursor=\"\(export.cursor)\">\n"
        for group in export.groups {
            out += "  <file id=\"\(XMLText.attribute(group.topic))\" original=\"/v1/topics/\(XMLText.attribute(group.topic))\">\n"
            out += "    <notes>\n      <note category=\"topic\">\(XMLText.content(group.title))</note>\n    </notes>\n"
            for unit in group.units { write(unit, into: &out) }
            out += "  </file>\n"
        }
        out += "</xliff>\n"
        return out
    }

    private func write(_ unit: TranslationUnit, into out: inout String) {
        out += "    <unit id=\"\(XMLText.attribute(unit.id))\" name=\"\(XMLText.attribute(unit.address))\" gb:field=\"\(unit.field.rawValue)\""
        out += " gb:revision=\"\(unit.sourceRevision)\""
        if let made = unit.translatedRevision { out += " gb:translatedRevision=\"\(made)\"" }
        out += " gb:state=\"\(unit.workflowState.rawValue)\">\n"
        // Module elements come first in a unit; a match points at the segment it is for.
        if let match = unit.bestMatch {
            out += "      <mtc:matches>\n        <mtc:match ref=\"#s\" type=\"tm\" similarity=\"\(match.similarity.percent)\" origin=\"\(XMLText.attribute(MatchNote.origin(match)))\">\n"
            out += "          <source xml:space=\"preserve\">\(Self.content(match.source))</source>\n"
            out += "          <target xml:space=\"preserve\">\(Self.content(match.translation))</target>\n"
            out += "        </mtc:match>\n      </mtc:matches>\n"
        }
        if !unit.terms.isEmpty {
            out += "      <notes>\n"
            for term in unit.terms {
                out += "        <note category=\"glossary\">\(XMLText.content(TermNote.text(term)))</note>\n"
            }
            out += "      </notes>\n"
        }
        let state: String
        switch unit.workflowState {
        case .missing: state = " state=\"initial\""
        case .outdated: state = " state=\"initial\" subState=\"gb:outdated\""
        case .draft: state = " state=\"initial\" subState=\"gb:draft\""
        case .translated: state = " state=\"translated\""
        case .approved: state = " state=\"final\""
        }
        out += "      <segment\(unit.bestMatch == nil ? "" : " id=\"s\"")\(state)>\n"
        out += "        <source xml:space=\"preserve\">\(Self.content(unit.source))</source>\n"
        if let target = unit.target { out += "        <target xml:space=\"preserve\">\(Self.content(target))</target>\n" }
        out += "      </segment>\n    </unit>\n"
    }

    /// Content text, a character XML cannot carry written as XLIFF 2.0's `<cp hex="…"/>`.
    private static func content(_ text: String) -> String {
        XMLText.content(text) { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<cp hex=\"\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)\"/>"
        }
    }
}
