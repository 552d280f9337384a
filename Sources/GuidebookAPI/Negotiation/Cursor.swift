import Foundation

/// Opaque pagination cursors: the sort key of the last item seen, tagged with the list it belongs to.
/// Clients pass them back unchanged; their content is not part of the API.
public enum Cursor {
    /// Encodes a sort key for `list` ("topics", "guidelines:topic", ...).
    public static func encode(_ key: [Int64], list: String) -> String {
        let text = list + "|" + key.map(String.init).joined(separator: ",")
        // base64url without padding, rewritten byte by byte (every search page makes one; going
        // through `Character`s cost more than the search's JSON fields around it).
        let base64 = Data(text.utf8).base64EncodedString()
        var url: [UInt8] = []
        url.reserveCapacity(base64.utf8.count)
        for byte in base64.utf8 {
            switch byte {
            case UInt8(ascii: "+"): url.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): url.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: url.append(byte)
            }
        }
        return String(decoding: url, as: UTF8.self)
    }

    /// Decodes a cursor made by `encode` for the same list; anything else is a 400 problem.
    public static func decode(_ cursor: String, list: String, count: Int) throws -> [Int64] {
        let invalid = Problem.badParameter("cursor", "the cursor is not valid for this list; use the `next` link of a previous page")
        guard cursor.count <= 512 else { throw invalid }
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { throw invalid }
        let parts = text.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == list else { throw invalid }
        let values = parts[1].split(separator: ",").map { Int64($0) }
        guard values.count == count, values.allSatisfy({ $0 != nil }) else { throw invalid }
        return values.compactMap { $0 }
    }
}
