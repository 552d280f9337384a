import Foundation

/// Reads a translated file one unit at a time, in bounded memory: first its header, then each unit
/// until `nextUnit()` answers nil. A file that cannot be read at all throws a
/// `TranslationFileError` with its line and column; a unit that can be read but not taken carries
/// its `problem` instead, so that the whole file is checked.
public protocol TranslationFileReader: AnyObject {
    /// The file's header; read before the first unit.
    func header() throws -> TranslationFileHeader
    /// The next unit, or nil at the end of the file.
    func nextUnit() throws -> OfferedUnit?
    /// Bytes read so far (progress).
    var bytesRead: Int { get }
}

extension TranslationFileFormat {
    /// A reader of the file at `path` in this format; `locales` are the base's locale codes, to
    /// which an XLIFF 1.2 file's `<file>` elements must all resolve their languages alike.
    public func reader(path: String, locales: [String] = []) throws -> any TranslationFileReader {
        switch self {
        case .xliff2: try XLIFF2Reader(path: path)
        case .xliff12: try XLIFF12Reader(path: path, locales: locales)
        case .po: try POReader(path: path)
        }
    }

    /// The format of the file at `path`, judged from its first bytes: XML whose root is `xliff`
    /// with `version="2.…"` or `"1.…"`, otherwise PO. Nil when it is XML but no XLIFF this reads.
    public static func detect(path: String) -> TranslationFileFormat? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        let trimmed = head.drop { $0 == "\u{FEFF}" || $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        guard trimmed.hasPrefix("<") else { return .po }
        guard let root = trimmed.range(of: "<xliff") else { return nil }
        let tag = trimmed[root.upperBound...].prefix { $0 != ">" }
        if tag.contains("version=\"2.") || tag.contains("version='2.") { return .xliff2 }
        if tag.contains("version=\"1.") || tag.contains("version='1.") { return .xliff12 }
        return nil
    }
}
