import GuidebookCore

/// A tiny `--flag value` parser for the bench subcommands.
struct Arguments {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// Everything after `--` (a command to run).
    private(set) var trailing: [String] = []

    init(_ arguments: [String], booleanFlags: Set<String> = []) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                trailing = Array(arguments[(index + 1)...])
                break
            }
            guard argument.hasPrefix("--") else { throw BenchError("unexpected argument '\(argument)'") }
            if booleanFlags.contains(argument) {
                flags.insert(argument)
                index += 1
                continue
            }
            guard index + 1 < arguments.count else { throw BenchError("\(argument) needs a value") }
            values[argument] = arguments[index + 1]
            index += 2
        }
    }

    func string(_ name: String) throws -> String {
        guard let value = values[name] else { throw BenchError("\(name) is required") }
        return value
    }

    func optionalString(_ name: String) -> String? { values[name] }

    func int(_ name: String, default fallback: Int) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text) else { throw BenchError("\(name) must be a whole number, not '\(text)'") }
        return value
    }

    func double(_ name: String, default fallback: Double) throws -> Double {
        guard let text = values[name] else { return fallback }
        guard let value = Double(text) else { throw BenchError("\(name) must be a number, not '\(text)'") }
        return value
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// `--search-cache auto|MB` (default auto), sized as the server sizes it.
    func searchCacheSizing() throws -> SearchCacheSizing {
        switch optionalString("--search-cache") ?? "auto" {
        case "auto":
            return .automatic(usableMemory: SystemMemory.read().usable)
        case let text:
            guard let megabytes = Int(text), megabytes >= 0 else { throw BenchError("--search-cache must be auto or a number of MB") }
            return .fixed(bytes: megabytes << 20)
        }
    }
}
