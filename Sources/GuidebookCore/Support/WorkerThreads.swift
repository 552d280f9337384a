import Foundation

/// Work run on threads that the calling thread starts, instead of on Dispatch's shared pool.
///
/// On Linux a new thread gets its creator's scheduling policy and nice value. The job runner runs
/// jobs at SCHED_IDLE (`JobRunner.start`) so that requests preempt them; helpers started here by an
/// import's writer are idle-class as it is. Dispatch's pool threads keep the class of whichever
/// thread happened to start them: one server had both kinds during an import, so the checks ran
/// at the requests' priority or not by chance, and a pool thread an import job started stayed
/// idle-class for the server's later uses of the pool (the delayed answers of `ServerCore`).
enum WorkerThreads {
    /// Runs `body` with each index of `0..<count`: index 0 on the calling thread, the others on
    /// threads of their own started now. Returns when every call has returned.
    static func perform(_ count: Int, name: String, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let group = DispatchGroup()
        for index in 1..<count { start(name, in: group) { body(index) } }
        body(0)
        group.wait()
    }

    /// Starts `body` on a thread of its own: `group` is entered now and left when `body` returns.
    static func start(_ name: String, in group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        let thread = Thread {
            body()
            group.leave()
        }
        thread.name = name
        thread.start()
    }
}
