import Foundation
import GuidebookCore

/// The lines of a file read and decoded on a thread of their own, a few lines ahead of the caller
/// that applies them.
///
/// Decoding an NDJSON record (Foundation's `JSONDecoder`) is about 8% of an import's CPU, and the
/// writer did it between its SQLite writes; now it is done beside them, on another core. The caller
/// sees what `LineReader.forEachLine` and `decode` give, in the same order, and an error (of the
/// file or of `decode`) where it happened, after every line before it. When the caller stops early
/// (an error of its own, a cancelled job), the reading thread stops at its next line and is waited
/// for before `forEachLine` returns: nothing reads the file after it.
///
/// While `foreground` has seen a request lately, the reading thread only reads, and the caller
/// decodes: a second busy thread kept requests waiting for a core on a two-core machine
/// (`ForegroundActivity`).
final class PrefetchedLines<Value: Sendable>: @unchecked Sendable {
    private enum Item {
        case line(number: Int, value: Value)
        /// A line left for the caller to decode.
        case undecoded(number: Int, bytes: [UInt8])
        case failure(any Error)
        case end
    }

    /// Thrown inside the reading thread when the caller has stopped taking lines.
    private struct Stopped: Error {}

    /// Decoded lines held ahead of the caller at most (a record is a topic with its guidelines).
    static var defaultCapacity: Int { 32 }

    private let capacity: Int
    // All below under `condition`.
    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var stopped = false
    private var finished = false

    private init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Calls `body` with each line's number (from 1) and what `decode` made of its bytes, in the
    /// file's order; `decode` runs on another thread, up to `capacity` lines ahead (on the
    /// caller's while `foreground` has seen a request lately).
    static func forEachLine(path: String, capacity: Int = defaultCapacity, foreground: ForegroundActivity? = nil,
                            decode: @escaping @Sendable (Int, [UInt8]) throws -> Value,
                            _ body: (Int, Value) throws -> Void) throws {
        let lines = PrefetchedLines(capacity: capacity)
        let reader = Thread { lines.read(path: path, foreground: foreground, decode: decode) }
        reader.name = "guidebook-import-reader"
        reader.start()
        defer { lines.stopAndWait() }
        while true {
            switch lines.take() {
            case .line(let number, let value): try body(number, value)
            case .undecoded(let number, let bytes): try body(number, try decode(number, bytes))
            case .failure(let error): throw error
            case .end: return
            }
        }
    }

    /// The reading thread: every line decoded and handed over, then the end or the first error.
    private func read(path: String, foreground: ForegroundActivity?, decode: (Int, [UInt8]) throws -> Value) {
        do {
            try LineReader.forEachLine(path: path) { number, bytes in
                if foreground?.isRecent == true {
                    guard put(.undecoded(number: number, bytes: bytes)) else { throw Stopped() }
                    return
                }
                let item: Item
                do {
                    item = .line(number: number, value: try decode(number, bytes))
                } catch {
                    put(.failure(error))
                    throw Stopped()
                }
                guard put(item) else { throw Stopped() }
            }
            put(.end)
        } catch is Stopped {
        } catch {
            put(.failure(error))
        }
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Hands `item` over, waiting while `capacity` items are waiting; false once the caller stopped.
    @discardableResult
    private func put(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count - head >= capacity, !stopped { condition.wait() }
        guard !stopped else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    private func take() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while items.count == head { condition.wait() }
        let item = items[head]
        head += 1
        // Taken items are dropped in batches, so a long file keeps no more than about `capacity`.
        if head >= capacity {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// Tells the reading thread to stop and waits until it has.
    private func stopAndWait() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while !finished { condition.wait() }
        items.removeAll()
        condition.unlock()
    }
}
