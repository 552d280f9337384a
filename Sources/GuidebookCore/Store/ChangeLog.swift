internal import SQLite

/// The change log of one write transaction: what it changed, one entry per changed resource (and
/// per translated locale), appended to the `changes` table just before the transaction commits.
///
/// Entries are kept in memory and inserted in batches, so that an import of 100,000 guidelines
/// costs a few thousand statements rather than a hundred thousand. Every entry of a resource
/// carries the version the resource has when the transaction commits, which is why nothing is
/// written before the end. An import records one entry per guideline, so the entries are kept
/// compact: the resource keys' bytes in one buffer, a resource's state in 12 bytes and its version
/// in 8, each entry in 12, and the indexes that find a resource by its key, or an entry by its
/// resource, kind and locale, in 4 bytes a slot (`PlaceIndex`). Strings in sets and dictionaries
/// took 550 bytes a resource; an import of 1,000,000 generated guidelines (1,120,000 resources)
/// peaked 29 MB lower with these indexes than with 64-bit hashes in dictionaries
/// (docs/imports.md, "Memory").
final class ChangeLog {
    /// One resource this transaction changed: 12 bytes, so that an import of a million guidelines
    /// keeps its resources in about 13 MB. Its version is in `versions`, at the same place.
    private struct Resource {
        /// Where its key (the entry's `id`) is in `keyBytes`.
        var keyStart: Int32
        var keyLength: Int32
        var kind: ChangeResource
        /// Created in this transaction: its later changes in it are part of its creation.
        var isCreated = false
        /// The kinds already recorded for it without a locale (one bit per `ChangeKind`).
        var recordedKinds: UInt8 = 0
        /// How its version after its last change in this transaction is kept.
        var version = VersionForm.none
    }

    /// How `versions` holds a resource's version.
    private enum VersionForm: UInt8 {
        /// None (deleted).
        case none
        /// 16 hex digits, as their value in `versions`.
        case hex
        /// Any other string, in `otherVersions`.
        case other
    }

    private struct Entry {
        var resource: Int32
        var kind: ChangeKind
        /// An index into `locales`, or -1.
        var locale: Int16
        /// An index into `states`, or -1: the state of what the entry names after its last change here.
        var state: Int16 = -1
    }

    private let at: String
    private let token: String?
    private var entries: [Entry] = []
    private var resources: [Resource] = []
    /// Each resource's version as 16 hex digits' value, when `Resource.version` is `.hex`.
    private var versions: [UInt64] = []
    private var keyBytes: [UInt8] = []
    /// The resources by the hash of their kind and key.
    private var resourceIndex = PlaceIndex()
    private var locales: [String] = []
    /// The states entries carry (a handful of words: `draft`, `approved`, `open`, ...).
    private var states: [String] = []
    /// The entries with a locale, by the hash of their (resource, kind, locale) triple: a second
    /// change of the same triple keeps the first entry.
    private var localeEntryIndex = PlaceIndex()
    /// Versions that are not 16 hex digits (none today: `ResourceVersion` makes only those).
    private var otherVersions: [Int32: String] = [:]
    /// The notes of the few entries that have one (an approval over the checks' errors: its
    /// reason), by the entry's place in `entries`.
    private var notes: [Int32: String] = [:]

    /// Rows per INSERT statement.
    private static let batch = 64

    /// Entries stamped `at`, made with the token named `token` (nil: none).
    init(at: String, token: String?) {
        self.at = at
        self.token = token
    }

