// swift-tools-version:6.0
import PackageDescription

/// A C library found with pkg-config, from the Debian package `apt` (`make deps` installs them).
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "Guidebook",
    products: [
        .executable(name: "guidebook", targets: ["guidebook"]),
    ],
    targets: [
        // C libraries, seen only by the thin wrappers below.
        systemLibrary("CSQLite", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
        systemLibrary("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: "libmicrohttpd-dev"),
        // GnuTLS, for SHA-256, HMAC and secure random bytes (behind the Crypto wrapper).
        systemLibrary("CGnuTLS", pkgConfig: "gnutls", apt: "libgnutls28-dev"),
        // libcurl, for webhook deliveries (behind the HTTPClient wrapper).
        systemLibrary("CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev"),
        // zlib, for gzip-compressing the web page's files once at start (behind the Archive wrapper).
        systemLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev"),
        // Brotli's encoder, for answers sent with `Content-Encoding: br` (behind the Archive wrapper).
        systemLibrary("CBrotli", pkgConfig: "libbrotlienc", apt: "libbrotli-dev"),
        // cmark, the CommonMark reference implementation, for comments (behind the CommonMark wrapper).
        systemLibrary("CCMark", pkgConfig: "libcmark", apt: "libcmark-dev"),

        // Thin Swift wrappers that own the C handles.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        // SHA-256, HMAC-SHA256 and secure random bytes from GnuTLS (tokens, webhook signatures).
        .target(name: "Crypto", dependencies: ["CGnuTLS"]),
        // Outgoing HTTP (libcurl) with every connection's address checked against a policy.
        .target(name: "HTTPClient", dependencies: ["CCurl"]),
        // Markdown rendered to HTML by cmark in its safe mode (comments).
        .target(name: "CommonMark", dependencies: ["CCMark"]),
        // zlib's deflate behind one class, and the gzip, tar and zip writers on it (the page's
        // gzipped files, the Markdown export as an archive, gzip answers); whole buffers in one call
        // (the stored search vocabulary); Brotli for br answers.
        .target(name: "Archive", dependencies: ["CZlib", "CBrotli"]),

        // What every target may use, as swift-log is used everywhere: the structured logger, the
        // JSON writer it and the API write with, RFC 3339 timestamps, and the long-running
        // service's life cycle with the ordered shutdown (`Service`, `ServiceGroup`). No dependencies.
        .target(name: "GuidebookBase"),
        // Bilingual text: scripts, Hangul, CJK bigrams, Korean particles, English stemming, trimming.
        .target(name: "GuidebookText"),
        // Quality checks of a translation against its source (placeholders, Markdown, punctuation,
        // length, Korean particle agreement): pure functions of the texts, no store.
        .target(name: "GuidebookChecks", dependencies: ["GuidebookText"]),
        // The store: schema, migrations, knowledge base, search. Knows nothing of HTTP. (Archive:
        // zlib for the stored search vocabulary.)
        .target(name: "GuidebookCore", dependencies: ["Archive", "GuidebookBase", "GuidebookChecks", "GuidebookText", "SQLite"]),
        // The notes parser: bilingual plain-text study notes into a bundle (no store, no SQLite).
        .target(name: "GuidebookNotes", dependencies: ["GuidebookCore", "GuidebookText"]),
        // The job runner: a durable queue of cancelable jobs with live progress, each run by the
        // injected work of its kind; the jobs store (its own SQLite file).
        .target(name: "GuidebookJobs", dependencies: ["GuidebookBase", "GuidebookCore", "SQLite"]),
        // Importers: bundle JSON, NDJSON and bilingual plain-text notes; the import as job work.
        .target(name: "GuidebookImport", dependencies: ["GuidebookChecks", "GuidebookCore", "GuidebookJobs", "GuidebookNotes", "GuidebookTranslationFiles"]),
        // Webhooks: signing (Standard Webhooks), the retry schedule, URL checks and the sender thread.
        .target(name: "GuidebookWebhooks", dependencies: ["GuidebookBase", "GuidebookCore", "Crypto", "HTTPClient"]),
        // The web page's HTML, CSS and JavaScript, embedded in the binary (no SQLite, no store).
        .target(name: "GuidebookWeb", dependencies: ["Archive"], resources: [
            .embedInCode("Resources/index.html"), .embedInCode("Resources/app.css"), .embedInCode("Resources/icon.svg"),
            .embedInCode("Resources/prefs.js"), .embedInCode("Resources/dom.js"), .embedInCode("Resources/i18n.js"),
            .embedInCode("Resources/api.js"), .embedInCode("Resources/session.js"), .embedInCode("Resources/edit.js"), .embedInCode("Resources/browse.js"), .embedInCode("Resources/corrections.js"), .embedInCode("Resources/search.js"),
            .embedInCode("Resources/imports.js"), .embedInCode("Resources/translators.js"), .embedInCode("Resources/translate.js"), .embedInCode("Resources/checks.js"), .embedInCode("Resources/app.js"),
        ]),
        // What wikis take: Markdown and HTML renderings of topics, sections and guidelines, and the
        // Git-ready Markdown export (a tree of files) — no HTTP.
        .target(name: "GuidebookWiki", dependencies: ["GuidebookBase", "GuidebookCore", "GuidebookText", "Archive"]),
        // Publishing to wikis: a layout pushed to a Git repository (Debian's git through Process),
        // BookStack's and Outline's import APIs (through HTTPClient).
        .target(name: "GuidebookPublish", dependencies: ["GuidebookBase", "GuidebookCore", "GuidebookWiki", "HTTPClient", "Archive"]),
        // The files translators exchange: XLIFF 2.0, XLIFF 1.2 and gettext PO written and read (a
        // strict streaming XML reader that refuses any DOCTYPE and expands no entity) — no store, no HTTP.
        .target(name: "GuidebookTranslationFiles", dependencies: ["GuidebookCore", "GuidebookText"]),
        // The HTTP API: router, handlers, problem+json mapping.
        // `openapi.json` (the contract) is compiled into the binary, so the server needs no file beside it.
        .target(name: "GuidebookAPI", dependencies: ["CommonMark", "Crypto", "GuidebookBase", "GuidebookChecks", "GuidebookCore", "GuidebookImport", "GuidebookJobs", "GuidebookWeb", "HTTPServer",
                                                     "GuidebookWebhooks", "GuidebookWiki", "GuidebookTranslationFiles", "Archive"],
                resources: [.embedInCode("OpenAPI/openapi.json")]),
        // The command-line executable.
        .executableTarget(name: "guidebook", dependencies: ["GuidebookAPI", "GuidebookBase", "GuidebookChecks", "GuidebookCore", "GuidebookImport", "GuidebookJobs", "HTTPServer",
                                                            "GuidebookWebhooks", "HTTPClient", "GuidebookWiki", "GuidebookPublish", "GuidebookTranslationFiles", "SQLite"]),
        // Benchmark helpers: engine-limit measurements without HTTP (used by `make bench`).
        .executableTarget(name: "guidebook-bench", dependencies: ["GuidebookBase", "GuidebookCore", "GuidebookImport", "GuidebookText", "SQLite"], path: "Sources/GuidebookBench"),

        // What several test targets share: the in-process server, the raw HTTP client, import
        // jobs over HTTP, the folders of notes files and checks of what the notes parser makes.
        .target(name: "GuidebookTestSupport", dependencies: ["GuidebookAPI", "GuidebookBase", "GuidebookCore", "GuidebookImport", "GuidebookJobs", "GuidebookNotes", "HTTPServer"],
                path: "Tests/GuidebookTestSupport"),

        // The libmicrohttpd wrapper on its own, with a handler of a few lines (no Guidebook API).
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "GuidebookTestSupport"]),
        .testTarget(name: "CryptoTests", dependencies: ["Crypto"]),
        // The ordered shutdown of the service group.
        .testTarget(name: "GuidebookBaseTests", dependencies: ["GuidebookBase"]),
        // Webhooks: address policy, signatures checked by Python's hmac, the outbox and the sender with receivers on loopback.
        .testTarget(name: "GuidebookWebhooksTests", dependencies: ["GuidebookWebhooks", "GuidebookCore", "SQLite", "HTTPClient", "HTTPServer", "Crypto",
                                                                   "GuidebookTestSupport"]),
        // The gzip, tar and zip writers, checked with the system's gzip, tar and unzip.
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "GuidebookTestSupport"]),
        // The renderings on the seed (checked with cmark) and the export tree in a Git repository.
        .testTarget(name: "GuidebookWikiTests", dependencies: ["GuidebookWiki", "GuidebookCore", "GuidebookTestSupport", "SQLite"]),
        // The Git publisher on local bare repositories; the BookStack and Outline pushers against stand-in servers.
        .testTarget(name: "GuidebookPublishTests", dependencies: ["GuidebookPublish", "GuidebookWiki", "GuidebookCore", "GuidebookTestSupport", "HTTPClient",
                                                                  "HTTPServer", "SQLite"]),
        // The store's tests; the search engine's compare it with FTS5 on generated data (hence GuidebookImport).
        .testTarget(name: "GuidebookCoreTests", dependencies: ["Archive", "GuidebookCore", "GuidebookImport", "SQLite"]),
        .testTarget(name: "GuidebookTextTests", dependencies: ["GuidebookText"]),
        // The checks on their own, and the particle check on the fixture sentences and the seed.
        .testTarget(name: "GuidebookChecksTests", dependencies: ["GuidebookChecks", "GuidebookText"]),
        // The translators' files read back: the strict XML reader, the XLIFF and PO readers on hostile input.
        .testTarget(name: "GuidebookTranslationFilesTests", dependencies: ["GuidebookTranslationFiles", "GuidebookCore"]),
        .testTarget(name: "GuidebookNotesTests", dependencies: ["GuidebookNotes", "GuidebookCore", "GuidebookTestSupport"]),
        .testTarget(name: "GuidebookJobsTests", dependencies: ["GuidebookJobs", "GuidebookCore"]),
        .testTarget(name: "GuidebookAPITests", dependencies: ["GuidebookAPI", "GuidebookBase", "GuidebookCore", "GuidebookImport", "GuidebookJobs", "GuidebookWeb", "HTTPServer", "SQLite",
                                                              "GuidebookTestSupport"]),
        // The parser and import tests on the real study notes, which are not in the repository:
        // `make test` leaves them out; `make test-real-notes GUIDEBOOK_REAL_NOTES=DIR` runs them.
        .testTarget(name: "GuidebookRealNotesTests", dependencies: ["GuidebookNotes", "GuidebookCore", "GuidebookTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
