import Foundation

/// What searches keep between requests: each phrase's postings, the row directory and the
/// vocabulary of suggestions, for one generation of the search index, shared by all read connections.
///
/// The generation is a counter the writer bumps in the same transaction as every index change,
/// read by the searcher inside its own read transaction, so an entry is only ever used with the
/// exact index it was read from. A different generation empties the cache. Postings are evicted
/// least recently used first beyond `capacityBytes`; with a capacity of 0 every search reads its
/// phrases from FTS5 again (the directory and the vocabulary are always kept: each is one scan per
/// generation, and the vocabulary is only read when a search finds nothing).
public final class SearchCache: @unchecked Sendable {
    /// Most bytes of postings kept.
    public let capacityBytes: Int
    private let lock = NSLock()
    private var generation: Int64 = -1
    private var directory: RowDirectory?
    private var vocabulary: SearchVocabulary?
    private var postings: [String: (value: PhrasePostings, lastUse: UInt64)] = [:]
    private var postingBytes = 0
    private var clock: UInt64 = 0

    public init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
    }

    /// Bytes held now (postings, directory and vocabulary).
    public var byteCount: Int {
        lock.withLock { postingBytes + (directory?.byteCount ?? 0) + (vocabulary?.byteCount ?? 0) }
    }

    /// The directory for `generation`, loaded with `load` when missing.
    func directory(generation: Int64, load: () throws -> RowDirectory) throws -> RowDirectory {
        try kept(\.directory, generation: generation, load: load)
    }

    /// The vocabulary for `generation`, loaded with `load` when missing.
    func vocabulary(generation: Int64, load: () throws -> SearchVocabulary) throws -> SearchVocabulary {
        try kept(\.vocabulary, generation: generation, load: load)
    }

    /// What `slot` keeps for `generation`, loaded with `load` when missing.
    private func kept<Value>(_ slot: ReferenceWritableKeyPath<SearchCache, Value?>, generation: Int64, load: () throws -> Value) throws -> Value {
        if let cached = lock.withLock({ () -> Value? in
            switchTo(generation)
            return self[keyPath: slot]
        }) { return cached }
        let loaded = try load()
        lock.withLock {
            switchTo(generation)
            if self.generation == generation { self[keyPath: slot] = loaded }
        }
        return loaded
    }

    /// The postings of `phrase` for `generation`, loaded with `load` when missing.
    func postings(_ phrase: String, generation: Int64, load: () throws -> PhrasePostings) throws -> PhrasePostings {
        if let cached = cachedPostings(phrase, generation: generation) { return cached }
        let loaded = try load()
        lock.withLock {
            switchTo(generation)
            store(phrase, loaded)
        }
        return loaded
    }

    /// The postings of `phrase` for `generation` when they are kept.
    func cachedPostings(_ phrase: String, generation: Int64) -> PhrasePostings? {
        lock.withLock {
            switchTo(generation)
            guard let entry = postings[phrase] else { return nil }
            clock += 1
            postings[phrase] = (entry.value, clock)
            return entry.value
        }
    }

    // Called with the lock held.
    private func switchTo(_ newGeneration: Int64) {
        guard newGeneration != generation else { return }
        generation = newGeneration
        directory = nil
        vocabulary = nil
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
