import GuidebookCore

/// What a link to a topic or a guideline shows when it is pasted into a wiki or a chat: Open Graph
/// and Twitter card tags (`og:title`, `og:description`, `og:locale` with `og:locale:alternate`)
/// and the oEmbed discovery link (`<link rel="alternate" type="application/json+oembed">`), which
/// Iframely (Outline's previews) and other oEmbed consumers read. Every text is escaped.
public struct LinkPreview: Sendable, Equatable {
    public let title: String
    public let description: String
    /// The locale the texts are in, and the others the page is available in.
    public let locale: String
    public let alternates: [String]
    /// The page's absolute URL (`og:url`, and what the oEmbed link asks about).
    public let pageURL: String
    /// The origin the oEmbed endpoint is reached at (`https://guidebook.example.com`).
    public let origin: String

    public init(title: String, description: String, locale: String, alternates: [String], pageURL: String, origin: String) {
        self.title = title
        self.description = Self.shortened(WikiRun.normalize(description))
        self.locale = locale
        self.alternates = alternates.filter { $0 != locale }
        self.pageURL = pageURL
        self.origin = origin
    }

    /// The preview of a topic in `languages.primary`.
    public static func topic(_ topic: TopicSummary, languages: RenderLanguages, available: [String], pageURL: String, origin: String) -> LinkPreview {
        LinkPreview(title: languages.title(topic.title) ?? topic.slug, description: languages.title(topic.summary) ?? "",
                    locale: languages.primary, alternates: available, pageURL: pageURL, origin: origin)
    }

    /// The preview of a guideline: its topic's title, and its text as the description.
    public static func guideline(_ guideline: Guideline, topicTitle: LocalizedText, languages: RenderLanguages, available: [String],
                                 pageURL: String, origin: String) -> LinkPreview {
        LinkPreview(title: languages.title(topicTitle) ?? guideline.topic, description: languages.title(guideline.text) ?? "",
                    locale: languages.primary, alternates: available, pageURL: pageURL, origin: origin)
    }

    /// The oEmbed URL that describes the page (JSON).
    public var oEmbedURL: String {
        origin + "/oembed?url=" + Self.percentEncoded(pageURL) + "&format=json&lang=" + Self.percentEncoded(locale)
    }

    /// `og:locale`'s form of a locale code: `en_US`, `ko_KR`, else the code with `_` for `-`.
    public static func ogLocale(_ code: String) -> String {
        switch code {
        case "en": return "en_US"
        case "ko": return "ko_KR"
        default:
            let parts = code.split(separator: "-")
            guard parts.count == 2 else { return code }
            return parts[0] + "_" + parts[1].uppercased()
        }
    }

    /// The tags for a page's `<head>`, one per line.
    public var headTags: [UInt8] {
        var out: [UInt8] = []
        func meta(_ attribute: String, _ name: String, _ content: String) {
            out += Array("<meta \(attribute)=\"\(name)\" content=\"".utf8)
            HTMLFragmentRenderer.appendEscaped(content, to: &out)
            out += Array("\">\n".utf8)
        }
        meta("name", "description", description)
        meta("property", "og:type", "article")
        meta("property", "og:site_name", "Guidebook")
        meta("property", "og:title", title)
        meta("property", "og:description", description)
        meta("property", "og:url", pageURL)
        meta("property", "og:locale", Self.ogLocale(locale))
        for alternate in alternates { meta("property", "og:locale:alternate", Self.ogLocale(alternate)) }
        meta("name", "twitter:card", "summary")
        meta("name", "twitter:title", title)
        meta("name", "twitter:description", description)
        out += Array("<link rel=\"alternate\" type=\"application/json+oembed\" href=\"".utf8)
        HTMLFragmentRenderer.appendEscaped(oEmbedURL, to: &out)
        out += Array("\" title=\"".utf8)
        HTMLFragmentRenderer.appendEscaped(title, to: &out)
        out += Array("\">\n".utf8)
        return out
    }

    /// At most 300 characters, cut at a word with an ellipsis.
    static func shortened(_ text: String) -> String {
        guard text.count > 300 else { return text }
        let cut = text.prefix(297)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "…"
    }

    /// `text` for a query value: unreserved characters as they are, the rest percent-encoded.
    public static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
