import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A structured logger writing one JSON object per line to standard error.
/// A value type passed to whoever logs; no global state.
public struct Logger: Sendable {
    /// Severity, lowest first.
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case trace, debug, info, warning, error, critical

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Parses "info", "warning", ... (as set by GUIDEBOOK_LOG_LEVEL).
        public init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.name == name.lowercased() }) else {
                if name.lowercased() == "warn" { self = .warning; return }
                return nil
            }
            self = level
        }

        public var name: String {
            switch self {
            case .trace: return "trace"
            case .debug: return "debug"
            case .info: return "info"
            case .warning: return "warning"
            case .error: return "error"
            case .critical: return "critical"
            }
        }
    }

    /// The lowest level written.
    public var level: Level
    private let sink: LogSink

    /// A logger writing to file descriptor `fd` (2 = standard error).
    public init(level: Level, fd: Int32 = 2) {
        self.level = level
        self.sink = LogSink(fd: fd)
    }

    /// True when messages at `level` are written.
    public func isEnabled(_ level: Level) -> Bool { level >= self.level }

    /// Writes one line: time, level, message and the metadata fields in the order given.
    public func log(_ level: Level, _ message: String, _ fields: [(String, LogValue)] = []) {
        guard isEnabled(level) else { return }
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.field("time", Timestamp.now())
        json.field("level", level.name)
        json.field("msg", message)
        for (key, value) in fields {
            switch value {
            case .string(let text): json.field(key, text)
            case .int(let number): json.field(key, number)
            case .double(let number): json.field(key, (number * 1000).rounded() / 1000)
            }
        }
        json.endObject()
        var line = json.bytes
        line.append(0x0a)
        sink.write(line)
    }

    public func info(_ message: String, _ fields: [(String, LogValue)] = []) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: [(String, LogValue)] = []) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: [(String, LogValue)] = []) { log(.error, message, fields) }
    public func debug(_ message: String, _ fields: [(String, LogValue)] = []) { log(.debug, message, fields) }
}

/// A value in a log line.
public enum LogValue: Sendable {
    case string(String)
    case int(Int)
    case double(Double)
}

/// Writes whole lines with one `write(2)` each, so lines from different threads never interleave.
final class LogSink: Sendable {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 {
                    if n < 0 && errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }
}
