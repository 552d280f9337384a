/// The topic slugs and section keys a pool reader has read, by row id, so that reading one
/// guideline does not join two more tables for two short names. A guideline read by id touches
/// the pages of its key, its row and its texts; the joins to `topics` and `sections` added two
/// more pages a read, scattered over tables a reader's 1 MiB page cache does not keep at 100,000
/// guidelines (docs/request-path.md). Kept with the connection's `PRAGMA data_version` when they
/// were read and dropped when it changes (another connection committed), as `KeptHitTexts` is.
/// Bounded: a kind that would pass `capacity` entries starts over.
struct KeptNames {
    /// Entries of each kind kept at most: a few hundred kilobytes a reader at most.
    static let capacity = 4_096

    private var dataVersion: Int?
    private var topicSlugs: [Int64: String] = [:]
    private var sectionKeys: [Int64: String] = [:]

    /// Forgets everything when `version` is not the one the names were read at.
    mutating func keep(atDataVersion version: Int) {
        guard version != dataVersion else { return }
        dataVersion = version
        topicSlugs.removeAll()
        sectionKeys.removeAll()
    }

    func topicSlug(_ id: Int64) -> String? { topicSlugs[id] }

    func sectionKey(_ id: Int64) -> String? { sectionKeys[id] }

    mutating func setTopicSlug(_ slug: String, for id: Int64) { Self.set(slug, for: id, in: &topicSlugs) }

    mutating func setSectionKey(_ key: String, for id: Int64) { Self.set(key, for: id, in: &sectionKeys) }

    private static func set(_ name: String, for id: Int64, in names: inout [Int64: String]) {
        if names.count >= capacity { names.removeAll(keepingCapacity: true) }
        names[id] = name
    }
}
