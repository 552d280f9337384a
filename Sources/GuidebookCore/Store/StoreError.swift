/// Failures the store reports to its callers. The API maps each case to an HTTP status in one place.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No such resource (`kind` is "topic", "guideline", ...).
    case notFound(kind: String, id: String)
    /// Input that breaks a rule of the knowledge base; `field` names the offending part.
    case invalid(field: String, reason: String)
    /// The database was written by a newer Guidebook and this binary must not touch it.
    case schemaTooNew(found: Int, supported: Int)
    /// A migration file is malformed or missing.
    case badMigration(String)
    /// Another connection held the lock beyond the busy timeout; the request may simply be tried again.
    case busy
    /// Opening the database file needed its lock, and another connection held it for the whole busy timeout.
    case locked(path: String, milliseconds: Int)
    /// A stored value could not be read back as expected (a bug or a damaged file).
    case corrupt(String)
    /// An edit breaks the knowledge base's rules; every offending field is listed.
    case validation([InvalidField])
    /// The resource's version is not the one the write required (`If-Match`); `current` is its
    /// version now (nil: it does not exist).
    case preconditionFailed(current: String?)
    /// A resource with this id exists already (`kind` is "topic", "section", "guideline").
    case alreadyExists(kind: String, id: String)

    /// A write reached a read replica (`guidebook serve --replica`): writes go to the primary.
    case readOnlyReplica
    /// The replica's file does not exist yet (the first restore has not finished).
    case replicaMissing(path: String)
    /// The replica's file is still as the first restore left it (WAL mode): the follower has not
    /// applied an update yet, and opening it now would lock the follower out.
    case replicaNotYetFollowed(path: String)
    /// The replica's file cannot be read as a database (truncated, or not SQLite at all).
    case replicaUnreadable(path: String, reason: String)
    /// The replica's schema is older than this binary's: the primary has not been upgraded yet.
    case replicaSchemaOlder(found: Int, expected: Int)

    public var description: String {
        switch self {
        case .notFound(let kind, let id): return "no \(kind) with id '\(id)'"
        case .invalid(let field, let reason): return "\(field): \(reason)"
        case .schemaTooNew(let found, let supported):
            return "the database schema is version \(found), newer than this binary supports (\(supported)); upgrade Guidebook or use another database file"
        case .badMigration(let message): return "migration error: \(message)"
        case .busy: return "the database is busy; try again"
        case .locked(let path, let milliseconds):
            return "the database \(path) stayed locked by another connection for \(milliseconds) ms (the busy timeout) while it was being opened; try again when the other process's write (an import or a migration) has finished"
        case .corrupt(let message): return "unexpected stored data: \(message)"
        case .validation(let fields): return fields.map(\.description).joined(separator: "; ")
        case .preconditionFailed(let current):
            return current == nil ? "the resource does not exist" : "the resource has changed since the version the write was based on"
        case .alreadyExists(let kind, let id): return "a \(kind) with id '\(id)' exists already"
        case .readOnlyReplica: return "this server is a read replica; writes go to the primary"
        case .replicaMissing(let path):
            return "the replica file \(path) does not exist: it has never been restored (start `litestream restore -f -o \(path) URL` first)"
        case .replicaNotYetFollowed(let path):
            return "the replica file \(path) is not followed yet: `litestream restore -f` has not applied its first update (the primary's heartbeat brings one each second)"
        case .replicaUnreadable(let path, let reason): return "the replica file \(path) is not a readable database: \(reason)"
        case .replicaSchemaOlder(let found, let expected):
            return "the replica's schema is version \(found), older than this binary's (\(expected)); upgrade the primary first, then the replicas"
        }
    }
}
