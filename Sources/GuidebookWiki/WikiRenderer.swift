/// A rendering of a `WikiDocument` into UTF-8 text: Markdown or an HTML fragment.
public protocol WikiRenderer {
    /// Bytes a typical document's rendering takes, reserved up front.
    static var typicalSize: Int { get }

    /// Appends the rendering of `document` to `out`.
    static func render(_ document: WikiDocument, into out: inout [UInt8])
}

extension WikiRenderer {
    /// The rendering of `document` as UTF-8, ending with a newline.
    public static func render(_ document: WikiDocument) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(typicalSize)
        render(document, into: &out)
        return out
    }
}
