import Foundation

/// What searches keep between requests: each phrase's postings, the row directory and the
/// vocabulary of suggestions, for one generation of the search index, shared by all read connections.
///
/// The generation is a counter the writer bumps in the same transaction as every index change,
/// read by the searcher inside its own read transaction, so an entry is only ever used with the
/// exact index it was read from. A different generation empties the cache. Postings are evicted
/// least recently used first beyond `capacityBytes`; with a capacity of 0 every search reads its
/// phrases from FTS5 again (the directory and the vocabulary are always kept: each is one scan per
/// generation, and the vocabulary is only read when a search finds nothing). With automatic
/// sizing the capacity follows the index: it is worked out again whenever a directory is loaded.
public final class SearchCache: @unchecked Sendable {
    /// How the capacity is chosen.
    public let sizing: SearchCacheSizing
    private let lock = NSLock()
    private var capacity: Int
    private var hits = 0
    private var loads = 0
    private var evictions = 0
    private var generation: Int64 = -1
    private var directory: RowDirectory?
    private var vocabulary: SearchVocabulary?
    private var postings: [String: (value: PhrasePostings, lastUse: UInt64)] = [:]
    private var postingBytes = 0
    private var clock: UInt64 = 0

    /// An automatic cache starts at its size for an empty index until it learns the index's rows.
    public init(sizing: SearchCacheSizing) {
        self.sizing = sizing
        self.capacity = sizing.capacity(indexRows: 0)
    }

    /// A cache of exactly `capacityBytes`.
    public convenience init(capacityBytes: Int) {
        self.init(sizing: .fixed(bytes: capacityBytes))
    }

    /// Most bytes of postings kept now.
    public var capacityBytes: Int { lock.withLock { capacity } }

    /// Bytes held now (postings, directory and vocabulary).
    public var byteCount: Int { statistics.heldBytes }

    /// What the cache holds and has done since it was made, for `/metrics`.
    public struct Statistics: Sendable, Equatable {
        /// Most bytes of postings kept now.
        public var capacityBytes: Int
        /// Bytes held now (postings, directory and vocabulary).
        public var heldBytes: Int
        /// The part of `heldBytes` that is postings: never above `capacityBytes`.
        public var postingBytes: Int
        /// Phrases a search found kept.
        public var hits: Int
        /// Phrases a search read from FTS5 because they were not kept.
        public var misses: Int
        /// Phrases dropped to make room for others.
        public var evictions: Int

        /// hits / (hits + misses); 0 before any search.
        public var hitRatio: Double { hits + misses > 0 ? Double(hits) / Double(hits + misses) : 0 }
    }

    /// The numbers now.
    public var statistics: Statistics {
        lock.withLock {
            Statistics(capacityBytes: capacity, heldBytes: postingBytes + (directory?.byteCount ?? 0) + (vocabulary?.byteCount ?? 0),
                       postingBytes: postingBytes, hits: hits, misses: loads, evictions: evictions)
        }
    }

    /// Sizes an automatic cache for an index of `indexRows` rows (a fixed one keeps its size),
    /// evicting what no longer fits; returns the capacity.
    @discardableResult
    public func fit(indexRows: Int) -> Int {
        lock.withLock {
            capacity = sizing.capacity(indexRows: indexRows)
            evict(toFit: 0)
            return capacity
        }
    }

    /// The directory for `generation`, loaded with `load` when missing; a newly loaded directory
    /// sizes an automatic cache.
    func directory(generation: Int64, load: () throws -> RowDirectory) throws -> RowDirectory {
        try kept(\.directory, generation: generation) {
            let directory = try load()
            fit(indexRows: directory.rowCount)
            return directory
        }
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
        if let cached = lock.withLock({ lookUp(phrase, generation: generation) }) { return cached }
        let loaded = try load()
        lock.withLock {
            loads += 1
            switchTo(generation)
            store(phrase, loaded)
        }
        return loaded
    }

    /// The postings of `phrase` for `generation` when they are kept (counted as a hit).
    func cachedPostings(_ phrase: String, generation: Int64) -> PhrasePostings? {
        lock.withLock {
            let found = lookUp(phrase, generation: generation)
            if found != nil { hits += 1 }
            return found
        }
    }

    // Called with the lock held.
    private func lookUp(_ phrase: String, generation: Int64) -> PhrasePostings? {
        switchTo(generation)
        guard let entry = postings[phrase] else { return nil }
        clock += 1
        postings[phrase] = (entry.value, clock)
        return entry.value
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
        guard size <= capacity, postings[phrase] == nil else { return }
        evict(toFit: size)
        clock += 1
        postings[phrase] = (value, clock)
        postingBytes += size
    }

    // Called with the lock held: drops the least recently used postings until `size` more bytes fit.
    private func evict(toFit size: Int) {
        while postingBytes + size > capacity, let oldest = postings.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            postingBytes -= oldest.value.value.byteCount + oldest.key.utf8.count
            postings[oldest.key] = nil
            evictions += 1
        }
    }
}
