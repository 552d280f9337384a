/// The findings one write operation added, by topic, locale and check, counted into
/// `translation_finding_counts` when it ends (`FindingsTable.count`): one upsert for each instead
/// of a trigger for every row, which was half of what writing a finding cost.
struct AddedFindings {
    /// Where a finding is counted: its topic (0: the whole knowledge base), its locale and check.
    struct Key: Hashable {
        var topic: Int
        var locale: String
        var check: String
    }

    private(set) var counts: [Key: Int] = [:]

    /// One finding more in `topic`, and in the whole knowledge base.
    mutating func add(topic: Int, locale: String, check: String) {
        counts[Key(topic: topic, locale: locale, check: check), default: 0] += 1
        counts[Key(topic: 0, locale: locale, check: check), default: 0] += 1
    }
}
