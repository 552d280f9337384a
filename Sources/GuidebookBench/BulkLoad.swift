import Foundation
import GuidebookCore
import GuidebookImport
#if canImport(Glibc)
import Glibc
#endif

/// `guidebook-bench bulk-load`: our own writer alone, so that the job's overhead over it shows.
/// It shares the importer's code, so it is no engine limit; `reference-load` is.
///
/// Creates a fresh database with the migrations (not timed), then decodes every NDJSON line and
/// applies it with `KnowledgeWriter` inside ONE `Store.write` transaction — what the importer does,
/// without the job, the upload, the line-counting pass or progress reports. The time includes
/// the commit (and the WAL checkpoint SQLite runs after it).
///
/// Output, tab-separated: `bulk-load`, seconds, guidelines, guidelines/s, peak RSS (kB), CPU seconds
/// (user + system over the timed part).
struct BulkLoad {
    let arguments: Arguments

    func run() throws -> Int32 {
        let path = try arguments.string("--db")
        let file = try arguments.string("--file")
        let migrations = try Migration.load(from: try arguments.string("--migrations"))
        guard !FileManager.default.fileExists(atPath: path) else { throw BenchError("\(path) exists; bulk-load wants a fresh database") }
        guard FileManager.default.fileExists(atPath: file) else { throw BenchError("no such file: \(file)") }
        let store = try Store(path: path, migrations: migrations, maxReaders: 1)

        let cpuStarted = LatencyStats.cpuSeconds()
        let started = LatencyStats.now()
        let counts = try store.write { writer -> ImportCounts in
            let decoder = JSONDecoder()
            var counts = ImportCounts()
            try Self.forEachLine(path: file) { line in
                guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }) else { return }
                switch try decoder.decode(NDJSONRecord.self, from: Data(line)) {
                case .locale(let locale): try writer.upsertLocale(locale)
                case .category(let category): try writer.upsertCategory(category)
                case .topic(let topic): counts += try writer.upsertTopic(topic, mode: .merge)
                case .glossary(let entry): try writer.upsertGlossaryEntry(entry)
                }
            }
            return counts
        }
        let seconds = Double(LatencyStats.now() - started) / 1e9
        let cpu = LatencyStats.cpuSeconds() - cpuStarted
        let guidelines = counts.guidelines.created + counts.guidelines.updated + counts.guidelines.unchanged
        print(["bulk-load", String(format: "%.3f", seconds), String(guidelines), String(format: "%.0f", Double(guidelines) / seconds),
               String(LatencyStats.peakRSSKilobytes()), String(format: "%.3f", cpu)].joined(separator: "\t"))
        return 0
    }

    /// Calls `body` with each line of `path` (without the newline), reading 256 KiB at a time.
    static func forEachLine(path: String, _ body: ([UInt8]) throws -> Void) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError("cannot open \(path)") }
        defer { close(fd) }
        let size = 256 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        var pending: [UInt8] = []
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, size) }
            if n < 0 {
                if errno == EINTR { continue }
                throw BenchError("cannot read \(path)")
            }
            if n == 0 { break }
            var start = 0
            while let newline = buffer[start..<n].firstIndex(of: 0x0a) {
                pending.append(contentsOf: buffer[start..<newline])
                try body(pending)
                pending.removeAll(keepingCapacity: true)
                start = newline + 1
            }
            pending.append(contentsOf: buffer[start..<n])
        }
        if !pending.isEmpty { try body(pending) }
    }
}
