import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Shows import progress on standard error: a bar with percent, count, rate and ETA when the total
/// is known, a spinner with the phase when it is not, and plain lines when stderr is not a terminal.
final class ProgressDisplay {
    private let isTerminal = isatty(2) == 1
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var spinnerIndex = 0
    private var lastPlainPercent = -1
    private var lastPlainPhase = ""
    private static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Draws an update (at most ten times a second on a terminal).
    func update(phase: String, message: String, completed: Int, total: Int?, unit: String, force: Bool = false) {
        let now = Date()
        if isTerminal {
            guard force || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            let line: String
            if let total, total > 0 {
                let fraction = min(1, Double(completed) / Double(total))
                let width = 30
                let filled = Int(fraction * Double(width))
                let elapsed = now.timeIntervalSince(started)
                let rate = elapsed > 0 ? Double(completed) / elapsed : 0
                let eta = rate > 0 ? Double(total - completed) / rate : 0
                line = "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "] "
                    + String(format: "%3.0f%%  %d/%d %@  %.0f/s  ETA %@", fraction * 100, completed, total, unit, rate, Self.duration(eta))
            } else {
                spinnerIndex = (spinnerIndex + 1) % Self.spinner.count
                line = Self.spinner[spinnerIndex] + " " + message
            }
            try? FileHandle.standardError.write(contentsOf: Data(("\r\u{1B}[2K" + line).utf8))
        } else {
            // Plain lines: one per phase change and per 10%.
            let percent = total.map { $0 > 0 ? completed * 100 / $0 / 10 * 10 : 0 } ?? -1
            guard force || phase != lastPlainPhase || percent != lastPlainPercent else { return }
            lastPlainPhase = phase
            lastPlainPercent = percent
            let amount = total.map { " (\(completed)/\($0) \(unit), \(percent)%)" } ?? ""
            Console.err("\(phase): \(message)\(amount)")
        }
    }

    /// Ends the display with a final line.
    func finish(_ line: String) {
        if isTerminal { try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[2K".utf8)) }
        Console.err(line)
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 60 ? "\(s / 60)m\(String(format: "%02d", s % 60))s" : "\(s)s"
    }
}
