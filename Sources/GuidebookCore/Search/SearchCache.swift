import Foundation

/// What searches keep between requests: each phrase's postings, the row directory and the
/// vocabulary of suggestions, for the current generation of the search index, shared by all read
/// connections.
///
/// The generation is a counter the writer bumps in the same transaction as every index change,
/// read by the searcher inside its own read transaction, so an entry is only ever used with the
/// exact index it was read from or brought up to. After a small commit the cache catches up
/// instead of starting over: the directory is patched with the rows the commit changed (see
/// `SearchChanges`) and each kept phrase is patched with them when it is next searched. A bulk
/// change, or a directory whose average row length has drifted, empties the cache. A search in a
/// read transaction older than the cache's (it began before a commit that another search has
/// caught the cache up with) is answered in that transaction, from its own generation's directory:
/// the cache keeps the few directories before its own (`keptEarlier`), patches one of them forward
/// to the search's generation, or loads one for that search alone; only when the database itself
/// is older than the cache (it went back) does the cache start over from it. Postings are evicted
/// least recently used first beyond `capacityBytes`; with a capacity of 0 every search reads its phrases from
/// FTS5 again (the directory and the vocabulary are always kept: each is one scan per load, and
/// the vocabulary is only read when a search finds nothing or a word is half-typed). With
/// automatic sizing the capacity follows the index: it is worked out again whenever a directory
/// is loaded.
///
/// The vocabulary (`SearchVocabulary`: the words completions and corrections are taken from) is
/// read by one scan of every word's rows, 0.3 s at 100,000 guidelines and seconds at 1,000,000, so
/// a small commit does not drop it: it is used for `vocabularyRefresh` after it was read (words a
/// commit added are not offered until then, and counts are off by the rows commits changed, which
/// only shades which forms are suggested: the search itself reads the index as it is), then read
/// again by one search while the others keep using it. A bulk change drops it with the rest.
///
/// Snapshots, not shared mutable state: everything the cache hands out (a `RowDirectory`, a
/// `PhrasePostings`, a `SearchVocabulary`) is an immutable value that a search holds for its whole
/// duration without the lock. The lock guards only which values are current. A patch makes the
/// next directory from the current one outside the lock (`RowDirectory.applying`, which shares
/// every unchanged chunk and copies the rest) and swaps it in under the lock; a patched phrase is a
/// new `PhrasePostings` too. So no memory a search can reach is ever written after it was
/// published (docs/architecture-search.md explains why, and what it costs).
public final class SearchCache: @unchecked Sendable {
    /// How the capacity is chosen.
    public let sizing: SearchCacheSizing
    private let lock = NSLock()
    private var capacity: Int
    /// What the cache has done, counted where it is reported; `statistics` fills in the sizes.
    private var counted = Statistics(capacityBytes: 0, heldBytes: 0, postingBytes: 0, hits: 0, misses: 0, evictions: 0,
                                     directoryLoads: 0, directoryPatches: 0, postingPatches: 0, rewinds: 0, earlierSnapshotSearches: 0)
    /// The generation of `directory` (and of the cache).
    private var generation: Int64 = -1
    private var directory: RowDirectory?
    /// The vocabulary, the generation it was read at and when (kept across small commits).
    private var vocabulary: (words: SearchVocabulary, generation: Int64, readAt: ContinuousClock.Instant)?
    /// True while a search reads the vocabulary again (the others use the one kept).
    private var readingVocabulary = false
    /// How long a vocabulary read before the index's latest small commits is used.
    let vocabularyRefresh: Duration
    private var postings: [String: (value: PhrasePostings, lastUse: UInt64, generation: Int64)] = [:]
    private var postingBytes = 0
    /// One-phrase answers (`PhraseSummary`) of the cache's generation only, kept while postings
    /// come and go: at most `keptSummaries`, all dropped when the generation moves on.
    private var summaries: [String: PhraseSummary] = [:]
    private var summaryBytes = 0
    private var clock: UInt64 = 0
    /// The directory's patches since `patchBase`, oldest first: the generation each brought it to,
    /// the rows it changed and each row's topic before it (`RowDirectory.topicTag`). A phrase kept
    /// from a generation at or after `patchBase` can be brought up to date with the later patches.
    private var patches: [(generation: Int64, rows: [UInt32], formerTopics: [UInt32])] = []
    private var patchBase: Int64 = -1
    /// The directories of the generations just before the cache's, oldest first: for searches in
    /// read transactions that began before the commits the cache has caught up with since.
    private var earlier: [(generation: Int64, directory: RowDirectory)] = []
    /// The newest search generation in the database, read in a transaction of its own (nil: not
    /// known; a search older than the cache is then always taken for an older transaction).
    private let latestGeneration: (@Sendable () throws -> Int64)?

