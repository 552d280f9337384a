import Foundation
import GuidebookAPI
import GuidebookCore

/// `guidebook tokens create NAME --role ROLE | list | revoke NAME`: API tokens, on the database
/// directly (a running server sees the change with its next request). `create` prints the secret
/// alone on standard output, once, so that a script can capture it.
struct TokensCommand {
    let runtime: Runtime
    let arguments: [String]

    func run() throws -> Int32 {
        guard let action = arguments.first else { throw UsageError("tokens needs create NAME --role ROLE, list or revoke NAME") }
        let rest = Array(arguments.dropFirst())
        switch action {
        case "create": return try create(rest)
        case "list": return try list(rest)
        case "revoke": return try revoke(rest)
        default: throw UsageError("unknown tokens action '\(action)'; use create, list or revoke")
        }
    }

    private func create(_ arguments: [String]) throws -> Int32 {
        var name: String?
        var role: Role?
        var cursor = ArgumentCursor(arguments)
        while let item = try cursor.next() {
            switch item {
            case .option("--role"):
                let text = try cursor.value(of: "--role", expecting: "reader, editor, reviewer or admin")
                guard let parsed = Role(rawValue: text) else { throw UsageError("--role must be reader, editor, reviewer or admin, not '\(text)'") }
                role = parsed
            case .option(let unknown): throw UsageError("unknown option \(unknown); see guidebook --help")
            case .operand(let operand) where name == nil: name = operand
            case .operand: throw UsageError("tokens create takes one NAME")
            }
        }
        guard let name else { throw UsageError("tokens create needs a NAME") }
        guard let role else { throw UsageError("tokens create needs --role reader, editor, reviewer or admin") }
        if let problem = TokenName.problem(with: name) { throw UsageError("the name \(problem)") }
        let store = try runtime.openStore()
        let secret = TokenSecret.generate()
        guard try store.addToken(name: name, role: role.rawValue, digest: TokenSecret.digest(secret)) != nil else {
            Console.err("guidebook: a token named '\(name)' exists; revoke it first or choose another name")
            return 1
        }
        Console.out(secret)
        Console.err("token '\(name)' (\(role.rawValue)) created; the secret above is shown this once")
        return 0
    }

    private func list(_ arguments: [String]) throws -> Int32 {
        try requireNoArguments(arguments, command: "tokens list")
        let tokens = try runtime.openStore().tokens()
        let rows = [["NAME", "ROLE", "CREATED", "LAST USED"]] + tokens.map { [$0.name, $0.role, $0.createdAt, $0.lastUsedAt ?? "never"] }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            Console.out(zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces))
        }
        return 0
    }

    private func revoke(_ arguments: [String]) throws -> Int32 {
        guard arguments.count == 1, let name = arguments.first, !name.hasPrefix("-") else { throw UsageError("tokens revoke takes one NAME") }
        guard try runtime.openStore().revokeToken(named: name) else {
            Console.err("guidebook: no token named '\(name)'")
            return 1
        }
        Console.err("token '\(name)' revoked")
        return 0
    }
}
