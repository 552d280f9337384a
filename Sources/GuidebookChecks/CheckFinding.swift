import GuidebookText

/// One thing a check found wrong in a translation, with the fix where the check knows it.
public struct CheckFinding: Sendable, Equatable {
    /// Which check found it (its severity is the check's).
    public var check: CheckName
    /// What is wrong, in a sentence (English).
    public var message: String
    /// The part of the translation at fault (`시트을`), when there is one.
    public var found: String?
    /// What `found` should be instead (`시트를`), when the check knows.
    public var fix: String?
    /// Where `found` starts in the translation, in Unicode code points.
    public var offset: Int?
    /// The whole translation with this fix applied, when the check can offer it.
    public var correctedText: String?

    public init(check: CheckName, message: String, found: String? = nil, fix: String? = nil, offset: Int? = nil, correctedText: String? = nil) {
        (self.check, self.message, self.found, self.fix, self.offset, self.correctedText) = (check, message, found, fix, offset, correctedText)
    }

    /// The check's severity.
    public var severity: CheckSeverity { check.severity }
}

extension CheckFinding {
    /// `findings` ordered by check (the order of `CheckName`'s cases), each check's as they came.
    public static func inCheckOrder(_ findings: [CheckFinding]) -> [CheckFinding] {
        findings.enumerated().sorted { (order[$0.element.check]!, $0.offset) < (order[$1.element.check]!, $1.offset) }.map(\.element)
    }

    private static let order: [CheckName: Int] = Dictionary(uniqueKeysWithValues: CheckName.allCases.enumerated().map { ($1, $0) })

    /// `text` with the fix of each of `findings` that has its place (`found` at `offset`) applied.
    public static func applyingFixes(of findings: [CheckFinding], to text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        for finding in findings.sorted(by: { ($0.offset ?? 0) > ($1.offset ?? 0) }) {
            guard let offset = finding.offset, let found = finding.found, let fix = finding.fix else { continue }
            _ = replace(found, with: fix, at: offset, in: &scalars)
        }
        return String(scalars: scalars)
    }

    /// `text` with `found` at code point `offset` replaced by `fix`; nil when `text` does not hold
    /// `found` there (it changed since the finding). How a stored finding's corrected text is made
    /// again from its record's text.
    public static func text(_ text: String, replacing found: String, at offset: Int, with fix: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        return replace(found, with: fix, at: offset, in: &scalars) ? String(scalars: scalars) : nil
    }

    private static func replace(_ found: String, with fix: String, at offset: Int, in scalars: inout [Unicode.Scalar]) -> Bool {
        let end = offset + found.unicodeScalars.count
        guard offset >= 0, end <= scalars.count, scalars[offset..<end].elementsEqual(found.unicodeScalars) else { return false }
        scalars.replaceSubrange(offset..<end, with: fix.unicodeScalars)
        return true
    }

    /// Where `part` first occurs in `text`, in code points (the unit of `offset`).
    public static func offset(of part: String, in text: String) -> Int? {
        let needle = Array(part.unicodeScalars)
        guard let first = needle.first else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard needle.count <= scalars.count else { return nil }
        return (0...(scalars.count - needle.count)).first { scalars[$0] == first && scalars[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
