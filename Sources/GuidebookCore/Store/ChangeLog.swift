internal import SQLite

/// The change log of one write transaction: what it changed, one entry per changed resource (and
/// per translated locale), appended to the `changes` table just before the transaction commits.
///
/// Entries are kept in memory and inserted in batches, so that an import of 100,000 guidelines
/// costs a few thousand statements rather than a hundred thousand. Every entry of a resource
/// carries the version the resource has when the transaction commits.
final class ChangeLog {
    private struct Entry {
        var resource: ChangeResource
        var id: String
        var kind: ChangeKind
        var locale: String?
    }

    private let at: String
    private let token: String?
    private var entries: [Entry] = []
    /// Entries already recorded, so a resource changed twice in one transaction is logged once.
    private var seen: Set<String> = []
    /// Resources created in this transaction: their later changes in it are part of their creation.
    private var created: Set<String> = []
    /// Each resource's version after its last change in this transaction (nil: deleted).
    private var versions: [String: String?] = [:]

    /// Rows per INSERT statement.
    private static let batch = 64

    /// Entries stamped `at`, made with the token named `token` (nil: none).
    init(at: String, token: String?) {
        self.at = at
        self.token = token
    }

    /// Records that `resource` `id` was changed this way and has `version` now (nil when deleted).
    func record(_ resource: ChangeResource, _ id: String, _ kind: ChangeKind, locale: String? = nil, version: String?) {
        let key = resource.rawValue + "\u{1}" + id
        versions[key] = .some(version)
        if kind == .created { created.insert(key) } else if kind != .deleted, created.contains(key) { return }
        if seen.insert(key + "\u{1}" + kind.rawValue + "\u{1}" + (locale ?? "")).inserted {
            entries.append(Entry(resource: resource, id: id, kind: kind, locale: locale))
        }
    }

    /// The version `entry`'s resource has at the end of the transaction (nil for a deletion).
    private func version(of entry: Entry) -> String? {
        entry.kind == .deleted ? nil : versions[entry.resource.rawValue + "\u{1}" + entry.id] ?? nil
    }

    /// Appends the recorded entries to `changes`, in the order they were recorded, and returns
    /// what it appended: the first `sample` entries in full (with their `seq`) and the count.
    @discardableResult
    func flush(into database: Database, sample: Int = 0) throws -> FlushedChanges {
        guard !entries.isEmpty else { return FlushedChanges(entries: [], count: 0, lastSeq: 0) }
        var flushed = FlushedChanges(entries: [], count: entries.count, lastSeq: 0)
        var start = 0
        while start < entries.count {
            let chunk = entries[start..<min(start + Self.batch, entries.count)]
            let placeholders = Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
            var values: [SQLValue] = []
            values.reserveCapacity(chunk.count * 7)
            for entry in chunk {
                let version = version(of: entry)
                values += [.text(at), .text(entry.resource.rawValue), .text(entry.id), .text(entry.kind.rawValue),
                           .optionalText(entry.locale), .optionalText(token), .optionalText(version)]
            }
            try database.run("INSERT INTO changes (at, resource, resource_id, kind, locale, token, etag) VALUES " + placeholders, values)
            // One multi-row INSERT on the single writer numbers its rows consecutively, ending at the last rowid.
            let firstSeq = database.lastInsertRowID - Int64(chunk.count) + 1
            for (offset, entry) in chunk.enumerated() where flushed.entries.count < sample {
                let version = version(of: entry)
                flushed.entries.append(ChangeEntry(seq: firstSeq + Int64(offset), at: at, resource: entry.resource, id: entry.id,
                                                   kind: entry.kind, locale: entry.locale, token: token, version: version))
            }
            flushed.lastSeq = database.lastInsertRowID
            start += chunk.count
        }
        entries.removeAll()
        seen.removeAll()
        created.removeAll()
        versions.removeAll()
        return flushed
    }
}

/// What one `ChangeLog.flush` appended.
struct FlushedChanges {
    /// The first entries appended, in order, with their `seq`.
    var entries: [ChangeEntry]
    /// How many entries were appended in all.
    var count: Int
    /// The `seq` of the last one (they are consecutive: the first is `lastSeq - count + 1`).
    var lastSeq: Int64
}
