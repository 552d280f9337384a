import Foundation
import GuidebookBase
import GuidebookCore

/// Writes the JSON of `GET /v1/translations/coverage`, reusing the bytes of the last full answer.
///
/// At 1M guidelines the answer lists 20,000 topics per locale (4 MB), and writing their counts was
/// four fifths of the call. A write changes the counts of one topic or a few, so each topic's entry
/// of the last full answer is copied as it was when the topic at that place has the same slug and
/// the same counts: the new answer is byte for byte what writing it afresh gives, only most of it
/// is copied in runs. A topic added, moved or deleted makes the entries after it differ in place,
/// and those are written again (once; the next answer reuses them). Answers for one topic
/// (`?topic=`) are small and always written afresh.
final class CoverageRendering: @unchecked Sendable {
    /// One topic's entry in the last full answer: what it was written from, and where its object
    /// (`{…}`, without the comma before it) lies in `Answer.bytes`.
    private struct Entry {
        var slug: String
        var counts: TranslationCoverage.Counts
        var start: Int
        var end: Int
    }

    /// The last full answer and its entries, per locale code.
    private struct Answer {
        var bytes: [UInt8]
        var entries: [String: [Entry]]
    }

    private let lock = NSLock()
    /// Read and replaced under `lock`; the bytes are shared with the answer sent, not copied.
    private var last: Answer?

    /// The answer's JSON: every locale's overall counts and its topics' (`isFull`: the whole list,
    /// whose entries the next full answer may reuse).
    func json(_ coverage: [TranslationCoverage], isFull: Bool) -> [UInt8] {
        let previous = isFull ? lock.withLock { last } : nil
        // About 300 bytes per topic and locale: reserved at once rather than grown by doubling.
        var json = JSONWriter(capacity: previous?.bytes.count ?? 1024 + coverage.reduce(0) { $0 + 300 * $1.topics.count })
        var entries: [String: [Entry]] = [:]
        json.beginObject()
        json.key(Keys.items)
        json.beginArray()
        for locale in coverage {
            json.beginObject()
            json.field(Keys.locale, locale.locale.code)
            json.field(Keys.name, locale.locale.name)
            Self.write(locale.overall, into: &json)
            json.key(Keys.topics)
            json.beginArray()
            entries[locale.locale.code] = Self.writeTopics(locale.topics, reusing: previous.map { ($0.bytes, $0.entries[locale.locale.code] ?? []) },
                                                           into: &json)
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        let bytes = json.bytes
        if isFull { lock.withLock { last = Answer(bytes: bytes, entries: entries) } }
        return bytes
    }

    /// Writes one locale's topic entries, copying runs of those equal to the previous answer's at the
    /// same place; returns where each entry now lies.
    private static func writeTopics(_ topics: [(slug: String, counts: TranslationCoverage.Counts)],
                                    reusing previous: (bytes: [UInt8], entries: [Entry])?, into json: inout JSONWriter) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(topics.count)
        let old = previous?.entries ?? []
        func unchanged(_ index: Int) -> Bool {
            index < old.count && old[index].counts == topics[index].counts && old[index].slug == topics[index].slug
        }
        var index = 0
        while index < topics.count {
            if let previous, unchanged(index) {
                // A run of unchanged entries lies in the old bytes as `{…},{…},…`: one copy.
                var end = index + 1
                while end < topics.count, unchanged(end) { end += 1 }
                let start = json.elements(previous.bytes[old[index].start..<old[end - 1].end])
                let shift = start - old[index].start
                for k in index..<end {
                    entries.append(Entry(slug: old[k].slug, counts: old[k].counts, start: old[k].start + shift, end: old[k].end + shift))
                }
                index = end
                continue
            }
            let topic = topics[index]
            let start = json.beginObject()
            json.field(Keys.topic, topic.slug)
            write(topic.counts, into: &json)
            json.endObject()
            entries.append(Entry(slug: topic.slug, counts: topic.counts, start: start, end: json.count))
            index += 1
        }
        return entries
    }

    /// The keys of an answer, encoded once: an answer at 1M writes 20,000 entries of 15.
    private enum Keys {
        static let items = JSONWriter.Key("items")
        static let locale = JSONWriter.Key("locale")
        static let name = JSONWriter.Key("name")
        static let topics = JSONWriter.Key("topics")
        static let topic = JSONWriter.Key("topic")
        static let total = JSONWriter.Key("total")
        static let current = JSONWriter.Key("current")
        static let percent = JSONWriter.Key("percent")
        static let states = WorkflowState.allCases.map { (state: $0, key: JSONWriter.Key($0.rawValue)) }
    }

    /// Counts and percentages (of the total, one decimal; 0 when there is nothing to translate):
    /// every state, and `current` (draft, translated and approved together).
    private static func write(_ counts: TranslationCoverage.Counts, into json: inout JSONWriter) {
        func percent(_ part: Int) -> Int { counts.total == 0 ? 0 : Int((Double(part) * 1000 / Double(counts.total)).rounded()) }
        json.field(Keys.total, counts.total)
        json.field(Keys.current, counts.current)
        for (state, key) in Keys.states { json.field(key, counts[state]) }
        json.key(Keys.percent)
        json.beginObject()
        json.field(Keys.current, tenths: percent(counts.current))
        for (state, key) in Keys.states { json.field(key, tenths: percent(counts[state])) }
        json.endObject()
    }
}
