import Foundation
internal import SQLite

/// A bounded pool of read connections. A caller borrows one for the length of a closure;
/// connections are opened on first need and kept, with their prepared statements, for reuse.
final class ReaderPool: @unchecked Sendable {
    private let path: String
    private let capacity: Int
    private let mode: Database.Mode
    private let searchCache: SearchCache
    private let condition = NSCondition()
    private var idle: [KnowledgeReader] = []
    private var opened = 0

    /// `mode` `.readOnly` for a replica: its connections can never write the file.
    /// Its readers search with `searchCache`.
    init(path: String, capacity: Int, mode: Database.Mode, searchCache: SearchCache) {
        self.path = path
        self.mode = mode
        self.searchCache = searchCache
        self.capacity = max(1, capacity)
    }

    /// Runs `body` with a reader inside one read transaction, waiting for a reader when all are busy.
    /// One transaction gives the body a consistent snapshot and takes the file's read lock once
    /// instead of once per statement.
    func withReader<T>(_ body: (KnowledgeReader) throws -> T) throws -> T {
        let reader = try checkOut()
        defer { checkIn(reader) }
        let database = reader.database
        let ownsTransaction = !database.isInTransaction
        if ownsTransaction {
            try database.cachedStatement("BEGIN").run()
            reader.poolTransaction(isOpen: true)
        }
        defer {
            if ownsTransaction {
                reader.poolTransaction(isOpen: false)
                if database.isInTransaction { try? database.cachedStatement("COMMIT").run() }
            }
        }
        return try body(reader)
    }

    private func checkOut() throws -> KnowledgeReader {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let reader = idle.popLast() { return reader }
            if opened < capacity {
                opened += 1
                do {
                    let database = try Database(path: path, mode: mode)
                    // 1 MiB of page cache per reader (SQLite's default is 2 MiB): the OS page cache
                    // holds the file anyway, and several readers would otherwise double the footprint.
                    // No memory map (`mmap_size`): it saves a `pread` per page the cache misses, but
                    // every mapped page counts in the process's RSS (64 MB instead of 44 MB after
                    // the benchmark's reads of 20,000 guidelines; docs/request-path.md).
                    try database.execute("PRAGMA query_only = 1; PRAGMA cache_size = -1024;")
                    try database.registerFullTextFunctions()
                    return KnowledgeReader(database: database, searchCache: searchCache)
                } catch {
                    opened -= 1
                    throw error
                }
            }
            condition.wait()
        }
    }

    private func checkIn(_ reader: KnowledgeReader) {
        condition.lock()
        idle.append(reader)
        condition.signal()
        condition.unlock()
    }
}