    /// Patches remembered; a phrase older than them all is read again.
    static let keptPatches = 64
    /// Earlier directories remembered (each shares all but a patch's chunks with the next).
    static let keptEarlier = 4
    /// One-phrase summaries remembered (about a kilobyte each).
    static let keptSummaries = 4_096

    /// An automatic cache starts at its size for an empty index until it learns the index's rows.
    /// `latestGeneration` reads the newest search generation in the database in a transaction of
    /// its own; the cache asks it only when a search's generation is older than its own, to tell a
    /// read transaction that began before a commit from a database that went back.
    public convenience init(sizing: SearchCacheSizing) {
        self.init(sizing: sizing, latestGeneration: nil)
    }

    /// `vocabularyRefresh`: how long the vocabulary read before small commits stays in use.
    init(sizing: SearchCacheSizing, latestGeneration: (@Sendable () throws -> Int64)?, vocabularyRefresh: Duration = SearchCache.defaultVocabularyRefresh) {
        self.sizing = sizing
        self.capacity = sizing.capacity(indexRows: 0)
        self.latestGeneration = latestGeneration
        self.vocabularyRefresh = vocabularyRefresh
    }

    /// How long a vocabulary read before small commits is used by default.
    public static let defaultVocabularyRefresh: Duration = .seconds(60)

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
        /// Times the row directory was read in full (at the first search, after a bulk change).
        public var directoryLoads: Int
        /// Times the row directory caught up with a small commit by its changed rows instead.
        public var directoryPatches: Int
        /// Times a kept phrase's rows caught up with a commit by its changed rows.
        public var postingPatches: Int
        /// Times the cache started over from an older generation than its own: a search found the
        /// index older than the cache, and so was the newest generation in the database (a
        /// database gone back).
        public var rewinds: Int
        /// Searches whose read transaction was older than the cache (it began before a commit that
        /// another search caught the cache up with): answered from their own generation's
        /// directory, kept or made for them, while the cache stayed where it was.
        public var earlierSnapshotSearches: Int
        /// One-phrase searches answered from a phrase's summary without its postings (`PhraseSummary`).
        public var summaryAnswers: Int = 0

