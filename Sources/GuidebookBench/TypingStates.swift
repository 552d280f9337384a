import Foundation
import GuidebookText

/// `guidebook-bench typing-states`: what the search box holds after each keystroke, for every query
/// of the search mix (scripts/bench/queries.tsv, `class<TAB>query`), as the typing benchmark
/// (scripts/bench/typing.sh) sends them. English a letter at a time (`p`, `pr`, `pro`, …); Korean
/// as a 2-set IME composes the keys typed so far (`ㅈ`, `지`, `진`, `짆`, `진해`, `진행`, `진행ㄹ`,
/// `진행르`, `진행률`), so the states include the half-typed syllables and the consonant an IME holds
/// as a final. The space between two words is not a state of its own (the page trims it).
///
/// Output: `class<TAB>state`, one a line, in typing order, each query's states once.
struct TypingStates {
    let arguments: Arguments

    func run() throws -> Int32 {
        let path = try arguments.string("--queries")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var out = ""
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { continue }
            var seen = Set<String>()
            for state in try Self.states(of: String(fields[1])) where seen.insert(state).inserted {
                out += "\(fields[0])\t\(state)\n"
            }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        return 0
    }

    /// The box's text after each keystroke of typing `query`.
    static func states(of query: String) throws -> [String] {
        var states: [String] = []
        var typed = ""
        for word in query.split(separator: " ") {
            let before = typed.isEmpty ? "" : typed + " "
            if word.unicodeScalars.allSatisfy(Hangul.isSyllable) {
                guard let keys = KoreanKeyboard.latin(fromHangul: String(word)) else { throw BenchError("cannot type '\(word)' on the 2-set layout") }
                for count in 1...keys.count {
                    guard let composed = KoreanKeyboard.hangul(fromLatin: String(keys.prefix(count))) else { continue }
                    states.append(before + composed)
                }
            } else {
                for count in 1...word.count { states.append(before + word.prefix(count)) }
            }
            typed = before + word
        }
        return states
    }
}
