/// The layouts the export writes: the plain Git-ready tree, and one per wiki, each exactly as that
/// wiki reads it (docs/wiki.md has a recipe per wiki).
public enum WikiLayout: String, CaseIterable, Sendable {
    /// `<locale>/<category>/<topic>.md` and `<locale>/index.md` (GitLab, Gitea and GitHub wikis).
    case markdown
    /// Wiki.js Git storage: English at the root, other locales under `<locale>/`, Wiki.js's own front matter.
    case wikijs
    /// MkDocs with `mkdocs-static-i18n` (suffix structure): `docs/…/page.ko.md` beside `page.md`, and `mkdocs.yml`.
    case mkdocs
    /// Docusaurus: `docs/guidebook/…`, Korean under `i18n/ko/docusaurus-plugin-content-docs/current/…`.
    case docusaurus
    /// BookStack Portable ZIP: one book per locale (`guidebook-<locale>.zip`).
    case bookstack

    /// The names `--format` and `format=` take, for messages.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
