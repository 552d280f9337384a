internal import SQLite

// `content.changed`, `translation.outdated` and `translation.approved`: raised once per write
// transaction, from what its change log and its text rows recorded, in the same transaction (so
// they commit with the change).

extension KnowledgeWriter {
    /// At most this many resources are listed in one event; a receiver of a larger change (an
    /// import) reads the rest from `GET /v1/changes` with the event's `changes` range.
    static let eventResourceLimit = CommittedTransaction.listedChangesLimit

    /// Raises `content.changed` for what `flushed` appended to the change log,
    /// `translation.outdated` for the translations this transaction left outdated and
    /// `translation.approved` for those it approved.
    func raiseChangeEvents(_ flushed: FlushedChanges) throws {
        if flushed.count > 0 {
            let resources = flushed.entries.map(ChangedResource.init)
            let range = ChangeRange(from: flushed.lastSeq - Int64(flushed.count) + 1, to: flushed.lastSeq)
            try enqueueWebhookEvent(.contentChanged, data: ContentChangedEvent(
                changes: range, count: flushed.count, truncated: flushed.count > resources.count, resources: resources))
        }
        let outdated = texts.outdated
        if !outdated.isEmpty {
            let (listed, truncated) = try listTranslations(outdated)
            try enqueueWebhookEvent(.translationOutdated, data: TranslationOutdatedEvent(count: outdated.count, truncated: truncated, translations: listed))
        }
        let approved = texts.approved
        if !approved.isEmpty {
            let (listed, truncated) = try listTranslations(approved)
            try enqueueWebhookEvent(.translationApproved, data: TranslationApprovedEvent(count: approved.count, truncated: truncated,
                                                                                        translations: listed))
        }
    }

    /// Up to `eventResourceLimit` of `translations` as events list them, sorted so the event's body
    /// depends on the data alone; true when some were left out.
    private func listTranslations(_ translations: Set<TextRows.TranslationRef>) throws -> ([TranslationEntry], Bool) {
        var listed: [TranslationEntry] = []
        for item in translations.sorted(by: { ($0.resource.rawValue, $0.ownerID, $0.locale) < ($1.resource.rawValue, $1.ownerID, $1.locale) })
        where listed.count < Self.eventResourceLimit {
            guard let id = try resourceID(of: item) else { continue }   // deleted later in the transaction
            listed.append(TranslationEntry(resource: item.resource.rawValue, id: id, locale: item.locale,
                                           href: ChangeEntry.path(of: item.resource, id: id).map { $0 + "/translations/" + item.locale }))
        }
        return (listed, translations.count > listed.count)
    }

    /// The public id of the owner of an outdated translation (nil when it no longer exists).
    private func resourceID(of item: TextRows.TranslationRef) throws -> String? {
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

    private enum CodingKeys: String, CodingKey { case seq, resource, id, kind, locale, etag, state, href }

    // Nulls are written out, as in the change feed, so receivers see every key.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entry.seq, forKey: .seq)
        try container.encode(entry.resource.rawValue, forKey: .resource)
        try container.encode(entry.id, forKey: .id)
        try container.encode(entry.kind.rawValue, forKey: .kind)
        try container.encode(entry.locale, forKey: .locale)
        try container.encode(entry.etag, forKey: .etag)
        try container.encode(entry.state, forKey: .state)
        try container.encode(entry.path, forKey: .href)
    }
}

/// The `data` of `translation.outdated`.
struct TranslationOutdatedEvent: Encodable {
    let count: Int
    let truncated: Bool
    let translations: [TranslationEntry]
}

/// The `data` of `translation.approved`.
struct TranslationApprovedEvent: Encodable {
    let count: Int
    let truncated: Bool
    let translations: [TranslationEntry]
}

/// A translation an event names: the resource it belongs to and its locale.
struct TranslationEntry: Encodable {
    let resource: String
    let id: String
    let locale: String
    /// The translation's address.
    let href: String?
}
