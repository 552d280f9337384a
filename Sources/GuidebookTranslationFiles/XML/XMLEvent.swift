/// An element's or an attribute's name with its namespace resolved (nil: none).
public struct XMLName: Hashable, Sendable, CustomStringConvertible {
    public var namespace: String?
    public var local: String

    public init(_ local: String, namespace: String? = nil) {
        (self.local, self.namespace) = (local, namespace)
    }

    public var description: String { namespace.map { "{\($0)}\(local)" } ?? local }

    /// The namespace of `xml:lang` and `xml:space`.
    public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
}

/// An element's start tag: its name, its attributes (namespace declarations left out) and where
/// its `<` is.
public struct XMLElementStart: Sendable {
    public var name: XMLName
    public var attributes: [(name: XMLName, value: String)]
    public var position: FilePosition

    /// The value of the attribute `local` in `namespace` (nil: no namespace, as unprefixed attributes are).
    public func attribute(_ local: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name.local == local && $0.name.namespace == namespace }?.value
    }
}

/// What `XMLPullReader.next()` reads: an element's start or end, or a run of character data
/// (CDATA sections included, references resolved, line breaks normalised to line feeds).
public enum XMLEvent: Sendable {
    case start(XMLElementStart)
    case end(XMLName, FilePosition)
    case text(String, FilePosition)
}
