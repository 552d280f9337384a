import Foundation
import GuidebookJobs

/// The tests' unit of work: counts to `steps`, reporting each step to its context and checking it
/// for cancellation, then "commits" its result to the ledger (standing in for a database that
/// records the result in the same transaction as the data) and returns it.
struct CountingWork: JobWork {
    static let kind = "count"

    struct Params: Codable, Sendable, Equatable {
        var name: String
        var steps: Int
        /// Fail at this step with a `JobError` (line = the step) instead of counting on.
        var failAt: Int? = nil
        /// Fail at this step with an error that is not a `JobError`.
        var breakAt: Int? = nil
    }

    struct Result: Codable, Sendable, Equatable {
        var counted: Int
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "the counter broke" }
    }

    let ledger: Ledger
    let gate: Gate

    func run(_ params: Params, jobID: String, context: JobContext) throws -> Result {
        ledger.started(params.name)
        for step in 1...params.steps {
            context.report(JobProgress(phase: "counting", message: "\(params.name): \(step) of \(params.steps)",
                                       completed: step, total: params.steps, unit: "steps"))
            gate.pass(params.name, at: step, context: context)
            try context.checkCancellation()
            if step == params.failAt { throw JobError(message: "cannot count past \(step)", line: step, field: "steps") }
            if step == params.breakAt { throw Broken() }
        }
        let result = Result(counted: params.steps)
        ledger.commit(jobID, result)
        // After the commit and before the runner hears of it: where a crash leaves a committed job running.
        gate.pass(params.name, at: params.steps + 1, context: context)
        return result
    }

    func committedResult(ofJob id: String) throws -> Result? { ledger.committed(id) }

    func unavailableReason(_ params: Params, interrupted: Bool) -> String? {
        ledger.hasInput(params.name) ? nil : "the input of \(params.name) is gone" + (interrupted ? " (interrupted)" : "")
    }

    func release(_ params: Params) { ledger.release(params.name) }

    func title(of params: Params) -> String { params.name }

    func summary(of result: Result) -> String { "counted to \(result.counted)" }
}

/// What the counting work changed and remembers, standing in for a knowledge base that outlives
/// the process: the result each job committed, which runs started, which inputs were released.
final class Ledger: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [String: CountingWork.Result] = [:]
    private var runs: [String] = []
    private var released: [String] = []
    private var gone: Set<String> = []

    func started(_ name: String) { lock.withLock { runs.append(name) } }
    func commit(_ job: String, _ result: CountingWork.Result) { lock.withLock { results[job] = result } }
    func committed(_ job: String) -> CountingWork.Result? { lock.withLock { results[job] } }
    func release(_ name: String) { lock.withLock { released.append(name) } }
    func removeInput(_ name: String) { lock.withLock { _ = gone.insert(name) } }
    func hasInput(_ name: String) -> Bool { lock.withLock { !gone.contains(name) } }

    /// The names of the runs started, in order.
    var startedRuns: [String] { lock.withLock { runs } }
    /// The names whose inputs were released, in order.
    var releasedInputs: [String] { lock.withLock { released } }
}

/// Holds the counting work at chosen steps until the test lets it go (or its job is cancelled),
/// so that a test can look at a job while its work is at a known point.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var held: Set<String> = []
    private var reached: Set<String> = []

    private static func key(_ name: String, _ step: Int) -> String { "\(name)#\(step)" }

    /// Makes the work of `name` wait when it reaches `step`.
    func hold(_ name: String, at step: Int) {
        condition.withLock { _ = held.insert(Self.key(name, step)) }
    }

    /// Lets the work of `name` go on from `step`.
    func open(_ name: String, at step: Int) {
        condition.withLock {
            held.remove(Self.key(name, step))
            condition.broadcast()
        }
    }

    /// Called by the work: records that it reached `step`, and waits there while the step is held
    /// and its job is not cancelled.
    func pass(_ name: String, at step: Int, context: JobContext) {
        let key = Self.key(name, step)
        condition.lock()
        defer { condition.unlock() }
        reached.insert(key)
        condition.broadcast()
        while held.contains(key) && !context.isCancelled {
            _ = condition.wait(until: Date().addingTimeInterval(0.01))
        }
    }

    /// Waits until the work of `name` has reached `step`; false after `seconds`.
    func waitUntilReached(_ name: String, _ step: Int, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !reached.contains(Self.key(name, step)) {
            guard condition.wait(until: deadline) else { return reached.contains(Self.key(name, step)) }
        }
        return true
    }
}

/// A clock the test moves by hand, for the runner's once-a-second persistence.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_000_000)

    var now: Date { lock.withLock { current } }
    func advance(by seconds: Double) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}
