/// The texts search hits show, as a pool reader last read them: each guideline hit's text, and
/// the titles (and topic summaries) every hit shows beside it. A busy server's hits come back
/// again and again, and their rows lie scattered over pages a reader's page cache does not keep;
/// held here, a hit seen before costs no statement and no page. Kept with the connection's
/// `PRAGMA data_version` when they were read, and dropped when it changes (another connection
/// committed), so an answer never shows a text older than its own snapshot. Bounded: a kind that
/// would pass `capacity` entries starts over.
struct KeptHitTexts {
    /// Entries of each kind kept at most (for guidelines of realistic length, well under a megabyte
    /// a reader: docs/request-path.md).
    static let capacity = 1_024

    private var dataVersion: Int?
    /// Text by locale, by guideline id; empty texts are left out, as the tables' readers do.
    private(set) var guidelines: [Int64: LocalizedText] = [:]
    /// Title and summary by locale, by topic id.
    private(set) var topics: [Int64: (title: LocalizedText, summary: LocalizedText)] = [:]
    /// Title by locale, by section id.
    private(set) var sections: [Int64: LocalizedText] = [:]

    /// Forgets everything when `version` is not the one the texts were read at.
    mutating func keep(atDataVersion version: Int) {
        guard version != dataVersion else { return }
        dataVersion = version
        guidelines.removeAll()
        topics.removeAll()
        sections.removeAll()
    }

    /// The guidelines of `wanted` not held, to read and `setGuideline`; when holding them all would
    /// pass `capacity`, the guidelines start over first (so none a page needs is dropped while it
    /// is read) and every one is given back.
    mutating func guidelinesToRead(_ wanted: Set<Int64>) -> Set<Int64> { Self.toRead(wanted, heldIn: &guidelines) }

    /// The topics of `wanted` not held, as `guidelinesToRead` gives guidelines.
    mutating func topicsToRead(_ wanted: Set<Int64>) -> Set<Int64> { Self.toRead(wanted, heldIn: &topics) }

    /// The sections of `wanted` not held, as `guidelinesToRead` gives guidelines.
    mutating func sectionsToRead(_ wanted: Set<Int64>) -> Set<Int64> { Self.toRead(wanted, heldIn: &sections) }

    private static func toRead<Value>(_ wanted: Set<Int64>, heldIn held: inout [Int64: Value]) -> Set<Int64> {
        let missing = wanted.filter { held[$0] == nil }
        guard held.count + missing.count > capacity else { return missing }
        held.removeAll()
        return wanted
    }

    mutating func setGuideline(_ id: Int64, text: LocalizedText) {
        guidelines[id] = text
    }

    mutating func setTopic(_ id: Int64, title: LocalizedText, summary: LocalizedText) {
        topics[id] = (title, summary)
    }

    mutating func setSection(_ id: Int64, title: LocalizedText) {
        sections[id] = title
    }
}
