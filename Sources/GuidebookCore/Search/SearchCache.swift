import Foundation

/// What searches keep between requests: each phrase's postings and the row directory, for one
/// generation of the search index, shared by all read connections.
///
/// The generation is a counter the writer bumps in the same transaction as every index change,
/// read by the searcher inside its own read transaction, so an entry is only ever used with the
/// exact index it was read from. A different generation empties the cache. Postings are evicted
/// least recently used first beyond `capacityBytes`; with a capacity of 0 every search reads its
/// phrases from FTS5 again (the directory is always kept: it is one scan per generation).
public final class SearchCache: @unchecked Sendable {
    /// Most bytes of postings kept.
    public let capacityBytes: Int
    private let lock = NSLock()
    private var generation: Int64 = -1
    private var directory: RowDirectory?
    private var postings: [String: (value: PhrasePostings, lastUse: UInt64)] = [:]
    private var postingBytes = 0
    private var clock: UInt64 = 0

    public init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
    }

    /// Bytes held now (postings and directory).
    public var byteCount: Int {
        lock.withLock { postingBytes + (directory?.byteCount ?? 0) }
    }

    /// The directory for `generation`, loaded with `load` when missing.
    func directory(generation: Int64, load: () throws -> RowDirectory) throws -> RowDirectory {
        if let cached = lock.withLock({ () -> RowDirectory? in
            switchTo(generation)
            return directory
        }) { return cached }
        let loaded = try load()
        lock.withLock {
            switchTo(generation)
            if self.generation == generation { directory = loaded }
        }
        return loaded
    }

    /// The postings of `phrase` for `generation`, loaded with `load` when missing.
    func postings(_ phrase: String, generation: Int64, load: () throws -> PhrasePostings) throws -> PhrasePostings {
        if let cached = lock.withLock({ () -> PhrasePostings? in
            switchTo(generation)
            guard let entry = postings[phrase] else { return nil }
            clock += 1
            postings[phrase] = (entry.value, clock)
            return entry.value
        }) { return cached }
        let loaded = try load()
        lock.withLock {
            switchTo(generation)
            store(phrase, loaded)
        }
        return loaded
    }

    // Called with the lock held.
    private func switchTo(_ newGeneration: Int64) {
        guard newGeneration != generation else { return }
        generation = newGeneration
        directory = nil
        postings.removeAll()
        postingBytes = 0
    }

    // Called with the lock held.
    private func store(_ phrase: String, _ value: PhrasePostings) {
        let size = value.byteCount + phrase.utf8.count
        guard size <= capacityBytes, postings[phrase] == nil else { return }
        while postingBytes + size > capacityBytes, let oldest = postings.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            postingBytes -= oldest.value.value.byteCount + oldest.key.utf8.count
            postings[oldest.key] = nil
        }
        clock += 1
        postings[phrase] = (value, clock)
        postingBytes += size
    }
}
