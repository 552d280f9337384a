import Foundation

/// The state file a Git publish keeps in the repository, `.guidebook-publish.json`: the layout and
/// the last change-log sequence number published, so the next run renders only what changed since.
public struct PublishState: Sendable, Equatable, Codable {
    /// The file's name at the repository's root.
    public static let fileName = ".guidebook-publish.json"

    public var layout: String
    /// The `seq` of the newest change-log entry the published files reflect.
    public var cursor: Int64

    public init(layout: String, cursor: Int64) {
        self.layout = layout
        self.cursor = cursor
    }

    /// The state in `directory`, nil when there is none or it cannot be read (a full render follows).
    static func read(in directory: String) -> PublishState? {
        guard let data = FileManager.default.contents(atPath: directory + "/" + fileName) else { return nil }
        return try? JSONDecoder().decode(PublishState.self, from: data)
    }

    /// The file's bytes: sorted keys, one line.
    var bytes: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
