/// Hands out unique names by suffixing repeats: "keep-moving", "keep-moving-2", "keep-moving-3".
struct UniqueNames: Sendable {
    private var used: Set<String>
    private var nextSuffix: [String: Int] = [:]

    /// Starts with `reserved` names already taken.
    init(reserved: Set<String> = []) {
        used = reserved
    }

    /// `base` if unused, else `base-2`, `base-3`, … (the first free one).
    mutating func claim(_ base: String) -> String {
        guard used.contains(base) else {
            used.insert(base)
            return base
        }
        var suffix = nextSuffix[base] ?? 2
        while used.contains("\(base)-\(suffix)") { suffix += 1 }
        let name = "\(base)-\(suffix)"
        nextSuffix[base] = suffix + 1
        used.insert(name)
        return name
    }
}
