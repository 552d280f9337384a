internal import SQLite

// The events of what a write transaction changed, raised once per transaction from what its change
// log, its text rows and its comments recorded, in the same transaction (so they commit with the
// change): `content.changed`, `translation.outdated`, `translation.approved`, `source.changed` and
// `comment.created`. Each is about topics, so a webhook filtered by topics gets only its topics'
// part of it (`enqueueTopicEvent`).

extension KnowledgeWriter {
    /// At most this many resources are listed in one event; a receiver of a larger change (an
    /// import) reads the rest from `GET /v1/changes` with the event's `changes` range.
    static let eventResourceLimit = CommittedTransaction.listedChangesLimit

    /// Raises the events of what this transaction changed: `flushed` is what it appended to the
    /// change log.
    func raiseChangeEvents(_ flushed: FlushedChanges) throws {
        if flushed.count > 0 {
            let resources = try flushed.entries.map { (topic: try topicSlug(of: $0.resource, publicID: $0.id), resource: ChangedResource(entry: $0)) }
            let range = ChangeRange(from: flushed.lastSeq - Int64(flushed.count) + 1, to: flushed.lastSeq)
            try enqueueTopicEvent(.contentChanged, items: resources, topic: \.topic) { selected in
                let all = selected.count == resources.count
                return ContentChangedEvent(changes: range, count: all ? flushed.count : selected.count, truncated: all && flushed.count > resources.count,
                                           resources: selected.map(\.resource))
            }
        }
        for (type, translations) in [(WebhookEventType.translationOutdated, texts.outdated), (.translationApproved, texts.approved)] where !translations.isEmpty {
            let (listed, truncated) = try listTranslations(translations)
            try enqueueTopicEvent(type, items: listed, topic: \.topic) { selected in
                let all = selected.count == listed.count
                return TranslationsEvent(count: all ? translations.count : selected.count, truncated: all && truncated, translations: selected)
            }
        }
        if !texts.changedSources.isEmpty {
            let sources = try listSources(texts.changedSources)
            try enqueueTopicEvent(.sourceChanged, items: sources, topic: \.topic) { SourceChangedEvent(count: $0.count, sources: $0) }
        }
        if !createdComments.isEmpty {
            let comments = try createdComments.prefix(Self.eventResourceLimit).map { comment in
                CommentEntry(thread: comment.thread, comment: comment.comment, resource: comment.owner.resource.rawValue, id: comment.owner.id,
                             topic: try topicSlug(of: comment.owner.resource, publicID: comment.owner.id), locale: comment.locale,
                             author: comment.author, body: comment.body, href: "/v1/comment-threads/\(comment.thread)")
            }
            try enqueueTopicEvent(.commentCreated, items: comments, topic: \.topic) { CommentCreatedEvent(count: $0.count, comments: $0) }
        }
    }

    /// Up to `eventResourceLimit` of `translations` as events list them, sorted so the event's body
    /// depends on the data alone; true when some were left out.
    private func listTranslations(_ translations: Set<TextRows.TranslationRef>) throws -> ([TranslationEntry], Bool) {
        var listed: [TranslationEntry] = []
        for item in translations.sorted(by: { ($0.resource.rawValue, $0.ownerID, $0.locale) < ($1.resource.rawValue, $1.ownerID, $1.locale) })
        where listed.count < Self.eventResourceLimit {
            guard let id = try resourceID(of: item.resource, rowID: item.ownerID) else { continue }   // deleted later in the transaction
            listed.append(TranslationEntry(resource: item.resource.rawValue, id: id, topic: try topicSlug(of: item.resource, publicID: id), locale: item.locale,
                                           href: ChangeEntry.path(of: item.resource, id: id).map { $0 + "/translations/" + item.locale }))
        }
        return (listed, translations.count > listed.count)
    }

