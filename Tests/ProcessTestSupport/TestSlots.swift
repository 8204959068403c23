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

    /// `ET_SLOT_TIMES=1`: each test's own time is printed, and so is a slow child's (`Command`).
    public static let printsTimes = ProcessInfo.processInfo.environment["ET_SLOT_TIMES"] == "1"

    let gate: Gate
    /// How many of the gate's slots a test takes: all of them for a test that must run alone.
    var slots = 1

    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // A suite passes through; each test case (one per argument of a parameterized test) takes a slot.
        guard testCase != nil else { return try await function() }
        _ = PoolWatch.started
        let slots = min(slots, gate.width)
        let name = test.displayName ?? test.name
        // A wait of minutes says who holds the slots: a test that never ends names itself.
        let watch = Task {
            try await Task.sleep(for: .seconds(180))
            print("⚠︎ \(name) has waited 3 minutes for a slot; held by: \(gate.holders.joined(separator: "; "))")
        }
        await gate.enter(slots, name: name)
        watch.cancel()
        let entered = ContinuousClock.now
        defer {
            gate.leave(slots, name: name)
            // ET_SLOT_TIMES=1 prints each test's own time, without its wait for a slot (the
            // breakdown of a stage in docs/benchmarks.md).
            if Self.printsTimes { print("⏱ \(ContinuousClock.now - entered) in its slot: \(name)") }
        }
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

    /// A suite timed against the clock whose tests must have the machine to themselves even in
    /// the real-time stage: each takes every slot of `.realTime`'s gate (a steady click's
    /// play-back, aimed at a grid read from the WAV a fraction of a second ahead; the file
    /// device's note, found where its clock was).
    public static var realTimeAlone: Self { DaemonSlot(gate: DaemonSlot.realTimeGate, slots: Int.max) }
}

/// A counting semaphore for tasks: `enter(n)` suspends while fewer than `n` of `width` slots are
/// free. Waiters are let in in the order they came, each as soon as its slots are free: a test
/// that wants them all waits until the tests that want fewer are through, and the slots never
/// stand idle behind it (the real-time stage's alone tests, first in line, had held two of three
/// slots empty for minutes while the long tests before them finished).
final class Gate: Sendable {
    private struct State {
        var free: Int
        var waiting: [(slots: Int, name: String, waiter: CheckedContinuation<Void, Never>)] = []
        /// The tests in, by name.
        var holders: [String] = []
    }

    let width: Int
    private let state: Mutex<State>

    init(width: Int) {
        self.width = width
        state = Mutex(State(free: width))
    }

    /// The tests holding slots now.
    var holders: [String] { state.withLock { $0.holders } }

    func enter(_ slots: Int = 1, name: String = "") async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state in
                guard state.free >= slots else {
                    state.waiting.append((slots, name, waiter))
                    return false
                }
                state.free -= slots
                state.holders.append(name)
                return true
            }
            if admitted { waiter.resume() }
        }
    }

    func leave(_ slots: Int = 1, name: String = "") {
        let admitted = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.free += slots
            if let index = state.holders.firstIndex(of: name) { state.holders.remove(at: index) }
            var admitted: [CheckedContinuation<Void, Never>] = []
            var still: [(slots: Int, name: String, waiter: CheckedContinuation<Void, Never>)] = []
            for waiting in state.waiting {
                guard state.free >= waiting.slots else { still.append(waiting); continue }
                state.free -= waiting.slots
                state.holders.append(waiting.name)
                admitted.append(waiting.waiter)
            }
            state.waiting = still
            return admitted
        }
        for waiter in admitted { waiter.resume() }
    }
}
