internal import SQLite

// `content.changed` and `translation.outdated`: raised once per write transaction, from what its
// change log and its text rows recorded, in the same transaction (so they commit with the change).

extension KnowledgeWriter {
    /// At most this many resources are listed in one event; a receiver of a larger change (an
    /// import) reads the rest from `GET /v1/changes` with the event's `changes` range.
    static let eventResourceLimit = CommittedTransaction.listedChangesLimit

    /// Raises `content.changed` for what `flushed` appended to the change log, and
    /// `translation.outdated` for the translations this transaction left outdated.
    func raiseChangeEvents(_ flushed: FlushedChanges) throws {
        if flushed.count > 0 {
            let resources = flushed.entries.map(ChangedResource.init)
            let range = ChangeRange(from: flushed.lastSeq - Int64(flushed.count) + 1, to: flushed.lastSeq)
            try enqueueWebhookEvent(.contentChanged, data: ContentChangedEvent(
                changes: range, count: flushed.count, truncated: flushed.count > resources.count, resources: resources))
        }
        let outdated = texts.outdated
        if !outdated.isEmpty {
            var listed: [OutdatedEntry] = []
            // Sorted so the event's body depends on the data alone.
            for item in outdated.sorted(by: { ($0.resource.rawValue, $0.ownerID, $0.locale) < ($1.resource.rawValue, $1.ownerID, $1.locale) })
            where listed.count < Self.eventResourceLimit {
                guard let id = try resourceID(of: item) else { continue }   // deleted later in the transaction
                listed.append(OutdatedEntry(resource: item.resource.rawValue, id: id, locale: item.locale,
                                            href: ChangeEntry.path(of: item.resource, id: id).map { $0 + "/translations/" + item.locale }))
            }
            try enqueueWebhookEvent(.translationOutdated, data: TranslationOutdatedEvent(
                count: outdated.count, truncated: outdated.count > listed.count, translations: listed))
        }
    }

    /// The public id of the owner of an outdated translation (nil when it no longer exists).
    private func resourceID(of item: TextRows.OutdatedTranslation) throws -> String? {
        switch item.resource {
        case .guideline:
            return try database.firstRow("SELECT key FROM guidelines WHERE id = ?", [.int(item.ownerID)]) { $0.text(0) }
        case .topic:
            return try database.firstRow("SELECT slug FROM topics WHERE id = ?", [.int(item.ownerID)]) { $0.text(0) }
        case .section:
            return try database.firstRow("SELECT t.slug || '#' || s.key FROM sections s JOIN topics t ON t.id = s.topic_id WHERE s.id = ?",
                                         [.int(item.ownerID)]) { $0.text(0) }
        case .glossary:
            return nil
        }
    }
}

/// The `data` of `content.changed`.
struct ContentChangedEvent: Encodable {
    /// The change-log entries of the transaction: `GET /v1/changes?since=from-1` lists them all.
    let changes: ChangeRange
    let count: Int
    /// True when `resources` lists only the first `eventResourceLimit` of them.
    let truncated: Bool
    let resources: [ChangedResource]
}

/// A range of change-log sequence numbers, both ends included.
struct ChangeRange: Encodable {
    let from: Int64
    let to: Int64
}

/// One changed resource in `content.changed`: the change entry the feed shows (`ChangeEntry`, the
/// one representation of a change), encoded with its `href` instead of the feed's links.
struct ChangedResource: Encodable {
    let entry: ChangeEntry

    private enum CodingKeys: String, CodingKey { case seq, resource, id, kind, locale, etag, href }

    // Nulls are written out, as in the change feed, so receivers see every key.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entry.seq, forKey: .seq)
        try container.encode(entry.resource.rawValue, forKey: .resource)
        try container.encode(entry.id, forKey: .id)
        try container.encode(entry.kind.rawValue, forKey: .kind)
        try container.encode(entry.locale, forKey: .locale)
        try container.encode(entry.etag, forKey: .etag)
        try container.encode(entry.path, forKey: .href)
    }
}

/// The `data` of `translation.outdated`.
struct TranslationOutdatedEvent: Encodable {
    let count: Int
    let truncated: Bool
    let translations: [OutdatedEntry]
}

/// A translation that became outdated: the resource it belongs to and its locale.
struct OutdatedEntry: Encodable {
    let resource: String
    let id: String
    let locale: String
    /// Where to write the new translation.
    let href: String?
}
