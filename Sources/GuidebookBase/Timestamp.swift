import Foundation

/// RFC 3339 timestamps in UTC with millisecond precision, as stored and served.
public enum Timestamp {
    /// The current time as text, e.g. "2026-11-29T19:30:00.123Z".
    public static func now() -> String { format(Date()) }

    /// Formats a date.
    public static func format(_ date: Date) -> String {
        var time = Int(date.timeIntervalSince1970 * 1000)
        let millis = time % 1000
        time /= 1000
        var t = time_t(time)
        var parts = tm()
        gmtime_r(&t, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(millis), 3))Z"
    }
}
