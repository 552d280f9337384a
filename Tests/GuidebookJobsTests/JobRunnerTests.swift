import Foundation
import GuidebookCore
import GuidebookJobs
import XCTest

/// The job runner with a real jobs store file and a small counting work: queue order, the bound on
/// the queue, cancellation of queued and running work, shutdown and crash recovery (asking the
/// work whether a job committed), and progress kept live in memory but persisted at most once a second.
final class JobRunnerTests: XCTestCase {
    private var directory = ""
    private var jobsPath: String { directory + "/kb.jobs.sqlite" }
    private let ledger = Ledger()
    private let gate = Gate()
    private let clock = TestClock()
    private var runners: [JobRunner] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("guidebook-jobs-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        // Stopping cancels whatever still runs (a test's frozen "crashed" runner among them).
        for runner in runners { runner.stop(graceSeconds: 5) }
        runners = []
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: Helpers

    private static let migrations: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/Migrations/jobs"
    }()

    /// A runner (not started) on the test's jobs file, with its own connection to it: a new
    /// process, as far as the file can tell.
    private func makeRunner(gate: Gate? = nil, maxQueued: Int = 16) throws -> (runner: JobRunner, jobs: JobStore) {
        let jobs = try JobStore(path: jobsPath, migrations: try Migration.load(from: Self.migrations))
        let clock = self.clock
        let runner = JobRunner(jobs: jobs, works: [CountingWork(ledger: ledger, gate: gate ?? self.gate)], maxQueued: maxQueued,
                               clock: { clock.now })
        runners.append(runner)
        return (runner, jobs)
    }

    private func submit(_ runner: JobRunner, _ name: String, steps: Int = 3, failAt: Int? = nil, breakAt: Int? = nil) throws -> Job {
        try runner.submit(CountingWork.Params(name: name, steps: steps, failAt: failAt, breakAt: breakAt), as: CountingWork.self, unit: "steps")
    }

