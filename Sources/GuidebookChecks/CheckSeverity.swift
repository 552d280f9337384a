/// How much a finding matters: an `error` refuses approval unless a reviewer overrides it with a
/// reason; a `warning` is shown and counted, never blocking.
public enum CheckSeverity: String, Sendable, CaseIterable, Comparable {
    case error
    case warning

    public static func < (lhs: CheckSeverity, rhs: CheckSeverity) -> Bool {
        lhs == .error && rhs == .warning
    }
}
