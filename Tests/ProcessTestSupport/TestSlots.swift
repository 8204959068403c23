import Foundation
import Synchronization
import Testing

/// How many of the daemon's tests run at once: each takes one of a few slots for its whole run,
/// and waits for one (as a suspended task, holding no thread) while all are taken.
///
/// Suites run side by side, and on a two-core machine a whole daemon test is heavy: a daemon in
/// process or a real `eartrainerd`, clients, often `eartrainctl`, sometimes sound rendered in real
/// time. Started all at once, dozens of them shared two cores and each one's waits (a client's
/// 10 s, a test's time limit, sound due on time) ran out. A few at a time, beside the light unit
/// suites, they finish sooner than one at a time did, and each gets the machine its bounds assume.
/// A test's `.timeLimit` counts the wait for its slot too, so those of these suites allow minutes.
public struct DaemonSlot: TestTrait, SuiteTrait, TestScoping {
    /// Slots: enough to keep both cores busy while some tests wait on a daemon's timers.
    static let gate = Gate(width: 3)
    /// The slot of the suites that compute for seconds without suspending (`.cpuHeavy`).
    static let heavyGate = Gate(width: 1)
    /// The slots of the suites timed against the clock (`.realTime`): `ET_REAL_TIME_WIDTH` at once
    /// (1 unless set; `make test`'s real-time stage, which runs them alone, sets it).
    static let realTimeGate = Gate(width: ProcessInfo.processInfo.environment["ET_REAL_TIME_WIDTH"].flatMap(Int.init).map { max(1, $0) } ?? 1)

    let gate: Gate

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // A suite passes through; each test case (one per argument of a parameterized test) takes a slot.
        guard testCase != nil else { return try await function() }
        await gate.enter()
        defer { gate.leave() }
        try await function()
    }
}

extension Trait where Self == DaemonSlot {
    /// The suite's tests run a daemon: a few such tests run at once (`DaemonSlot`).
    public static var daemon: Self { DaemonSlot(gate: DaemonSlot.gate) }

    /// The suite's tests compute for seconds without suspending (rendering sound, synthesizing
    /// speech), so each holds a thread of Swift's pool, which has two here, the whole time: one
    /// such test at a time, so the other thread stays free for the daemons and servers that
    /// tests beside it are waiting on (they would miss their clients' 10 s otherwise).
    public static var cpuHeavy: Self { DaemonSlot(gate: DaemonSlot.heavyGate) }

    /// The suite's tests judge sound rendered as it plays against the clock: one such test at a
    /// time unless `ET_REAL_TIME_WIDTH` says more (`make test` sets three), and `make test` runs these suites (`ListeningTests`, with `LiveSocketTests`, which
    /// times a relay) in a stage of their own after the others, as it does the abuse suite.
    /// Beside the other suites on two cores, their notes came late and they missed.
    public static var realTime: Self { DaemonSlot(gate: DaemonSlot.realTimeGate) }
}

/// A counting semaphore for tasks: `enter()` suspends while `width` holders are in, first come,
/// first served.
final class Gate: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(width: Int) {
        state = Mutex(State(free: width))
    }

    func enter() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(waiter)
                    return false
                }
                state.free -= 1
                return true
            }
            if admitted { waiter.resume() }
        }
    }

    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()  // its slot passes on
        }
        next?.resume()
    }
}
