import Archive
import Foundation

/// The web page's files, embedded in the binary by SwiftPM (`resources: [.embedInCode(...)]`), so
/// the server needs no folder of assets at run time and the page cannot drift from the binary.
///
/// Each asset is served under a fingerprinted path (`/assets/app.1f2e3d4c5b6a7988.js`) that changes
/// whenever its bytes do, so browsers may keep it for a year; the HTML shell, which names those
/// paths, is revalidated on every load.
public struct WebAsset: Sendable {
    /// The file name in `Resources/` ("app.js").
    public let name: String
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The `Content-Type` to serve it with.
    public let contentType: String
    /// 16 hex digits that change whenever the bytes do.
    public let fingerprint: String
    /// The bytes gzip-compressed, or nil when that does not make them smaller.
    public let gzipped: [UInt8]?

    /// The fingerprinted name: "app.js" becomes "app.<fingerprint>.js".
    public var fingerprintedName: String {
        guard let dot = name.lastIndex(of: ".") else { return name + "." + fingerprint }
        return String(name[..<dot]) + "." + fingerprint + String(name[dot...])
    }

    /// Where the page loads it from.
    public var path: String { WebAssets.assetPrefix + fingerprintedName }

    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        self.contentType = Self.contentType(of: name)
        self.fingerprint = Fingerprint.hex(bytes)
        self.gzipped = WebAssets.gzip(bytes)
    }

    static func contentType(of name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        return "application/octet-stream"
    }
}

/// The page: its HTML shell and the assets the shell loads.
public enum WebAssets {
    /// The path prefix of every asset.
    public static let assetPrefix = "/assets/"

    /// The page's scripts after `prefs.js`, in the order they run: each builds on the ones before.
    /// They are served as one file, `guidebook.js`, so the first load waits for one request, not ten.
    public static let scripts: [(name: String, bytes: [UInt8])] = [
        ("dom.js", PackageResources.dom_js),
        ("i18n.js", PackageResources.i18n_js),
        ("api.js", PackageResources.api_js),
        ("session.js", PackageResources.session_js),
        ("browse.js", PackageResources.browse_js),
        ("edit.js", PackageResources.edit_js),
        ("corrections.js", PackageResources.corrections_js),
        ("search.js", PackageResources.search_js),
        ("imports.js", PackageResources.imports_js),
        ("translators.js", PackageResources.translators_js),
        ("translate.js", PackageResources.translate_js),
        ("checks.js", PackageResources.checks_js),
        ("app.js", PackageResources.app_js),
    ]

    /// The assets the shell loads.
    public static let assets: [WebAsset] = [
        WebAsset(name: "app.css", bytes: PackageResources.app_css),
        WebAsset(name: "icon.svg", bytes: PackageResources.icon_svg),
        // Runs before the first paint (a blocking script in <head>) to apply the remembered theme.
        WebAsset(name: "prefs.js", bytes: PackageResources.prefs_js),
        WebAsset(name: "guidebook.js", bytes: bundle(scripts)),
    ]

    /// The files one after the other, each introduced by a comment naming it.
    static func bundle(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        files.flatMap { Array("/* \($0.name) */\n".utf8) + $0.bytes + Array("\n".utf8) }
    }

    /// The HTML shell every page address answers with: `index.html` with each `/assets/NAME`
    /// reference replaced by the asset's fingerprinted path.
    public static let shell: [UInt8] = {
        var html = String(decoding: PackageResources.index_html, as: UTF8.self)
        for asset in assets {
            let plain = "\"" + assetPrefix + asset.name + "\""
            precondition(html.contains(plain), "index.html does not load \(asset.name)")
            html = html.replacingOccurrences(of: plain, with: "\"" + asset.path + "\"")
        }
        return Array(html.utf8)
    }()

    /// The shell a read replica answers with: the same page, marked read-only (`data-replica` on
    /// `body`, which the session script reads: nobody can edit there), with a notice at the top
    /// naming the primary where edits are made (when its URL is known). Also gzipped.
    public static func replicaShell(primaryURL: String?) -> (bytes: [UInt8], gzipped: [UInt8]?) {
        let html = String(decoding: shell, as: UTF8.self)
        let escaped = primaryURL.map(escapeHTML)
        let notice = "<p class=\"replica-notice\" role=\"status\">This is a read-only copy of the guidebook. "
            + (escaped.map { "To edit, go to the primary: <a href=\"\($0)\">\($0)</a>" } ?? "Edits are made on the primary server.")
            + "</p>"
        let body = "<body data-replica=\"true\"" + (escaped.map { " data-primary=\"\($0)\"" } ?? "") + ">\n" + notice
        precondition(html.contains("<body>"), "index.html has no <body>")
        let bytes = Array(html.replacingOccurrences(of: "<body>", with: body).utf8)
        return (bytes, gzip(bytes))
    }

    private static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The shell gzip-compressed (nil if that failed).
    public static let shellGzipped: [UInt8]? = gzip(shell)

    /// `bytes` as gzip, or nil when compressing fails or does not make them smaller.
    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        guard let compressed = try? Gzip.compress(bytes), compressed.count < bytes.count else { return nil }
        return compressed
    }

    /// The shell's `Content-Type`.
    public static let shellContentType = "text/html; charset=utf-8"

    private static let byFingerprintedName: [String: WebAsset] = Dictionary(uniqueKeysWithValues: assets.map { ($0.fingerprintedName, $0) })

    /// The asset whose fingerprinted name is `name`, or nil (an unknown name, or an old fingerprint).
    public static func asset(fingerprintedName name: String) -> WebAsset? {
        byFingerprintedName[name]
    }
}

/// 64-bit FNV-1a of the bytes as 16 hex digits: enough to tell versions of a file apart (this
/// target must not depend on the store, where the project's other content hash lives).
enum Fingerprint {
    static func hex(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