        /// hits / (hits + misses); 0 before any search.
        public var hitRatio: Double { hits + misses > 0 ? Double(hits) / Double(hits + misses) : 0 }
    }

    /// The numbers now.
    public var statistics: Statistics {
        lock.withLock {
            var now = counted
            now.capacityBytes = capacity
            now.heldBytes = postingBytes + summaryBytes + (directory?.byteCount ?? 0) + (vocabulary?.words.byteCount ?? 0)
            now.postingBytes = postingBytes
            return now
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

    /// The directory for `generation`: kept, patched from the kept one with the rows `changedRows`
    /// names (changed after a generation; nil when that cannot be told) and `readChanges` reads,
    /// or loaded with `load` (which also sizes an automatic cache). A generation older than the
    /// cache's is answered by `earlierDirectory` from the same closures, in the caller's own read
    /// transaction: the caller never has to run its search again.
    func directory(generation: Int64, changedRows: (Int64) throws -> [UInt32]?,
                   readChanges: ([UInt32]) throws -> RowDirectory.Changes, load: () throws -> RowDirectory) throws -> RowDirectory {
        enum Step { case kept(RowDirectory), patch(from: Int64, base: RowDirectory), load, earlier(than: Int64) }
        // Another search may move the cache on between the steps; then they are taken again.
        for _ in 0..<3 {
            let step = lock.withLock { () -> Step in
                guard let directory else { return .load }
                if generation == self.generation { return .kept(directory) }
                return generation < self.generation ? .earlier(than: self.generation) : .patch(from: self.generation, base: directory)
            }
            switch step {
            case .kept(let directory):
                return directory
            case .earlier(let current):
                return try earlierDirectory(generation, cacheAt: current, changedRows: changedRows, readChanges: readChanges, load: load)
            case .patch(let from, let base):
                guard let patched = try patch(base, from: from, changedRows: changedRows, readChanges: readChanges) else { break }
                let published = lock.withLock { () -> Bool in
                    // Another search may have published first (the same patch, or a load); when
                    // the cache is now past this generation, the patch is one of its earlier ones.
                    if self.generation > generation {
                        keepEarlier(patched.directory, at: generation)
                        return true
                    }
                    guard self.generation == from, let replaced = directory else { return false }
                    keepEarlier(replaced, at: from)
                    directory = patched.directory
                    self.generation = generation
                    dropSummaries()
                    counted.directoryPatches += 1
                    patches.append((generation, patched.rows, patched.formerTopics))
                    if patches.count > Self.keptPatches { forgetOldestPatch() }
                    return true
                }
                if published { return patched.directory }
                continue
            case .load:
                break
            }
            let loaded = try load()
            fit(indexRows: loaded.rowCount)
            lock.withLock {
                guard generation > self.generation || (generation == self.generation && directory == nil) else { return }
                startOver(at: generation)
                directory = loaded
                counted.directoryLoads += 1
            }
            return loaded
        }
        return try load()
    }

    /// `base` (the directory of generation `from`) brought up to the caller's generation with the
    /// rows changed since; nil when the rows cannot be told or the result drifted from its load.
    /// Made outside the lock: `base` stays as it is for the searches holding it.
    private func patch(_ base: RowDirectory, from: Int64, changedRows: (Int64) throws -> [UInt32]?,
                       readChanges: ([UInt32]) throws -> RowDirectory.Changes) throws -> (directory: RowDirectory, rows: [UInt32], formerTopics: [UInt32])? {
        guard let rows = try changedRows(from) else { return nil }
        let changes = try readChanges(rows)
        let formerTopics = rows.map { base.topicTag(ofRow: $0) }
        let patched = base.applying(changes)
        return patched.isCloseToItsLoad ? (patched, rows, formerTopics) : nil
    }

    /// The directory for a generation older than the cache's (`current`). Usually the caller's read
    /// transaction began before a commit that another search has since caught the cache up with:
    /// its own generation's directory is among the earlier ones kept, or is patched from the newest
    /// kept one before it (and kept too), or, older than all of them, loaded for it alone. The
    /// cache itself stays where it is. Only when the newest generation in the database is older
    /// than the cache's (the database went back: a replica restored from an older copy) does the
    /// cache start over from the caller's generation.
    private func earlierDirectory(_ generation: Int64, cacheAt current: Int64, changedRows: (Int64) throws -> [UInt32]?,
                                  readChanges: ([UInt32]) throws -> RowDirectory.Changes, load: () throws -> RowDirectory) throws -> RowDirectory {
        // Not known (the file busy): taken for an older transaction, which is always answered right.
        if let latestGeneration, let latest = try? latestGeneration(), latest < current {
            let kept = lock.withLock { earlier.last { $0.generation == generation }?.directory }
            let base = try kept ?? load()
            lock.withLock {
                guard self.generation == current else { return }
                startOver(at: generation)
                directory = base
                if kept == nil { counted.directoryLoads += 1 }
                counted.rewinds += 1
            }
            return base
        }
        let before = lock.withLock { () -> (generation: Int64, directory: RowDirectory)? in
            counted.earlierSnapshotSearches += 1
            return earlier.last { $0.generation <= generation }
        }
        if let before {
            if before.generation == generation { return before.directory }
            if let patched = try patch(before.directory, from: before.generation, changedRows: changedRows, readChanges: readChanges) {
                lock.withLock { keepEarlier(patched.directory, at: generation) }
                return patched.directory
            }
        }
        return try load()
    }

    // Called with the lock held: keeps `directory` of `generation` (older than the cache's) among
    // the earlier directories, in generation order, forgetting the oldest beyond `keptEarlier`.
    // They share every chunk a patch did not touch with the current one, so each costs little.
    private func keepEarlier(_ directory: RowDirectory, at generation: Int64) {
        guard !earlier.contains(where: { $0.generation == generation }) else { return }
        let position = earlier.firstIndex { $0.generation > generation } ?? earlier.count
        earlier.insert((generation, directory), at: position)
        if earlier.count > Self.keptEarlier { earlier.removeFirst() }
    }

    /// The vocabulary for `generation`: the one kept when it was read at that generation, or at
    /// an earlier one the cache has patched itself forward from within `vocabularyRefresh`, or
    /// while another search reads it again; otherwise read with `load` (and kept when `generation`
    /// is the cache's).
    func vocabulary(generation: Int64, load: () throws -> SearchVocabulary) throws -> SearchVocabulary {
        let now = ContinuousClock.now
        let (kept, refreshing) = lock.withLock { () -> (SearchVocabulary?, Bool) in
            guard let vocabulary else { return (nil, false) }
            if vocabulary.generation == generation { return (vocabulary.words, false) }
            guard generation == self.generation, vocabulary.generation < generation else { return (nil, false) }
            if readingVocabulary || now - vocabulary.readAt < vocabularyRefresh { return (vocabulary.words, false) }
            readingVocabulary = true
            return (nil, true)
        }
        if let kept { return kept }
        defer { if refreshing { lock.withLock { readingVocabulary = false } } }
        let loaded = try load()
        lock.withLock {
            if self.generation == generation { vocabulary = (loaded, generation, now) }
        }
        return loaded
    }

    /// How many rows `phrase` matches as of `generation` when its postings or its summary are kept
    /// for it, not counted as a use: search as you type asks it of the last word before searching it.
    func keptRowCount(_ phrase: String, generation: Int64) -> Int? {
        lock.withLock {
            if let entry = postings[phrase], entry.generation == generation { return entry.value.rows.count }
            guard self.generation == generation else { return nil }
            return summaries[phrase]?.total
        }
    }

    /// The one-phrase answer of `phrase` as of `generation` when one is kept (counted as a hit).
    func summary(_ phrase: String, generation: Int64) -> PhraseSummary? {
        lock.withLock {
            guard self.generation == generation, let summary = summaries[phrase] else { return nil }
            counted.hits += 1
            counted.summaryAnswers += 1
            return summary
        }
    }

    /// Keeps the one-phrase answer of `phrase` as of `generation` (when that is the cache's and the
    /// cache keeps anything at all: a capacity of 0 keeps nothing).
    func keepSummary(_ phrase: String, generation: Int64, _ make: () -> PhraseSummary) {
        let wanted = lock.withLock { capacity > 0 && self.generation == generation && summaries[phrase] == nil }
        guard wanted else { return }
        let summary = make()
        lock.withLock {
            guard self.generation == generation, summaries[phrase] == nil else { return }
            if summaries.count >= Self.keptSummaries { dropSummaries() }
            summaries[phrase] = summary
            summaryBytes += summary.byteCount + phrase.utf8.count
        }
    }

    // Called with the lock held.
    private func dropSummaries() {
        summaries.removeAll()
        summaryBytes = 0
    }

    /// The postings of `phrase` for `generation`, loaded with `load` when missing.
    func postings(_ phrase: String, generation: Int64, load: () throws -> PhrasePostings) throws -> PhrasePostings {
        let loaded = try load()
        lock.withLock {
            counted.misses += 1
            if self.generation == generation { store(phrase, loaded, generation: generation) }
        }
        return loaded
    }

    /// What the cache holds of a phrase for a generation.
    enum Kept {
        /// Its postings, as of that generation.
        case current(PhrasePostings)
        /// Its postings as of an earlier generation, and what changed since.
        case stale(PhrasePostings, changed: PhrasePostings.Changed)
        /// Nothing usable.
        case missing
    }

    /// The postings of `phrase` for `generation` when they are kept (counted as a hit), or kept
    /// from an earlier generation that the rows changed since can bring up to date. A search
    /// older than the cache finds only postings kept from its own generation.
    func cachedPostings(_ phrase: String, generation: Int64) -> Kept {
        lock.withLock {
            guard let entry = postings[phrase], generation == self.generation || generation == entry.generation else { return .missing }
            clock += 1
            postings[phrase]?.lastUse = clock
            counted.hits += 1
            if entry.generation == generation { return .current(entry.value) }
            // A row's topic as of the phrase's generation is the one before the first later patch of it.
            var formerTopics: [UInt32: UInt32] = [:]
            for patch in patches where patch.generation > entry.generation {
                for (row, topic) in zip(patch.rows, patch.formerTopics) where formerTopics[row] == nil { formerTopics[row] = topic }
            }
            let rows = formerTopics.keys.sorted()
            return .stale(entry.value, changed: PhrasePostings.Changed(rows: rows, formerTopics: rows.map { formerTopics[$0]! }))
        }
    }

    /// Keeps `patched`, the postings of `phrase` brought up to `generation`.
    func keepPatched(_ phrase: String, _ patched: PhrasePostings, generation: Int64) {
        lock.withLock {
            counted.postingPatches += 1
            guard self.generation == generation, let entry = postings[phrase], entry.generation < generation else { return }
            postingBytes -= entry.value.byteCount + phrase.utf8.count
            postings[phrase] = nil
            store(phrase, patched, generation: generation)
        }
    }

    // Called with the lock held: empties the cache for a directory loaded at `newGeneration`.
    private func startOver(at newGeneration: Int64) {
        generation = newGeneration
        directory = nil
        vocabulary = nil
        postings.removeAll()
        postingBytes = 0
        dropSummaries()
        patches.removeAll()
        patchBase = newGeneration
        earlier.removeAll()
    }

    // Called with the lock held: phrases kept from before the oldest patch can no longer catch up.
    private func forgetOldestPatch() {
        patchBase = patches.removeFirst().generation
        for (phrase, entry) in postings where entry.generation < patchBase {
            postingBytes -= entry.value.byteCount + phrase.utf8.count
            postings[phrase] = nil
        }
    }

    // Called with the lock held.
    private func store(_ phrase: String, _ value: PhrasePostings, generation: Int64) {
        let size = value.byteCount + phrase.utf8.count
        guard size <= capacity, postings[phrase] == nil else { return }
        evict(toFit: size)
        clock += 1
        postings[phrase] = (value, clock, generation)
        postingBytes += size
    }

    // Called with the lock held: drops the least recently used postings until `size` more bytes fit.
    private func evict(toFit size: Int) {
        while postingBytes + size > capacity, let oldest = postings.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            postingBytes -= oldest.value.value.byteCount + oldest.key.utf8.count
            postings[oldest.key] = nil
            counted.evictions += 1
        }
    }
}