    /// Submits a job whose work will wait at `step` (see `Gate`), and returns once the work is there.
    private func submitHeld(_ runner: JobRunner, _ name: String, at step: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Job {
        gate.hold(name, at: step)
        let job = try submit(runner, name)
        XCTAssertTrue(gate.waitUntilReached(name, step), "the work of \(name) did not reach step \(step)", file: file, line: line)
        return job
    }

    /// Waits until the job satisfies `condition`, and returns it.
    @discardableResult
    private func wait(_ runner: JobRunner, _ id: String, seconds: Double = 10, until condition: (Job) -> Bool = { $0.status.isFinished },
                      file: StaticString = #filePath, line: UInt = #line) throws -> Job {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let job = try XCTUnwrap(try runner.job(id: id), "no job \(id)", file: file, line: line)
            if condition(job) { return job }
            guard Date() < deadline else {
                XCTFail("job \(id) did not get there in \(seconds) s: \(job.status) \(job.message)", file: file, line: line)
                return job
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    private func result(_ job: Job) throws -> CountingWork.Result? {
        try job.result.map { try $0.decode(CountingWork.Result.self) }
    }

    // MARK: The queue

    func testJobsRunOneAtATimeInTheOrderTheyWereSubmitted() throws {
        let (runner, jobs) = try makeRunner()
        try runner.start()
        gate.hold("a", at: 1)
        let a = try submit(runner, "a")
        XCTAssertEqual(a.message, "starting soon", "nothing runs or waits yet")
        XCTAssertTrue(gate.waitUntilReached("a", 1))
        let b = try submit(runner, "b")
        let c = try submit(runner, "c")
        XCTAssertEqual(b.status, .queued)
        XCTAssertEqual(b.message, "waiting for earlier counts")
        XCTAssertEqual(try runner.list(status: nil, kind: nil, before: nil, limit: 10).map(\.id), [c.id, b.id, a.id], "newest first")
        XCTAssertEqual(try runner.list(status: nil, kind: nil, before: nil, limit: 10).map(\.status), [.queued, .queued, .running])
        XCTAssertEqual(try runner.list(status: .queued, kind: "count", before: nil, limit: 10).map(\.id), [c.id, b.id])

        gate.open("a", at: 1)
        for job in [a, b, c] {
            let done = try wait(runner, job.id)
            XCTAssertEqual(done.status, .succeeded)
            XCTAssertEqual(try result(done), CountingWork.Result(counted: 3))
            XCTAssertEqual(done.message, "counted to 3", "the work's summary")
            XCTAssertEqual(done.completed, 3)
            XCTAssertEqual(done.percent, 100)
            XCTAssertEqual(try jobs.job(id: job.id)?.status, .succeeded, "the finished job is on disk")
        }
        XCTAssertEqual(ledger.startedRuns, ["a", "b", "c"], "in order, one at a time")
        XCTAssertEqual(ledger.releasedInputs, ["a", "b", "c"], "each job's input is released when it finished")
    }

    func testTheQueueIsBounded() throws {
        let (runner, _) = try makeRunner(maxQueued: 2)
        try runner.start()
        let a = try submitHeld(runner, "a", at: 1)
        _ = try submit(runner, "b")
        let c = try submit(runner, "c")
        XCTAssertThrowsError(try submit(runner, "d")) { error in
            XCTAssertEqual(error as? JobRunner.Refusal, .queueFull(retryAfterSeconds: 10))
        }
        gate.open("a", at: 1)
        try wait(runner, a.id)
        XCTAssertEqual(try wait(runner, c.id).status, .succeeded)
        XCTAssertEqual(ledger.startedRuns, ["a", "b", "c"], "the refused job never ran")
    }

    // MARK: Cancellation

    func testCancelingAQueuedJobEndsItAtOnceAndItNeverRuns() throws {
        let (runner, jobs) = try makeRunner()
        try runner.start()
        let a = try submitHeld(runner, "a", at: 1)
        let b = try submit(runner, "b")

        let canceled = try runner.cancel(id: b.id)
        XCTAssertEqual(canceled.status, .canceled)
        XCTAssertEqual(canceled.message, "canceled before it started; nothing was applied")
        XCTAssertEqual(try jobs.job(id: b.id)?.status, .canceled)
        XCTAssertEqual(ledger.releasedInputs, ["b"], "its input is released at once")
        XCTAssertThrowsError(try runner.cancel(id: b.id)) { XCTAssertEqual($0 as? JobRunner.Refusal, .alreadyFinished(b.id, .canceled)) }
        XCTAssertThrowsError(try runner.cancel(id: "job_none")) { XCTAssertEqual($0 as? JobRunner.Refusal, .notFound("job_none")) }

        gate.open("a", at: 1)
        XCTAssertEqual(try wait(runner, a.id).status, .succeeded)
        XCTAssertEqual(ledger.startedRuns, ["a"])
    }

    func testCancelingARunningJobStopsItsWorkAtItsNextCheckWithNothingCommitted() throws {
        let (runner, jobs) = try makeRunner()
        try runner.start()
        let a = try submitHeld(runner, "a", at: 2)

        let asked = try runner.cancel(id: a.id)
        XCTAssertEqual(asked.status, .running, "a running job is asked to stop; it stops at its work's next check")
        XCTAssertEqual(asked.message, "canceling…")
        XCTAssertThrowsError(try runner.delete(id: a.id)) { XCTAssertEqual($0 as? JobRunner.Refusal, .notFinished(a.id)) }

        let done = try wait(runner, a.id)
        XCTAssertEqual(done.status, .canceled)
        XCTAssertEqual(done.message, "canceled; nothing was applied")
        XCTAssertEqual(done.completed, 2, "progress stays where the work stopped")
        XCTAssertNil(done.result)
        XCTAssertNil(ledger.committed(a.id), "the work stopped before it committed")
        XCTAssertEqual(try jobs.job(id: a.id)?.status, .canceled)
        XCTAssertEqual(ledger.releasedInputs, ["a"])
        try runner.delete(id: a.id)
        XCTAssertNil(try runner.job(id: a.id))
    }

    // MARK: Failures

    func testAFailureOfTheInputAndAnUnexpectedErrorEndTheJobFailedWithNothingCommitted() throws {
        let (runner, _) = try makeRunner()
        try runner.start()
        let input = try submit(runner, "bad-input", failAt: 2)
        let broken = try submit(runner, "broken", breakAt: 1)

        let failed = try wait(runner, input.id)
        XCTAssertEqual(failed.status, .failed)
        XCTAssertEqual(failed.error, JobError(message: "cannot count past 2", line: 2, field: "steps"))
        XCTAssertEqual(failed.message, "failed: line 2: steps: cannot count past 2; nothing was applied")

        let unexpected = try wait(runner, broken.id)
        XCTAssertEqual(unexpected.status, .failed)
        XCTAssertEqual(unexpected.error, JobError(message: "the count could not be completed: the counter broke"))
        XCTAssertEqual(unexpected.message, "failed; nothing was applied")

        XCTAssertNil(ledger.committed(input.id))
        XCTAssertNil(ledger.committed(broken.id))
        XCTAssertEqual(ledger.releasedInputs, ["bad-input", "broken"])
    }

    // MARK: Shutdown and restart

    func testStoppingRequeuesTheRunningJobAndTheNextStartRunsItAgain() throws {
        let first = try makeRunner()
        try first.runner.start()
        let a = try submitHeld(first.runner, "a", at: 2)

        first.runner.stop(graceSeconds: 5)
        let stored = try XCTUnwrap(try first.jobs.job(id: a.id))
        XCTAssertEqual(stored.status, .queued, "a shutdown rolls the running job back into the queue")
        XCTAssertEqual(stored.message, "interrupted by a shutdown; it will run again at the next start")
        XCTAssertEqual(stored.completed, 0)
        XCTAssertNil(stored.total)
        XCTAssertNil(stored.startedAt)
        XCTAssertNil(ledger.committed(a.id))
        XCTAssertEqual(ledger.releasedInputs, [], "its input is kept for the next start")
        XCTAssertThrowsError(try submit(first.runner, "late")) { XCTAssertEqual($0 as? JobRunner.Refusal, .queueFull(retryAfterSeconds: 10)) }

        let second = try makeRunner(gate: Gate())
        try second.runner.start()
        let done = try wait(second.runner, a.id)
        XCTAssertEqual(done.status, .succeeded)
        XCTAssertEqual(try result(done), CountingWork.Result(counted: 3))
        XCTAssertEqual(ledger.startedRuns, ["a", "a"])
    }

    /// A crash between the work's commit and the runner's record: the next start asks the work,
    /// which says the job committed, so the job succeeds with that result and does not run again.
    func testAfterACrashAJobWhoseWorkCommittedSucceedsWithoutRunningAgain() throws {
        let crashed = try makeRunner()
        try crashed.runner.start()
        let a = try submitHeld(crashed.runner, "a", at: 4)  // steps 3: step 4 is after the commit
        XCTAssertEqual(ledger.committed(a.id), CountingWork.Result(counted: 3))

        // The first runner is frozen from here on, as a killed process is; the next start opens the file anew.
        let next = try makeRunner(gate: Gate())
        XCTAssertEqual(try next.jobs.job(id: a.id)?.status, .running, "the file says running, as a killed process leaves it")
        try next.runner.start()
        let recovered = try XCTUnwrap(try next.runner.job(id: a.id))
        XCTAssertEqual(recovered.status, .succeeded)
        XCTAssertEqual(try result(recovered), CountingWork.Result(counted: 3), "the result the work committed with")
        XCTAssertEqual(recovered.message, "counted to 3")
        XCTAssertEqual(recovered.percent, 100)
        XCTAssertEqual(try next.jobs.job(id: a.id)?.status, .succeeded)
        XCTAssertEqual(ledger.startedRuns, ["a"], "it did not run again")
    }

    /// A crash before the work committed: the work says nothing of the job committed, so the job
    /// runs again from the start.
    func testAfterACrashAJobWhoseWorkDidNotCommitRunsAgain() throws {
        let crashed = try makeRunner()
        try crashed.runner.start()
        let a = try submitHeld(crashed.runner, "a", at: 2)
        // The last revision clients were sent (an event's id); the store's lags it, since progress
        // is saved at most once a second.
        let sent = try XCTUnwrap(try crashed.runner.job(id: a.id)).revision

        let next = try makeRunner(gate: Gate())
        XCTAssertEqual(try next.jobs.job(id: a.id)?.status, .running)
        XCTAssertLessThan(try XCTUnwrap(try next.jobs.job(id: a.id)).revision, sent)
        try next.runner.start()
        XCTAssertGreaterThan(try XCTUnwrap(try next.runner.job(id: a.id)).revision, sent,
                             "the new attempt's event ids start above every id sent before the crash")
        let done = try wait(next.runner, a.id)
        XCTAssertEqual(done.status, .succeeded)
        XCTAssertEqual(try result(done), CountingWork.Result(counted: 3))
        XCTAssertEqual(ledger.startedRuns, ["a", "a"], "run again from the start")
        XCTAssertEqual(ledger.committed(a.id), CountingWork.Result(counted: 3))
    }

    /// A job whose input is gone cannot run again: it fails at the next start, saying why.
    func testAfterACrashJobsWhoseInputIsGoneFail() throws {
        let crashed = try makeRunner()
        try crashed.runner.start()
        let a = try submitHeld(crashed.runner, "a", at: 1)
        let b = try submit(crashed.runner, "b")
        ledger.removeInput("a")
        ledger.removeInput("b")

        let next = try makeRunner(gate: Gate())
        try next.runner.start()
        let running = try XCTUnwrap(try next.runner.job(id: a.id))
        XCTAssertEqual(running.status, .failed)
        XCTAssertEqual(running.error?.message, "the input of a is gone (interrupted)")
        XCTAssertEqual(running.message, "interrupted by a restart; nothing was applied")
        let queued = try XCTUnwrap(try next.runner.job(id: b.id))
        XCTAssertEqual(queued.status, .failed)
        XCTAssertEqual(queued.error?.message, "the input of b is gone")
        XCTAssertEqual(queued.message, "the input of b is gone; nothing was applied")
        XCTAssertEqual(ledger.startedRuns, ["a"], "neither ran again")
    }

    // MARK: Progress

    func testProgressIsLiveInMemoryAndPersistedAtMostOnceASecond() throws {
        let (runner, jobs) = try makeRunner()
        try runner.start()
        for step in 1...3 { gate.hold("a", at: step) }
        let a = try submit(runner, "a")

        XCTAssertTrue(gate.waitUntilReached("a", 1))
        let live1 = try XCTUnwrap(try runner.job(id: a.id))
        XCTAssertEqual(live1.status, .running)
        XCTAssertEqual(live1.phase, "counting")
        XCTAssertEqual(live1.message, "a: 1 of 3")
        XCTAssertEqual(live1.completed, 1)
        XCTAssertEqual(live1.total, 3)
        XCTAssertEqual(live1.unit, "steps")
        XCTAssertEqual(try jobs.job(id: a.id)?.completed, 1, "the first report is persisted at once")

        clock.advance(by: 0.5)
        gate.open("a", at: 1)
        XCTAssertTrue(gate.waitUntilReached("a", 2))
        let live2 = try XCTUnwrap(try runner.job(id: a.id))
        let stored2 = try XCTUnwrap(try jobs.job(id: a.id))
        XCTAssertEqual(live2.completed, 2, "clients read progress live")
        XCTAssertEqual(try runner.list(status: .running, kind: nil, before: nil, limit: 10).first?.completed, 2, "lists too")
        XCTAssertEqual(stored2.completed, 1, "half a second later nothing more is written")
        XCTAssertGreaterThan(live2.revision, stored2.revision)

        clock.advance(by: 0.5)
        gate.open("a", at: 2)
        XCTAssertTrue(gate.waitUntilReached("a", 3))
        XCTAssertEqual(try jobs.job(id: a.id)?.completed, 3, "a second after the last write, the next report is written")
        XCTAssertEqual(try runner.job(id: a.id)?.revision, try jobs.job(id: a.id)?.revision)

        gate.open("a", at: 3)
        XCTAssertEqual(try wait(runner, a.id).status, .succeeded)
    }
}
