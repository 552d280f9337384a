import Foundation
import GuidebookBase
internal import SQLite

/// Loads the seed knowledge base (`Seed/*.json`) into an empty database, once.
public struct SeedLoader {
    /// The folder holding the seed bundles.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Every `*.json` bundle in the folder, in file-name order, merged into one.
    public func bundle() throws -> KnowledgeBundle {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw StoreError.invalid(field: "seed", reason: "cannot read the seed folder \(directory)")
        }
        var merged = KnowledgeBundle()
        for name in names {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                throw StoreError.invalid(field: "seed/\(name)", reason: "cannot be read")
            }
            do {
                merged.append(try BundleCodec.decode(data))
            } catch let StoreError.invalid(field, reason) {
                throw StoreError.invalid(field: "seed/\(name): \(field)", reason: reason)
            }
        }
        return merged
    }

    /// Loads the seed when the knowledge base has no topics and no seed was loaded before.
    /// Returns the counts, or nil when nothing was loaded. When several processes start on the same
    /// new file at once, exactly one of them loads it: the decision is taken again inside the write
    /// transaction, so the others find the seed there. A lock held by another process beyond the
    /// busy timeout is `StoreError.locked`.
    @discardableResult
    public func loadIfEmpty(into store: Store) throws -> ImportCounts? {
        // A read first, so that the usual start (long since seeded) takes no write lock and parses no bundle.
        guard try store.read({ try Self.isUnseeded($0.database) }) else { return nil }
        let bundle = try bundle()
        return try store.reportingLock {
            try store.write { writer in
                guard try Self.isUnseeded(writer.database) else { return nil }
                let counts = try writer.apply(bundle)
                try MetaTable(database: writer.database).set(MetaTable.seedLoadedAt, to: Timestamp.now())
                return counts
            }
        }
    }

    /// True when the knowledge base has no topics and was never seeded.
    private static func isUnseeded(_ database: Database) throws -> Bool {
        try database.scalarInt("SELECT EXISTS (SELECT 1 FROM topics)") == 0 && MetaTable(database: database).value(MetaTable.seedLoadedAt) == nil
    }
}
