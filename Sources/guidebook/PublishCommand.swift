import Foundation
import GuidebookCore
import GuidebookPublish
import GuidebookWiki

/// `guidebook publish git|bookstack|outline ...`: the knowledge base pushed to a wiki (docs/wiki.md).
///
/// - `publish git --repo URL|PATH --branch B --layout wikijs|mkdocs|docusaurus|markdown [--since auto|full] [--work DIR]`:
///   the layout rendered into a working copy (by default beside the database, one per repository,
///   branch and layout), committed when something changed, and pushed. Prints the commit, or
///   `nothing changed`.
/// - `publish bookstack` and `publish outline`: see `PublishAPICommands`.
struct PublishCommand {
    let runtime: Runtime
    let arguments: [String]

    func run() throws -> Int32 {
        switch arguments.first {
        case "git": return try publishGit(Array(arguments.dropFirst()))
        case "bookstack": return try PublishAPICommands(runtime: runtime).bookStack(Array(arguments.dropFirst()))
        case "outline": return try PublishAPICommands(runtime: runtime).outline(Array(arguments.dropFirst()))
        default: throw UsageError("publish takes one subcommand: git, bookstack or outline (see guidebook --help)")
        }
    }

    private func publishGit(_ arguments: [String]) throws -> Int32 {
        var repo: String?, branch: String?, layoutName: String?, since = GitPublisher.Since.auto, work: String?
        var cursor = ArgumentCursor(arguments)
        while let item = try cursor.next() {
            switch item {
            case .option("--repo"): repo = try cursor.value(of: "--repo", expecting: "a repository URL or path")
            case .option("--branch"): branch = try cursor.value(of: "--branch", expecting: "a branch name")
            case .option("--layout"): layoutName = try cursor.value(of: "--layout", expecting: "wikijs, mkdocs, docusaurus or markdown")
            case .option("--since"):
                let text = try cursor.value(of: "--since", expecting: "auto or full")
                guard let value = GitPublisher.Since(rawValue: text) else { throw UsageError("--since must be auto or full, not '\(text.prefix(40))'") }
                since = value
            case .option("--work"): work = try cursor.value(of: "--work", expecting: "a folder for the working copy")
            case .option(let unknown): throw UsageError("unknown option \(unknown); see guidebook --help")
            case .operand(let operand): throw UsageError("publish git takes no argument '\(operand.prefix(80))'")
            }
        }
        guard let repo else { throw UsageError("publish git needs --repo URL|PATH") }
        guard let branch else { throw UsageError("publish git needs --branch NAME") }
        guard let layoutName, let layout = WikiLayout(rawValue: layoutName), layout != .bookstack else {
            throw UsageError("publish git needs --layout wikijs, mkdocs, docusaurus or markdown")
        }
        do {
            let address = try RepositoryAddress(repo)
            let target = GitPublisher.Target(repository: address, branch: branch, layout: layout,
                                             workDirectory: work ?? Self.defaultWorkDirectory(database: runtime.settings.databasePath, address: address,
                                                                                              branch: branch, layout: layout))
            let publisher = try GitPublisher(target: target)
            let store = try runtime.openExistingStore()
            let outcome = try publisher.publish(store, since: since)
            if let commit = outcome.commit {
                Console.err("published \(layout.rawValue) to \(address) \(branch): \(outcome.written) written, \(outcome.removed) removed, "
                    + "cursor \(outcome.cursor)" + (outcome.rebases > 0 ? ", rebased \(outcome.rebases) time(s) onto the remote" : ""))
                Console.out(commit)
            } else {
                Console.err("nothing changed: \(address) \(branch) is current (cursor \(outcome.cursor))")
                Console.out("nothing changed")
            }
            return 0
        } catch let error as PublishError {
            Console.err("guidebook: publish git: \(error.description)")
            if case .invalidOption = error { return 2 }
            return 1
        }
    }

    /// `<database folder>/publish/<layout>-<branch>-<hash of the repository>`: one working copy per target.
    static func defaultWorkDirectory(database: String, address: RepositoryAddress, branch: String, layout: WikiLayout) -> String {
        let folder = (database as NSString).deletingLastPathComponent
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (address.text + "\n" + branch).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let safeBranch = String(branch.map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(40))
        return (folder.isEmpty ? "." : folder) + "/publish/\(layout.rawValue)-\(safeBranch)-" + String(hash, radix: 16)
    }
}
