/// Reads the content of a `<source>` or `<target>` as plain text, the way Guidebook's units are
/// plain text: character data is kept, the inline elements that only mark text up (XLIFF 2.0's
/// `pc` and `mrk`, XLIFF 1.2's `g` and `mrk`) give their text, and XLIFF 2.0's `cp` gives its
/// character. An inline code (a placeholder such as `ph`, `x`, `bpt`) stands for markup that
/// Guidebook never exports, so a unit that has one is a problem rather than a text with a hole.
struct InlineContent {
    /// The namespace of the inline elements.
    let namespace: String
    /// Elements whose content is part of the text.
    let wrappers: Set<String>
    /// Empty elements that carry nothing (XLIFF 2.0's `sm`, `em`).
    let markers: Set<String>
    /// Whether `<cp hex="…"/>` is understood (XLIFF 2.0).
    let understandsCodePoints: Bool

    static let xliff2 = InlineContent(namespace: XLIFF2Reader.namespace, wrappers: ["pc", "mrk"], markers: ["sm", "em"], understandsCodePoints: true)
    static let xliff12 = InlineContent(namespace: XLIFF12Reader.namespace, wrappers: ["g", "mrk"], markers: [], understandsCodePoints: false)

    /// The text of the element whose start `xml` just returned, read to its end; `problem` names
    /// the first thing in it that cannot be plain text.
    func read(_ xml: XMLPullReader, element: String) throws -> (text: String, problem: String?) {
        var text = ""
        var problem: String?
        var depth = 0
        while let event = try xml.next() {
            switch event {
            case .text(let part, _):
                text += part
            case .start(let inner):
                if inner.name.namespace == namespace, wrappers.contains(inner.name.local) {
                    depth += 1
                } else if inner.name.namespace == namespace, markers.contains(inner.name.local) {
                    try xml.skipElement()
                } else if understandsCodePoints, inner.name.namespace == namespace, inner.name.local == "cp" {
                    // `hex` is xs:hexBinary: hex digits and nothing else (no sign, no space).
                    if let hex = inner.attribute("hex"), let value = XMLText.codePoint(hex.utf8, radix: 16), let scalar = Unicode.Scalar(value) {
                        text.unicodeScalars.append(scalar)
                    } else {
                        problem = problem ?? "<cp hex=\"\(inner.attribute("hex")?.prefix(20) ?? "")\"> in <\(element)> must name a character in hex digits (hex=\"0001\")"
                    }
                    try xml.skipElement()
                } else {
                    problem = problem ?? "<\(inner.name.local)> in <\(element)> is an inline code Guidebook's texts do not have; translate the text without it"
                    try xml.skipElement()
                }
            case .end:
                if depth == 0 { return (text, problem) }
                depth -= 1
            }
        }
        return (text, problem)
    }
}
