import GuidebookCore

/// An export as one gettext PO file. Each unit's `msgctxt` is its id, so the same English text in
/// two places stays two entries and every entry says what it is; the topic, the English revision
/// and the glossary terms are extracted comments (`#.`, which tools show as notes for the
/// translator and leave theirs, `# `, alone); the address is the reference (`#:`). A translation's
/// state is an extracted comment (`#. state: approved`); an outdated or draft translation is
/// `#, fuzzy` with its text; a missing one has an empty `msgstr`. The header carries the locale,
/// the source locale (`X-Source-Language`, which PO has no field for) and the change-log cursor
/// (`X-Guidebook-Cursor`).
public struct POWriter {
    public init() {}

    public func write(_ export: TranslationExport) -> String {
        var out = "# Guidebook: texts to translate into \(Self.commentLine(export.locale)).\n"
        out += "msgid \"\"\nmsgstr \"\"\n"
        for line in ["Project-Id-Version: Guidebook", "Language: \(export.locale)", "X-Source-Language: \(SourceLocale.code)", "MIME-Version: 1.0",
                     "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit",
                     "X-Guidebook-Cursor: \(export.cursor)"] {
            out += "\"\(Self.escaped(line))\\n\"\n"
        }
        for group in export.groups {
            for unit in group.units {
                out += "\n#. topic: \(Self.commentLine(group.topic)) — \(Self.commentLine(group.title))\n"
                out += "#. English revision \(unit.sourceRevision)\n"
                for term in unit.terms { out += "#. \(Self.commentLine(TermNote.text(term)))\n" }
                if let match = unit.bestMatch { out += "#. \(Self.commentLine(MatchNote.text(match)))\n" }
                out += "#: \(Self.commentLine(unit.address))\n"
                if unit.target != nil { out += "#. state: \(unit.workflowState.rawValue)\n" }
                // A draft is not ready and an outdated one translates older English: neither is used as it stands.
                if unit.workflowState == .outdated || unit.workflowState == .draft { out += "#, fuzzy\n" }
                out += "msgctxt \"\(Self.escaped(unit.id))\"\n"
                out += Self.keyword("msgid", unit.source)
                out += Self.keyword("msgstr", unit.target ?? "")
            }
        }
        return out
    }

    /// `msgid "…"`, or for a text of several lines `msgid ""` and one quoted line per line.
    private static func keyword(_ name: String, _ text: String) -> String {
        guard text.contains("\n") else { return "\(name) \"\(escaped(text))\"\n" }
        var out = "\(name) \"\"\n"
        var line = ""
        for character in text {
            line.append(character)
            if character == "\n" {
                out += "\"\(escaped(line))\"\n"
                line = ""
            }
        }
        if !line.isEmpty { out += "\"\(escaped(line))\"\n" }
        return out
    }

    /// A PO string's escapes: backslash, quote, the usual C escapes, other controls in octal.
    private static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let octal = String(scalar.value, radix: 8)
                    out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A comment's text on one line (a line break would end the comment).
    private static func commentLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }
}
