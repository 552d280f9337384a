internal import Archive
internal import SQLite

private extension StoredBytes {
    /// One word of a stored list: its characters (a count, then each scalar value) and its rows.
    mutating func appendWord<Units: Collection<UInt32>>(_ units: Units, rows: Int) {
        appendVarint(UInt64(units.count))
        for unit in units { appendVarint(UInt64(unit)) }
        appendVarint(UInt64(rows))
    }
}

/// The vocabulary as the database keeps it (`search_vocabulary` in the `meta_blobs` table, with the
/// search generation it shows in `meta`'s `search_vocabulary_generation`), so the first half-typed search after a
/// start reads one blob instead of the counts of every word (`search_surface_forms`).
///
/// Reading the counts and making the vocabulary from them (Korean nouns merged in, the orders and
/// letter masks) takes about 0.3 s at 100,000 realistic guidelines, paid by the first search that
/// completes a word. A bulk change of the index (an import, a rebuild) pays it instead, in its own
/// transaction, and stores the result (`SearchIndexer.finish`). A small commit leaves the stored
/// one behind, and a search then reads the counts as before: the stored one is only used for the
/// very generation it was read at, so it never holds other words or counts than the table gives.
///
/// The format (little-endian): "GBVO", a version, the length of the word lists, then the word lists
/// compressed by zlib (level 1: a third of the bytes, 0.05 s to write at 100,000 guidelines, 0.03 s to
/// read; docs/search.md). The lists: the Latin-script words and the Korean words (nouns merged in),
/// each list as a count and, per word in character order, its characters (a count and each scalar
/// value, as varints) and the rows holding it. Version 1 held the lists uncompressed, after the
/// version; it is still read.
extension SearchVocabulary {
    static let storedMagic: [UInt8] = Array("GBVO".utf8)
    static let storedVersion: UInt64 = 2
    /// zlib's fastest level: the next one saves 4% more for twice the time.
    static let storedCompression: Int32 = 1

    /// The vocabulary for a search at `generation`: the stored one when it is of that generation,
    /// else the one the counts give now (`load(from:)`).
    static func load(from database: Database, generation: Int64) throws -> SearchVocabulary {
        let meta = MetaTable(database: database)
        if try meta.value(MetaTable.searchVocabularyGeneration).flatMap({ Int64($0) }) == generation,
           let stored = try meta.withBytes(MetaTable.searchVocabulary, { try? decoded($0) }) ?? nil {
            return stored
        }
        return try load(from: database)
    }

    /// Stores the vocabulary the counts give now as the one of `generation` (on the writer, in its
    /// transaction, after a bulk change of the index).
    static func store(from database: Database, generation: Int64) throws {
        let meta = MetaTable(database: database)
        // The lists as read, encoded without making the vocabulary's lookup tables first: the bytes
        // `encoded()` gives for the vocabulary made of them (StoredVocabularyTests).
        let words = try wordLists(from: database)
        var lists = StoredBytes()
        for list in [words.latin, words.korean] {
            let order = list.alphabeticalOrder()
            lists.appendVarint(UInt64(order.count))
            for word in order { lists.appendWord(list.units(of: word), rows: list.counts[word]) }
        }
        try meta.set(MetaTable.searchVocabulary, toBytes: try framed(lists))
        try meta.set(MetaTable.searchVocabularyGeneration, to: String(generation))
    }

    /// The stored form of this vocabulary.
    func encoded() throws -> [UInt8] {
        var lists = StoredBytes()
        for words in [latin, korean] {
            lists.appendVarint(UInt64(words.alphabetical.count))
            for number in words.alphabetical {
                lists.appendWord(words.units(of: Int(number)), rows: Int(words.frequencies[Int(number)]))
            }
        }
        return try Self.framed(lists)
    }

    /// The stored form of the word `lists`: the header, then the lists compressed.
    private static func framed(_ lists: StoredBytes) throws -> [UInt8] {
        var bytes = StoredBytes()
        bytes.append(Self.storedMagic)
        bytes.appendFixed(Self.storedVersion)
        bytes.appendFixed(UInt64(lists.bytes.count))
        bytes.append(try ZlibBuffer.compressed(lists.bytes, level: Self.storedCompression))
        return bytes.bytes
    }

    /// The vocabulary `bytes` (from `encoded`) hold; `StoredFormatError` when they are not one.
    static func decoded(_ bytes: UnsafeRawBufferPointer) throws -> SearchVocabulary {
        var header = StoredReader(bytes)
        guard try header.bytes(storedMagic.count).elementsEqual(storedMagic) else { throw StoredFormatError() }
        switch try header.fixed() {
        case 1:
            return try decodedLists(UnsafeRawBufferPointer(rebasing: bytes[(storedMagic.count + 8)...]))
        case storedVersion:
            let count = try header.fixed()
            guard count <= UInt64(Int32.max),
                  let lists = try? ZlibBuffer.restored(UnsafeRawBufferPointer(rebasing: bytes[(storedMagic.count + 16)...]), count: Int(count)) else {
                throw StoredFormatError()
            }
            return try lists.withUnsafeBytes { try decodedLists($0) }
        default:
            throw StoredFormatError()
        }
    }

    /// The word lists of the stored form, uncompressed.
    private static func decodedLists(_ bytes: UnsafeRawBufferPointer) throws -> SearchVocabulary {
        var reader = StoredReader(bytes)
        var units: [UInt32] = []
        func words() throws -> VocabularyWordList {
            var words = VocabularyWordList()
            for _ in 0..<(try reader.count()) {
                let length = try reader.count()
                guard length >= 1, length <= 1_024 else { throw StoredFormatError() }
                units.removeAll(keepingCapacity: true)
                for _ in 0..<length {
                    let unit = try reader.varint()
                    guard unit <= 0x10FFFF else { throw StoredFormatError() }
                    units.append(UInt32(unit))
                }
                let count = try reader.varint()
                guard count <= UInt64(Int32.max) else { throw StoredFormatError() }
                words.append(units, count: Int(count))
            }
            return words
        }
        let latin = try words(), korean = try words()
        guard reader.isAtEnd else { throw StoredFormatError() }
        return SearchVocabulary(latin: latin, korean: korean)
    }
}