    /// Records that `resource` `id` was changed this way and has `version` now (nil when deleted).
    /// `state` is what the change left it in (a translation's review state, `missing` once deleted;
    /// a suggestion's or a comment thread's state), for entries with a locale; a second change of
    /// the same kind and locale in one transaction keeps the first entry with the last state.
    /// `note` says what the entry needs to be understood (an approval's override reason).
    func record(_ resource: ChangeResource, _ id: String, _ kind: ChangeKind, locale: String? = nil, version: String?, state: String? = nil,
                note: String? = nil) {
        let slot = self.slot(resource, id)
        setVersion(version, of: slot)
        if kind == .created { resources[Int(slot)].isCreated = true } else if kind != .deleted, resources[Int(slot)].isCreated { return }
        let kindIndex = ChangeKind.allCases.firstIndex(of: kind)!
        let localeIndex = locale.map(index(ofLocale:)) ?? -1
        let stateIndex = state.map(index(ofState:)) ?? -1
        if localeIndex >= 0 {
            let triple = Self.hash(entry: Entry(resource: slot, kind: kind, locale: localeIndex))
            if let entry = localeEntryIndex.find(hash: triple, where: { sameTriple(entries[Int($0)], slot, kind, localeIndex) }) {
                if stateIndex >= 0 { entries[Int(entry)].state = stateIndex }
                if let note { notes[entry] = note }
                return
            }
            localeEntryIndex.insert(Int32(entries.count), hash: triple) { Self.hash(entry: entries[Int($0)]) }
        } else {
            let bit = UInt8(1) << UInt8(kindIndex)
            guard resources[Int(slot)].recordedKinds & bit == 0 else { return }
            resources[Int(slot)].recordedKinds |= bit
        }
        if let note { notes[Int32(entries.count)] = note }
        entries.append(Entry(resource: slot, kind: kind, locale: localeIndex, state: localeIndex >= 0 ? stateIndex : -1))
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
            let placeholders = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
            var values: [SQLValue] = []
            values.reserveCapacity(chunk.count * 9)
            var written: [(id: String, version: String?, note: String?)] = []
            for (index, entry) in zip(chunk.indices, chunk) {
                let id = key(of: entry.resource)
                // A deletion has no version; every other entry has the resource's last one.
                let version = entry.kind == .deleted ? nil : version(of: entry.resource)
                let locale = entry.locale >= 0 ? locales[Int(entry.locale)] : nil
                let state = entry.state >= 0 ? states[Int(entry.state)] : nil
                let note = notes[Int32(index)]
                values += [.text(at), .text(resources[Int(entry.resource)].kind.rawValue), .text(id), .text(entry.kind.rawValue),
                           .optionalText(locale), .optionalText(token), .optionalText(version), .optionalText(state), .optionalText(note)]
                if flushed.entries.count + written.count < sample { written.append((id, version, note)) }
            }
            try database.run("INSERT INTO changes (at, resource, resource_id, kind, locale, token, etag, state, note) VALUES " + placeholders, values)
            // One multi-row INSERT on the single writer numbers its rows consecutively, ending at the last rowid.
            let firstSeq = database.lastInsertRowID - Int64(chunk.count) + 1
            for (offset, (entry, row)) in zip(chunk, written).enumerated() {
                flushed.entries.append(ChangeEntry(seq: firstSeq + Int64(offset), at: at, resource: resources[Int(entry.resource)].kind, id: row.id,
                                                   kind: entry.kind, locale: entry.locale >= 0 ? locales[Int(entry.locale)] : nil,
                                                   token: token, version: row.version, state: entry.state >= 0 ? states[Int(entry.state)] : nil,
                                                   note: row.note))
            }
            flushed.lastSeq = database.lastInsertRowID
            start += chunk.count
        }
        entries.removeAll()
        resources.removeAll()
        versions.removeAll()
        keyBytes.removeAll()
        resourceIndex.removeAll()
        localeEntryIndex.removeAll()
        otherVersions.removeAll()
        notes.removeAll()
        return flushed
    }

    // MARK: Compact storage

    /// The resource's place in `resources`, added when it is new.
    private func slot(_ kind: ChangeResource, _ id: String) -> Int32 {
        var id = id
        return id.withUTF8 { key in
            let hash = Self.hash(kind, key)
            if let slot = resourceIndex.find(hash: hash, where: { resources[Int($0)].kind == kind && keyEquals($0, key) }) { return slot }
            let start = keyBytes.count
            keyBytes.append(contentsOf: key)
            resources.append(Resource(keyStart: Int32(start), keyLength: Int32(key.count), kind: kind))
            versions.append(0)
            let added = Int32(resources.count - 1)
            resourceIndex.insert(added, hash: hash) { slot in withKey(of: slot) { Self.hash(resources[Int(slot)].kind, $0) } }
            return added
        }
    }

    /// FNV-1a over the kind's name, a separator and the key's bytes.
    private static func hash(_ kind: ChangeResource, _ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        for byte in kind.rawValue.utf8 { mix(byte) }
        mix(0x01)
        for byte in key { mix(byte) }
        return hash
    }

    /// The hash of an entry's (resource, kind, locale) triple.
    private static func hash(entry: Entry) -> UInt64 {
        let kindIndex = ChangeKind.allCases.firstIndex(of: entry.kind)!
        return UInt64(UInt32(bitPattern: entry.resource)) << 24 | UInt64(kindIndex) << 16 | UInt64(UInt16(bitPattern: entry.locale))
    }

    private func sameTriple(_ entry: Entry, _ resource: Int32, _ kind: ChangeKind, _ locale: Int16) -> Bool {
        entry.resource == resource && entry.kind == kind && entry.locale == locale
    }

    private func keyEquals(_ slot: Int32, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        Int(resources[Int(slot)].keyLength) == key.count && withKey(of: slot) { $0.elementsEqual(key) }
    }

    /// Runs `body` on the bytes of the resource's key, in place in `keyBytes`.
    private func withKey<Result>(of slot: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let resource = resources[Int(slot)]
        return keyBytes.withUnsafeBufferPointer { bytes in
            body(UnsafeBufferPointer(rebasing: bytes[Int(resource.keyStart)..<Int(resource.keyStart + resource.keyLength)]))
        }
    }

    private func key(of slot: Int32) -> String {
        withKey(of: slot) { String(decoding: $0, as: UTF8.self) }
    }

    private func index(ofLocale locale: String) -> Int16 {
        if let index = locales.firstIndex(of: locale) { return Int16(index) }
        locales.append(locale)
        return Int16(locales.count - 1)
    }

    private func index(ofState state: String) -> Int16 {
        if let index = states.firstIndex(of: state) { return Int16(index) }
        states.append(state)
        return Int16(states.count - 1)
    }

    private func setVersion(_ version: String?, of slot: Int32) {
        otherVersions[slot] = nil
        guard let version else { return resources[Int(slot)].version = .none }
        if version.utf8.count == 16, let value = UInt64(version, radix: 16), Self.format(value) == version {
            resources[Int(slot)].version = .hex
            versions[Int(slot)] = value
        } else {
            resources[Int(slot)].version = .other
            otherVersions[slot] = version
        }
    }

    private func version(of slot: Int32) -> String? {
        switch resources[Int(slot)].version {
        case .none: return nil
        case .hex: return Self.format(versions[Int(slot)])
        case .other: return otherVersions[slot]
        }
    }

    /// A version's value as the 16 hex digits it was written as.
    private static func format(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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
