import Foundation
import GuidebookBase
import XCTest

/// The shutdown is one ordered list: services stop in its order, each within its own grace, and
/// start in the reverse order.
final class ServiceGroupTests: XCTestCase {
    /// Records what happened to every service, in order.
    private final class Journal: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func note(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    private final class Part: Service, @unchecked Sendable {
        let serviceName: String
        private let journal: Journal
        private let failsToStart: Bool
        private(set) var graceSeen: Double?

        init(_ name: String, _ journal: Journal, failsToStart: Bool = false) {
            (serviceName, self.journal, self.failsToStart) = (name, journal, failsToStart)
        }

        struct Refused: Error {}

        func start() throws {
            if failsToStart { throw Refused() }
            journal.note("start \(serviceName)")
        }

        func stop(deadline: ContinuousClock.Instant) {
            graceSeen = deadline.secondsFromNow
            journal.note("stop \(serviceName)")
        }
    }

    func testServicesStopInTheListsOrderEachWithItsGraceAndStartInReverse() throws {
        let journal = Journal()
        let server = Part("server", journal), runner = Part("runner", journal), sender = Part("sender", journal)
        let group = ServiceGroup(stoppingInOrder: [.init(server, grace: .seconds(5)), .init(runner, grace: .seconds(4)),
                                                   .init(sender, grace: .seconds(2))], logger: Logger(level: .critical))
        try group.start()
        XCTAssertEqual(journal.all, ["start sender", "start runner", "start server"])
        group.stop()
        XCTAssertEqual(journal.all.suffix(3), ["stop server", "stop runner", "stop sender"])
        // Each deadline is counted from its own turn: a slow stop before it does not eat its grace.
        XCTAssertEqual(try XCTUnwrap(server.graceSeen), 5, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(runner.graceSeen), 4, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(sender.graceSeen), 2, accuracy: 0.5)
        group.stop()
        XCTAssertEqual(journal.all.count, 6, "a second stop stops nothing again")
    }

    func testAServiceThatCannotStartStopsThoseStartedBeforeIt() throws {
        let journal = Journal()
        let server = Part("server", journal, failsToStart: true), runner = Part("runner", journal)
        let group = ServiceGroup(stoppingInOrder: [.init(server, grace: .seconds(1)), .init(runner, grace: .seconds(1))],
                                 logger: Logger(level: .critical))
        XCTAssertThrowsError(try group.start())
        XCTAssertEqual(journal.all, ["start runner", "stop runner"])
    }
}
