@testable import GuidebookCore
import Foundation
import Synchronization
import XCTest

/// The threads an import's checks run on: each index once, the first on the caller, and every
/// thread with the scheduling of the thread that started it (an import job's SCHED_IDLE).
final class WorkerThreadsTests: XCTestCase {
    /// SCHED_IDLE from <sched.h>, which Glibc hides behind _GNU_SOURCE (as `JobRunner` names it).
    private let schedIdle: Int32 = 5

    func testEveryIndexRunsOnceAndTheFirstOnTheCaller() {
        let caller = pthread_self()
        let seen = Mutex<[Int: pthread_t]>([:])
        WorkerThreads.perform(5, name: "test-workers") { index in
            let arrived = seen.withLock {
                XCTAssertNil($0.updateValue(pthread_self(), forKey: index), "index \(index) ran twice")
                return $0.count
            }
            // Each call waits until all five have begun, so that their threads are alive together:
            // a thread that has ended may hand its pthread_t to one started after it.
            let deadline = ContinuousClock.now + .seconds(30)
            var count = arrived
            while count < 5 && ContinuousClock.now < deadline {
                usleep(1_000)
                count = seen.withLock { $0.count }
            }
        }
        let threads = seen.withLock { $0 }
        XCTAssertEqual(threads.keys.sorted(), [0, 1, 2, 3, 4])
        XCTAssertEqual(threads[0], caller)
        XCTAssertEqual(Set(threads.values).count, 5, "each index on a thread of its own")
        XCTAssertFalse(threads.filter { $0.key != 0 }.values.contains(caller))
    }

    func testThreadsHaveTheSchedulingOfTheThreadThatStartsThem() {
        // Dispatch's pool is started from this (normal) thread first, so that a helper taken from
        // the pool instead of started by its caller would be normal-class and fail below.
        DispatchQueue.concurrentPerform(iterations: 4) { _ in }
        let policies = Mutex<[String: Int32]>([:])
        let done = DispatchGroup()
        done.enter()
        let idle = Thread { [schedIdle] in
            var parameters = sched_param(sched_priority: 0)
            let set = sched_setscheduler(0, schedIdle, &parameters)
            policies.withLock { $0["caller"] = set == 0 ? sched_getscheduler(0) : -1 }
            WorkerThreads.perform(3, name: "test-workers") { index in
                policies.withLock { $0["perform \(index)"] = sched_getscheduler(0) }
            }
            let started = DispatchGroup()
            WorkerThreads.start("test-worker", in: started) { policies.withLock { $0["start"] = sched_getscheduler(0) } }
            started.wait()
            done.leave()
        }
        idle.start()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        let seen = policies.withLock { $0 }
        XCTAssertEqual(seen["caller"], schedIdle, "the test thread could not be made idle-class")
        XCTAssertEqual(seen, ["caller": schedIdle, "perform 0": schedIdle, "perform 1": schedIdle, "perform 2": schedIdle, "start": schedIdle])
        // A thread started from this normal one is normal (SCHED_OTHER, 0).
        let normal = Mutex<Int32>(-1)
        WorkerThreads.perform(2, name: "test-workers") { index in
            if index == 1 { normal.withLock { $0 = sched_getscheduler(0) } }
        }
        XCTAssertEqual(normal.withLock { $0 }, 0)
    }
}
