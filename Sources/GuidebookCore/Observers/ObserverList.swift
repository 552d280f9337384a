import Foundation

/// The store's transaction observers: the built-in ones, kept strongly, then the added ones, kept
/// weakly (a sender or a stream registry owns itself; the store must not keep it alive).
final class ObserverList: @unchecked Sendable {
    private struct Weak {
        weak var observer: (any TransactionObserver)?
    }

    private let builtIn: [any TransactionObserver]
    private let lock = NSLock()
    private var added: [Weak] = []

    init(builtIn: [any TransactionObserver]) {
        self.builtIn = builtIn
    }

    /// Every live observer in order, taken once per write (so one added meanwhile waits for the next).
    var current: [any TransactionObserver] {
        let added = lock.withLock { self.added.compactMap(\.observer) }
        return added.isEmpty ? builtIn : builtIn + added
    }

    func add(_ observer: any TransactionObserver) {
        lock.withLock {
            added.removeAll { $0.observer == nil }
            added.append(Weak(observer: observer))
        }
    }

    func remove(_ observer: any TransactionObserver) {
        lock.withLock { added.removeAll { $0.observer == nil || $0.observer === observer } }
    }
}
