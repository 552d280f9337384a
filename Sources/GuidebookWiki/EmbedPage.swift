/// A standalone HTML page made to be shown in an iframe (a wiki's embed): the HTML fragment of a
/// topic or guideline, its own small stylesheet (light and dark through `prefers-color-scheme`, or
/// one of them when asked), and a link at the bottom that opens the full topic. No script, nothing
/// loaded from elsewhere; the stylesheet is the page's only style, so a Content-Security-Policy can
/// allow it by its hash alone.
public enum EmbedPage {
    /// The appearance: the reader's (`auto`) or one chosen by the embedding page.
    public enum Theme: String, Sendable, CaseIterable {
        case auto, light, dark
    }

    /// The content of the page's `<style>` element (the policy names its SHA-256).
    public static let stylesheet = """
        :root{color-scheme:light dark;--bg:#ffffff;--fg:#1d1d1f;--muted:#4b4b53;--rule:#d4d4d8;--link:#0b57d0}\
        @media (prefers-color-scheme:dark){:root:not(.light){--bg:#1c1c1e;--fg:#f2f2f7;--muted:#b9b9c1;--rule:#48484f;--link:#8ab4f8}}\
        :root.light{color-scheme:light}\
        :root.dark{color-scheme:dark;--bg:#1c1c1e;--fg:#f2f2f7;--muted:#b9b9c1;--rule:#48484f;--link:#8ab4f8}\
        html{background:var(--bg);color:var(--fg)}\
        body{margin:0;padding:16px 20px;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans KR","Apple SD Gothic Neo",sans-serif}\
        h1{font-size:1.35em;line-height:1.3;margin:0 0 .5em}h2{font-size:1.1em;margin:1.4em 0 .4em}\
        ul{padding-left:1.3em}li{margin:.4em 0}li>p,blockquote p{margin:0}\
        blockquote{margin:.3em 0 .6em;padding-left:.8em;border-left:3px solid var(--rule);color:var(--muted)}\
        footer{margin-top:1.2em;padding-top:.6em;border-top:1px solid var(--rule);font-size:.9em}\
        a{color:var(--link)}
        """

    /// The page: `document` as an HTML fragment with `title`, in `theme`, and a link to
    /// `fullTopic` (a path on the Guidebook server) that opens in a new browsing context.
    /// `preview`, when given, adds the Open Graph, Twitter and oEmbed discovery tags to its head.
    public static func render(_ document: WikiDocument, title: String, theme: Theme, fullTopic: String, preview: LinkPreview? = nil) -> [UInt8] {
        let lang = document.languages.primary
        var out: [UInt8] = []
        out.reserveCapacity(8192)
        out.append(contentsOf: "<!DOCTYPE html>\n<html lang=\"".utf8)
        HTMLFragmentRenderer.appendEscaped(lang, to: &out)
        out.append(UInt8(ascii: "\""))
        if theme != .auto { out.append(contentsOf: " class=\"\(theme.rawValue)\"".utf8) }
        out.append(contentsOf: ">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n".utf8)
        out.append(contentsOf: "<meta name=\"color-scheme\" content=\"light dark\">\n".utf8)
        if let preview { out.append(contentsOf: preview.headTags) }
        out.append(contentsOf: "<title>".utf8)
        HTMLFragmentRenderer.appendEscaped(title, to: &out)
        out.append(contentsOf: "</title>\n<style>".utf8)
        out.append(contentsOf: stylesheet.utf8)
        out.append(contentsOf: "</style>\n</head>\n<body>\n".utf8)
        HTMLFragmentRenderer.render(document, into: &out)
        out.append(contentsOf: "<footer><a href=\"".utf8)
        HTMLFragmentRenderer.appendEscaped(fullTopic, to: &out)
        out.append(contentsOf: "\" target=\"_blank\" rel=\"noopener noreferrer\">".utf8)
        HTMLFragmentRenderer.appendEscaped(openLabel(lang), to: &out)
        out.append(contentsOf: "</a></footer>\n</body>\n</html>\n".utf8)
        return out
    }

    /// The link's text in the page's language.
    static func openLabel(_ locale: String) -> String {
        locale == "ko" ? "Guidebook에서 전체 주제 보기 →" : "Open the full topic in Guidebook →"
    }
}
