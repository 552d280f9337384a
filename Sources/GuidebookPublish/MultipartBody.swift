import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields and one file, as BookStack's and
/// Outline's import endpoints take them.
struct MultipartBody {
    let boundary = "guidebook-" + UUID().uuidString.lowercased()
    private(set) var bytes: [UInt8] = []

    var contentType: String { "multipart/form-data; boundary=" + boundary }

    mutating func field(_ name: String, _ value: String) {
        bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n\(value)\r\n".utf8)
    }

    mutating func file(_ name: String, filename: String, contentType: String, contents: [UInt8]) {
        bytes += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(filename))\"\r\n".utf8)
        bytes += Array("Content-Type: \(contentType)\r\n\r\n".utf8)
        bytes += contents
        bytes += Array("\r\n".utf8)
    }

    /// The body with its closing boundary.
    func finished() -> [UInt8] { bytes + Array("--\(boundary)--\r\n".utf8) }

    /// A name or file name inside quotes: quotes, backslashes and line breaks percent-encoded (RFC 7578 4.2).
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }
}
