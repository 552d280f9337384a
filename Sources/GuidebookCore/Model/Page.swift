/// One page of a list, with the sort key of its last item for the next page's cursor.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// The sort key to continue after, or nil on the last page.
    public var nextAfter: [Int64]?

    public init(items: [Item], nextAfter: [Int64]?) {
        self.items = items
        self.nextAfter = nextAfter
    }
}
