import GuidebookCore

/// How a glossary term reads in a translator's note: `English → approved equivalent (note)`, on
/// one line; `(no approved term yet)` when the glossary has none for the locale.
enum TermNote {
    static func text(_ term: TranslationUnit.Term) -> String {
        var line = "glossary: \(term.source) → \(term.target ?? "(no approved term yet)")"
        if let note = term.note, !note.isEmpty { line += " (\(note))" }
        return String(line.map { $0.isNewline ? " " : $0 })
    }
}
