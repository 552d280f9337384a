import Foundation
import GuidebookCore

// The `guidebook` command: parses the command line once into Settings and runs a subcommand.

let usage = """
    guidebook \(GuidebookVersion.current) — a bilingual (English/Korean) knowledge base of UI design guidelines

    Usage: guidebook [COMMAND] [OPTIONS]

    Commands:
      serve                 serve the knowledge base over HTTP (the default)
      migrate               apply pending database migrations and exit
      import FILE...        import bundles (.json, .ndjson) or bilingual notes (.txt)
      export [FILE]         write the whole knowledge base as a bundle (stdout by default)
      export --format markdown|wikijs|mkdocs|docusaurus|bookstack --out DIR [--since CURSOR]
                            write (or update) the Git-ready Markdown tree, or a wiki's own layout,
                            in DIR; prints the change-log cursor it reflects; --since renders only
                            topics changed after it (docs/wiki.md)
      reindex               rebuild the full-text search index
      translations export --locale CODE [--format xliff2|xliff12|po] [--topic SLUG]
                          [--state missing,outdated,draft,…] [--matches] [--out FILE]
                            write the texts to translate as a translator's file (stdout by
                            default; --matches: the memory's best match on each unit to write);
                            see docs/translators.md
      translations import FILE [--locale CODE] [--format xliff2|xliff12|po] [--on-conflict draft|skip]
                          [--dry-run] [--reviewer] [--server URL [--token-file PATH]]
                            apply a translated file (only the changed units; conflicts as drafts
                            unless --on-conflict skip; approved ones kept unless --reviewer);
                            --server: through a running server's job API with an editor token
                            (GUIDEBOOK_TOKEN or --token-file)
        import options: --mode merge|replace  --dry-run  --format json|ndjson|notes  --server URL
                        --token-file PATH (or GUIDEBOOK_TOKEN): an admin token for --server
      generate N [FILE] [--text short|realistic]
                            write a deterministic NDJSON knowledge base of N guidelines (for
                            benchmarks); realistic text is shaped like the seed's guidelines
      restore --from URL [--at RFC3339 | --txid N] [--force]
                            restore --db from a Litestream replica (file:///DIR, s3://BUCKET/PATH),
                            check it (integrity, schema version) and print what it holds; an
                            existing database is kept unless --force (needs litestream on PATH
                            or GUIDEBOOK_LITESTREAM)
      backup verify --from URL
                            restore into a temporary folder and run the same checks; exit 1 if any fails
      publish git --repo URL|PATH --branch B --layout wikijs|mkdocs|docusaurus|markdown
                  [--since auto|full] [--work DIR]
                            render the layout into a working copy, commit what changed (the
                            message lists the change-log entries), push; docs/wiki.md
      publish bookstack --url URL --token-id ID --token-secret SECRET [--lang L] [--allow-private]
                            import the BookStack Portable ZIP of one locale's book
      publish outline --url URL --token TOKEN --collection ID [--lang L] [--state FILE] [--allow-private]
                            import (then update) one document per topic into an Outline collection
      tokens create NAME --role reader|editor|admin
                            create an API token; its secret is printed once, alone, on stdout
      tokens list           list tokens: name, role, created, last used (never secrets)
      tokens revoke NAME    revoke a token

    Options (each also settable by its environment variable):
    """

func helpText() -> String {
    ([usage] + OptionTable.helpLines()).joined(separator: "\n")
}

func runMain() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help-markdown") {
        Console.out(OptionTable.markdown())
        return 0
    }
    if arguments.contains("--help") || arguments.contains("-h") {
        Console.out(helpText())
        return 0
    }
    if arguments.contains("--version") {
        Console.out("guidebook \(GuidebookVersion.current)")
        return 0
    }
    let command = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
    if !arguments.isEmpty && !arguments[0].hasPrefix("-") { arguments.removeFirst() }
    do {
        let (settings, rest) = try Settings.parse(arguments, environment: ProcessInfo.processInfo.environment)
        switch command {
        case "serve":
            try requireNoArguments(rest, command: command)
            return try ServeCommand(runtime: Runtime(settings: settings)).run()
        case "migrate":
            try requireNoArguments(rest, command: command)
            let runtime = try Runtime(settings: settings)
            _ = try runtime.openStore()
            Console.out("database \(settings.databasePath) is at schema version \(try runtime.migrations.last?.version ?? 0)")
            return 0
        case "export":
            return try ExportCommand(runtime: Runtime(settings: settings), arguments: rest).run()
        case "import":
            return try ImportCommand(runtime: Runtime(settings: settings), arguments: rest).run()
        case "reindex":
            try requireNoArguments(rest, command: command)
            let store = try Runtime(settings: settings).openExistingStore()
            try store.rebuildSearchIndex()
            Console.out("search index rebuilt")
            return 0
        case "generate":
            return try GenerateCommand(arguments: rest).run()
        case "restore":
            return try RestoreCommand(runtime: Runtime(settings: settings), arguments: rest, verifyOnly: false).run()
        case "backup":
            guard rest.first == "verify" else { throw UsageError("backup takes one subcommand: backup verify --from URL") }
            return try RestoreCommand(runtime: Runtime(settings: settings), arguments: Array(rest.dropFirst()), verifyOnly: true).run()
        case "translations":
            return try TranslationsCommand(runtime: Runtime(settings: settings), arguments: rest).run()
        case "publish":
            return try PublishCommand(runtime: Runtime(settings: settings), arguments: rest).run()
        case "tokens":
            return try TokensCommand(runtime: Runtime(settings: settings), arguments: rest).run()
        default:
            throw UsageError("unknown command '\(command)'; see guidebook --help")
        }
    } catch let error as UsageError {
        Console.err("guidebook: \(error.message)")
        return 2
    } catch let error as StoreError {
        Console.err("guidebook: \(error.description)")
        return 1
    } catch {
        Console.err("guidebook: \(error)")
        return 1
    }
}

func requireNoArguments(_ rest: [String], command: String) throws {
    if let first = rest.first {
        throw UsageError(first.hasPrefix("--") ? "unknown option \(first); see guidebook --help" : "\(command) takes no argument '\(first)'")
    }
}

exit(runMain())
