import GuidebookCore

/// How a memory match is named in the translators' files: its origin (the unit of the base it
/// comes from, or the imported memory's name) and, for PO, the one-line comment that carries it.
enum MatchNote {
    /// `guideline:…` for the base's own, `memory:NAME` for an imported memory.
    static func origin(_ match: MemoryMatch) -> String {
        switch match.origin {
        case .base(let unit): unit.text
        case .imported(let memory): "memory:\(memory.name)"
        }
    }

    /// `memory 92% (guideline:…): the translation` on one line.
    static func text(_ match: MemoryMatch) -> String {
        String("memory \(match.similarity.percent)% (\(origin(match))): \(match.translation)".map { $0.isNewline ? " " : $0 })
    }
}
