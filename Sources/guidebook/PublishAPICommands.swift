import Foundation
import GuidebookCore
import GuidebookPublish
import GuidebookWiki
import HTTPClient

/// `guidebook publish bookstack --url URL --token-id ID --token-secret SECRET [--lang L] [--allow-private]`
/// and `guidebook publish outline --url URL --token TOKEN --collection ID [--lang L] [--state FILE] [--allow-private]`:
/// one locale's pages pushed through the wiki's import API. The token secret may also come from
/// the environment (`BOOKSTACK_TOKEN_SECRET`, `OUTLINE_TOKEN`), which keeps it off the command
/// line. Addresses on loopback and private networks are refused unless `--allow-private` (a
/// wiki on the same host or network: the operator's choice), as for webhooks.
struct PublishAPICommands {
    let runtime: Runtime

    /// The options both commands take.
    private struct Options {
        var values: [String: String] = [:]
        var allowPrivate = false

        init(_ arguments: [String], takes names: Set<String>, command: String) throws {
            var cursor = ArgumentCursor(arguments)
            while let item = try cursor.next() {
                switch item {
                case .option("--allow-private"): allowPrivate = true
                case .option(let name) where names.contains(name): values[name] = try cursor.value(of: name)
                case .option(let unknown): throw UsageError("unknown option \(unknown); see guidebook --help")
                case .operand(let operand): throw UsageError("publish \(command) takes no argument '\(operand.prefix(80))'")
                }
            }
        }

        func required(_ name: String, _ command: String, environment: String? = nil) throws -> String {
            if let value = values[name] ?? environment.flatMap({ ProcessInfo.processInfo.environment[$0] }), !value.isEmpty { return value }
            throw UsageError("publish \(command) needs \(name)" + (environment.map { " (or \($0) in the environment)" } ?? ""))
        }
    }

    func bookStack(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, takes: ["--url", "--token-id", "--token-secret", "--lang"], command: "bookstack")
        let url = try options.required("--url", "bookstack"), id = try options.required("--token-id", "bookstack")
        let secret = try options.required("--token-secret", "bookstack", environment: "BOOKSTACK_TOKEN_SECRET")
        let locale = options.values["--lang"] ?? SourceLocale.code
        return try report("bookstack") {
            let pusher = try BookStackPusher(url: url, tokenID: id, tokenSecret: secret, policy: OutboundAddressPolicy(allowsPrivate: options.allowPrivate))
            let store = try runtime.openExistingStore()
            let book = try store.read { try WikiPush(reader: $0, locale: locale).book() }
            let outcome = try pusher.push(zip: book.zip, fileName: book.fileName, bookName: book.name)
            Console.err("imported '\(book.name)' into BookStack as book \(outcome.bookID)"
                + (outcome.replaced.isEmpty ? "" : "; the earlier import(s) \(outcome.replaced.map(String.init).joined(separator: ", ")) went to the recycle bin"))
            Console.out(String(outcome.bookID))
        }
    }

    func outline(_ arguments: [String]) throws -> Int32 {
        let options = try Options(arguments, takes: ["--url", "--token", "--collection", "--lang", "--state"], command: "outline")
        let url = try options.required("--url", "outline"), token = try options.required("--token", "outline", environment: "OUTLINE_TOKEN")
        let collection = try options.required("--collection", "outline")
        let locale = options.values["--lang"] ?? SourceLocale.code
        let folder = (runtime.settings.databasePath as NSString).deletingLastPathComponent
        let state = options.values["--state"] ?? (folder.isEmpty ? "." : folder) + "/outline-\(collection.prefix(64))-\(locale).json"
        return try report("outline") {
            let pusher = try OutlinePusher(url: url, token: token, collection: collection, statePath: state,
                                           policy: OutboundAddressPolicy(allowsPrivate: options.allowPrivate))
            let store = try runtime.openExistingStore()
            let (pages, index) = try store.read { reader in
                let push = try WikiPush(reader: reader, locale: locale)
                return (try push.pages(), { (links: [String: String]) in push.index(links: links) })
            }
            let outcome = try pusher.push(pages.map { OutlinePusher.Document(key: $0.key, title: $0.title, text: $0.markdown) },
                                          index: { let page = index($0); return OutlinePusher.Document(key: page.key, title: page.title, text: page.markdown) },
                                          log: { Console.err($0) })
            Console.err("Outline: \(outcome.imported) imported, \(outcome.updated) updated, \(outcome.unchanged) unchanged"
                + (outcome.waited > 0 ? String(format: "; waited %.1f s for the rate limit", outcome.waited) : "") + "; state in \(state)")
        }
    }

    /// Runs a push, reporting a `PublishError` as the command's failure.
    private func report(_ command: String, _ body: () throws -> Void) throws -> Int32 {
        do {
            try body()
            return 0
        } catch let error as PublishError {
            Console.err("guidebook: publish \(command): \(error.description)")
            if case .invalidOption = error { return 2 }
            return 1
        } catch let error as ExportError {
            Console.err("guidebook: publish \(command): \(error.description) (--lang must be a locale of GET /v1/locales)")
            return 2
        }
    }
}
