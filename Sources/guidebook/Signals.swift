#if canImport(Glibc)
import Glibc
#endif

/// Graceful-stop signals. Blocked in every thread (threads inherit the mask, so this runs before
/// any thread starts) and awaited on the main thread, so no handler runs in a random thread.
enum Signals {
    static func blockTermination() {
        var set = terminationSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Blocks until SIGINT or SIGTERM arrives; returns the signal number.
    static func waitForTermination() -> Int32 {
        var set = terminationSet()
        var signal: Int32 = 0
        while sigwait(&set, &signal) != 0 {}
        return signal
    }

    fileprivate static func terminationSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}

extension Signals {
    /// Waits up to `seconds` for SIGINT or SIGTERM; the signal, or nil when none came.
    static func waitForTermination(seconds: Double) -> Int32? {
        var set = terminationSet()
        var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        let signal = sigtimedwait(&set, nil, &timeout)
        return signal > 0 ? signal : nil
    }
}
