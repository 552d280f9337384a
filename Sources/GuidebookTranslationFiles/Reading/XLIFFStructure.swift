/// What the XLIFF readers share: finding the root element.
enum XLIFFStructure {
    /// The root element's start (nil: the document has none, which the reader reports itself).
    static func root(of xml: XMLPullReader) throws -> XMLElementStart? {
        while let event = try xml.next() {
            if case .start(let root) = event { return root }
        }
        return nil
    }
}
