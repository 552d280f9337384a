/// What a translation must carry over from its English untouched: placeholders (`{name}`,
/// printf's `%@`, `%d`, `%1$s`, `%lld`, …) and the targets of Markdown links (`[text](target)`).
/// A translation that drops, adds or alters one of them breaks the text it is shown in.
public struct Placeholders: Equatable, Sendable {
    /// Every placeholder, in order of appearance.
    public var placeholders: [String]
    /// Every Markdown link's target, in order of appearance.
    public var linkTargets: [String]

    /// The placeholders and link targets of `text`.
    public init(of text: String) {
        placeholders = []
        linkTargets = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "{":
                var end = index + 1
                while end < scalars.count, Self.isNamePart(scalars[end]) { end += 1 }
                if end > index + 1, end < scalars.count, scalars[end] == "}" {
                    placeholders.append(Self.string(scalars[index...end]))
                    index = end
                }
            case "%":
                if index + 1 < scalars.count, scalars[index + 1] == "%" {
                    index += 1
                } else if let end = Self.printfEnd(scalars, from: index + 1) {
                    placeholders.append(Self.string(scalars[index...end]))
                    index = end
                }
            case "]":
                if index + 1 < scalars.count, scalars[index + 1] == "(" {
                    var end = index + 2
                    while end < scalars.count, scalars[end] != ")", scalars[end] != "\n" { end += 1 }
                    if end < scalars.count, scalars[end] == ")" {
                        linkTargets.append(Self.string(scalars[(index + 2)..<end]))
                        index = end
                    }
                }
            default: break
            }
            index += 1
        }
    }

    /// What `translation` lost or gained against `source`, one sentence each; empty when it keeps
    /// every placeholder and link target (in any order, as a translation may reorder them).
    public static func problems(source: String, translation: String) -> [String] {
        let expected = Placeholders(of: source), found = Placeholders(of: translation)
        var problems: [String] = []
        for (kind, wanted, got) in [("placeholder", expected.placeholders, found.placeholders), ("link target", expected.linkTargets, found.linkTargets)] {
            let missing = difference(wanted, got), extra = difference(got, wanted)
            if !missing.isEmpty { problems.append("the \(kind)\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) of the English \(missing.count > 1 ? "are" : "is") missing") }
            if !extra.isEmpty { problems.append("the \(kind)\(extra.count > 1 ? "s" : "") \(extra.joined(separator: ", ")) \(extra.count > 1 ? "are" : "is") not in the English") }
        }
        return problems
    }

    /// The items of `a` that `b` does not have as often (a multiset difference), in `a`'s order.
    private static func difference(_ a: [String], _ b: [String]) -> [String] {
        var remaining = Dictionary(b.map { ($0, 1) }, uniquingKeysWith: +)
        return a.filter { item in
            guard let count = remaining[item], count > 0 else { return true }
            remaining[item] = count - 1
            return false
        }
    }

    /// The index of a printf conversion's last character, the specification starting at `start`
    /// (after `%`): an optional `N$`, flags, width, precision, a length and the conversion.
    private static func printfEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        func skip(_ accepted: (Unicode.Scalar) -> Bool) { while index < scalars.count, accepted(scalars[index]) { index += 1 } }
        let digitsStart = index
        skip { ("0"..."9").contains($0) }
        if index > digitsStart, index < scalars.count, scalars[index] == "$" { index += 1 } else { index = digitsStart }
        // No space flag: "50% of" is prose, not "% o".
        skip { "-+#0".unicodeScalars.contains($0) }
        skip { ("0"..."9").contains($0) }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            skip { ("0"..."9").contains($0) }
        }
        skip { "hlqLzjt".unicodeScalars.contains($0) }
        guard index < scalars.count, "@diuxXfFeEgGcsS".unicodeScalars.contains(scalars[index]) else { return nil }
        return index
    }

    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
    }

    private static func string<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