    /// The English texts this transaction changed, each with the translations it left outdated.
    private func listSources(_ sources: Set<TextRows.SourceRef>) throws -> [SourceEntry] {
        var listed: [SourceEntry] = []
        let outdated = Dictionary(grouping: texts.outdated, by: { TextRows.SourceRef(resource: $0.resource, ownerID: $0.ownerID) })
        for item in sources.sorted(by: { ($0.resource.rawValue, $0.ownerID) < ($1.resource.rawValue, $1.ownerID) }) where listed.count < Self.eventResourceLimit {
            guard let id = try resourceID(of: item.resource, rowID: item.ownerID), let table = TextTable.of(item.resource) else { continue }
            let path = ChangeEntry.path(of: item.resource, id: id)
            let translations = (outdated[item] ?? []).map(\.locale).sorted().map { locale in
                OutdatedTranslationEntry(locale: locale, href: path.map { $0 + "/translations/" + locale })
            }
            listed.append(SourceEntry(resource: item.resource.rawValue, id: id, topic: try topicSlug(of: item.resource, publicID: id),
                                      revision: try texts.sourceRevision(table, id: item.ownerID), href: path, outdated: translations))
        }
        return listed
    }

    /// The public id of the resource with row id `rowID` (nil when it no longer exists).
    private func resourceID(of resource: ChangeResource, rowID: Int) throws -> String? {
        switch resource {
        case .guideline:
            return try database.firstRow("SELECT key FROM guidelines WHERE id = ?", [.int(rowID)]) { $0.text(0) }
        case .topic:
            return try database.firstRow("SELECT slug FROM topics WHERE id = ?", [.int(rowID)]) { $0.text(0) }
        case .section:
            return try database.firstRow("SELECT t.slug || '#' || s.key FROM sections s JOIN topics t ON t.id = s.topic_id WHERE s.id = ?",
                                         [.int(rowID)]) { $0.text(0) }
        case .glossary:
            return nil
        }
    }

    /// The slug of the topic a resource (by its public id) belongs to: the topic itself, a section's
    /// topic, a guideline's present topic; nil for the glossary and a guideline deleted here.
    private func topicSlug(of resource: ChangeResource, publicID: String) throws -> String? {
        switch resource {
        case .topic: return publicID
        case .section: return publicID.split(separator: "#", maxSplits: 1).first.map(String.init)
        case .guideline:
            return try database.firstRow("SELECT t.slug FROM guidelines g JOIN topics t ON t.id = g.topic_id WHERE g.key = ?1", [.text(publicID)]) { $0.text(0) }
        case .glossary: return nil
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

/// The `data` of `translation.outdated` and `translation.approved`.
struct TranslationsEvent: Encodable {
    let count: Int
    let truncated: Bool
    let translations: [TranslationEntry]
}

/// A translation an event names: the resource it belongs to, its topic and its locale.
struct TranslationEntry: Encodable {
    let resource: String
    let id: String
    /// The slug of the resource's topic.
    let topic: String?
    let locale: String
    /// The translation's address.
    let href: String?
}

/// The `data` of `source.changed`.
struct SourceChangedEvent: Encodable {
    let count: Int
    let sources: [SourceEntry]
}

/// An English text that changed, with the translations the change left outdated.
struct SourceEntry: Encodable {
    let resource: String
    let id: String
    let topic: String?
    /// The English revision it is at now.
    let revision: Int
    let href: String?
    let outdated: [OutdatedTranslationEntry]
}

/// A translation a change of the English left outdated: where to write it again.
struct OutdatedTranslationEntry: Encodable {
    let locale: String
    let href: String?
}

/// The `data` of `comment.created`.
struct CommentCreatedEvent: Encodable {
    let count: Int
    let comments: [CommentEntry]
}

/// A comment written in a thread on a text.
struct CommentEntry: Encodable {
    let thread: Int64
    let comment: Int64
    let resource: String
    let id: String
    let topic: String?
    /// The text's locale (the source locale for a comment on the English).
    let locale: String
    let author: String
    /// The Markdown as written.
    let body: String
    /// The thread's address.
    let href: String
}
