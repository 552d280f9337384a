/// The version of a topic, section or guideline: what its ETags start with and what `If-Match`
/// is compared with.
///
/// Derived from the resource's identity, its creation time and its revision (which every change
/// of the resource increments, translations included), so it changes with every change and is
/// never the same for a resource deleted and created again under the same key. 16 hex digits.
public enum ResourceVersion {
    /// The version of the resource `kind` ("topic", "section", "guideline") with `key` (a section's
    /// is "topic#key"), created at `createdAt`, at `revision`.
    public static func of(_ kind: String, key: String, createdAt: String, revision: Int) -> String {
        // The hash of "kind\nkey\ncreatedAt\nrevision", its parts added in turn (no joined copy).
        var hash = ContentHash()
        hash.add(kind)
        hash.add("\n")
        hash.add(key)
        hash.add("\n")
        hash.add(createdAt)
        hash.add("\n")
        hash.add(String(revision))
        return hash.hex
    }
}
