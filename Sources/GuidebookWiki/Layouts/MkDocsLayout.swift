import GuidebookCore

/// MkDocs with `mkdocs-static-i18n` in its suffix structure: `docs/<category>/<topic>.md` in the
/// source language and `docs/<category>/<topic>.<locale>.md` beside it, `docs/index.md` (and
/// `index.<locale>.md`) listing every topic, and an `mkdocs.yml` that names the languages, the
/// navigation in display order and each category's title per language (`nav_translations`).
/// Links are relative file links (`controls/sheets.md`), which MkDocs checks and the plugin points
/// at the page of the same language.
///
/// Every translated page exists, so every page is built in every language; where English stands
/// in, the page starts with an admonition that says so and its front matter has `fallback: true`.
/// Texts are escaped for Python-Markdown, MkDocs' parser (`PythonMarkdownEscaping`), not for
/// CommonMark: it shows a backslash before anything but its own few escapes.
/// `mkdocs.yml` is the export's: settings of your own go in a file that starts with
/// `INHERIT: mkdocs.yml` (docs/wiki.md).
final class MkDocsLayout: LayoutWriter {
    var rendersEveryTopic: Bool { false }

    static func file(_ topic: TopicSummary) -> String {
        PathName.of(topic.category) + "/" + PathName.of(topic.slug)
    }

    static func suffix(_ locale: String, plan: LayoutPlan) -> String {
        locale == plan.source ? ".md" : "." + locale + ".md"
    }

    func pagePaths(of topic: TopicSummary, plan: LayoutPlan) -> [String] {
        plan.locales.map { "docs/" + Self.file(topic) + Self.suffix($0, plan: plan) }
    }

    func pages(of topic: Topic, plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws {
        for (locale, path) in zip(plan.locales, pagePaths(of: topic.summary, plan: plan)) {
            let page = LocalizedPage(topic, locale: locale, source: plan.source, dialect: .pythonMarkdown)
            let front = FrontMatter([
                ("title", .string(page.title)),
                ("description", .string(page.description)),
                ("date", .timestamp(page.changed)),
                ("guidebook_id", .string(topic.summary.slug)),
                ("fallback", .bool(page.isFallback)),
            ])
            var bytes = Array(front.text.utf8) + [UInt8(ascii: "\n")]
            if page.isFallback {
                bytes += Array("!!! note \(FrontMatter.quoted(Self.noteTitle(locale)))\n\n    \(LocalizedPage.fallbackNoteMarkdown(locale, dialect: .pythonMarkdown))\n\n".utf8)
            }
            bytes += page.body
            try emit(ExportFile(path: path, contents: bytes, modified: MarkdownExport.unixSeconds(page.changed)))
        }
    }

    /// The fallback admonition's title.
    static func noteTitle(_ locale: String) -> String { locale == "ko" ? "번역 안내" : "Translation" }

    func siteFiles(plan: LayoutPlan, emit: (ExportFile) throws -> Void) throws {
        let modified = MarkdownExport.unixSeconds(plan.newestChange)
        for locale in plan.locales {
            let labels = plan.indexLabels(locale)
            let front = FrontMatter([("title", .string(labels.title)), ("description", .string(labels.description))])
            let body = plan.indexBody(locale: locale, dialect: .pythonMarkdown) { Self.file($0) + ".md" }
            try emit(ExportFile(path: "docs/index" + Self.suffix(locale, plan: plan), contents: Array(front.text.utf8) + [UInt8(ascii: "\n")] + body,
                                modified: modified))
        }
        try emit(ExportFile(path: "mkdocs.yml", contents: Array(configuration(plan).utf8), modified: modified))
    }

    /// `mkdocs.yml`: every string a YAML double-quoted scalar, so no title can change its structure.
    func configuration(_ plan: LayoutPlan) -> String {
        let q = FrontMatter.quoted
        var lines = [
            "# Written by `guidebook export --format mkdocs`, which rewrites it on every export.",
            "# Settings of your own go in a file of your own that starts with `INHERIT: mkdocs.yml`.",
            "site_name: " + q(plan.indexLabels(plan.source).title),
            "docs_dir: docs",
            "theme:",
            "  name: mkdocs",
            "markdown_extensions:",
            "  - admonition",
            "plugins:",
            "  - i18n:",
            "      docs_structure: suffix",
            "      fallback_to_default: true",
            "      reconfigure_search: false",
            "      languages:",
        ]
        for locale in plan.locales {
            lines.append("        - locale: " + locale)
            lines.append("          name: " + q(plan.localeNames[locale] ?? locale))
            lines.append("          build: true")
            if locale == plan.source {
                lines.append("          default: true")
                continue
            }
            lines.append("          site_name: " + q(plan.indexLabels(locale).title))
            var translations: [String] = []
            var seen = Set<String>()
            for (category, _) in plan.topicsByCategory {
                let english = plan.title(of: category, in: plan.source), translated = plan.title(of: category, in: locale)
                if english != translated, seen.insert(english).inserted { translations.append("            " + q(english) + ": " + q(translated)) }
            }
            if !translations.isEmpty { lines.append("          nav_translations:"); lines += translations }
        }
        lines.append("nav:")
        lines.append("  - index.md")
        for (category, topics) in plan.topicsByCategory {
            lines.append("  - " + q(plan.title(of: category, in: plan.source)) + ":")
            for topic in topics { lines.append("      - " + q(Self.file(topic) + ".md")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
