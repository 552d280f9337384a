/// Reads a subcommand's arguments in order, so that each command's loop only says what its
/// options mean. An option's value is the rest after `=` (`--format=json`) or the next argument
/// (`--format json`); anything that does not start with `-` is an operand.
struct ArgumentCursor {
    /// One argument as the command sees it.
    enum Item: Equatable {
        /// An option by its name (`--format`), its inline value held back for `value(of:)`.
        case option(String)
        case operand(String)
    }

    private let arguments: [String]
    private var index = 0
    private var inlineValue: String?

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The next option or operand, or nil after the last. An inline value left unread by the
    /// option before is an error: `--dry-run=yes` must not pass for `--dry-run`.
    mutating func next() throws -> Item? {
        if let inlineValue, let previous = index > 0 ? arguments[index - 1] : nil {
            throw UsageError("\(previous.prefix { $0 != "=" }) takes no value, not '\(inlineValue)'")
        }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        guard argument.hasPrefix("-"), argument.count > 1 else { return .operand(argument) }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            inlineValue = String(argument[argument.index(after: equals)...])
            return .option(String(argument[..<equals]))
        }
        return .option(argument)
    }

    /// The value of the option `next()` just returned. `expecting` names what it should be,
    /// for the message when it is missing.
    mutating func value(of option: String, expecting: String? = nil) throws -> String {
        if let inlineValue {
            self.inlineValue = nil
            return inlineValue
        }
        guard index < arguments.count else {
            throw UsageError("\(option) needs a value" + (expecting.map { ": \($0)" } ?? ""))
        }
        index += 1
        return arguments[index - 1]
    }
}
