/// The titles (and topic summaries) search hits show, as a pool reader last read them: every hit
/// shows its topic's title and most its section's, a few hundred rows a busy server reads again
/// and again. Kept with the connection's `PRAGMA data_version` when they were read, and dropped
/// when it changes (another connection committed), so an answer never shows a title older than
/// its own snapshot. Bounded: a kind that would pass `capacity` entries starts over.
struct HitTitles {
    /// Entries of each kind kept at most (a few hundred kilobytes a reader).
    static let capacity = 1_024

    private var dataVersion: Int?
    /// Title and summary by locale, by topic id; empty texts are left out, as the tables' readers do.
    private(set) var topics: [Int64: (title: LocalizedText, summary: LocalizedText)] = [:]
    /// Title by locale, by section id.
    private(set) var sections: [Int64: LocalizedText] = [:]

    /// Forgets everything when `version` is not the one the titles were read at.
    mutating func keep(atDataVersion version: Int) {
        guard version != dataVersion else { return }
        dataVersion = version
        topics.removeAll()
        sections.removeAll()
    }

    /// The topics of `wanted` not held, to read and `setTopic`; when holding them all would pass
    /// `capacity`, the topics start over first (so none a page needs is dropped while it is read)
    /// and every one is given back.
    mutating func topicsToRead(_ wanted: Set<Int64>) -> Set<Int64> { Self.toRead(wanted, heldIn: &topics) }

    /// The sections of `wanted` not held, as `topicsToRead` gives topics.
    mutating func sectionsToRead(_ wanted: Set<Int64>) -> Set<Int64> { Self.toRead(wanted, heldIn: &sections) }

    private static func toRead<Value>(_ wanted: Set<Int64>, heldIn held: inout [Int64: Value]) -> Set<Int64> {
        let missing = wanted.filter { held[$0] == nil }
        guard held.count + missing.count > capacity else { return missing }
        held.removeAll()
        return wanted
    }

    mutating func setTopic(_ id: Int64, title: LocalizedText, summary: LocalizedText) {
        topics[id] = (title, summary)
    }

    mutating func setSection(_ id: Int64, title: LocalizedText) {
        sections[id] = title
    }
}
