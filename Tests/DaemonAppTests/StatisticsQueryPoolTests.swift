import ControlProtocol
import DaemonTestSupport
import Dispatch
import Foundation
import MusicTheory
import Statistics
import Synchronization
import Testing

@testable import DaemonApp

/// Statistics queries run on a thread of their own, a bounded few at a time: a store that reads
/// slowly delays no key and no `status`, and a client that asks too much is refused at once.
@Suite("Statistics queries off the core", .daemon)
struct StatisticsQueryPoolTests {
    @Test("beyond its capacity a query is refused at once with busy; the others are answered")
    func bounded() async throws {
        let pool = StatisticsQueryPool(capacity: 2)
        let gate = DispatchSemaphore(value: 0)
        // Both wait at the gate, so both are in flight whichever starts first: a second query that
        // did not wait, started first under load, was answered before the first came in, and the
        // pool never held two (120 s waited for it, a loaded run).
        let first = Task { try await pool.run { () throws(RPCError) in gate.wait(); return JSONValue.number(1) } }
        let second = Task { try await pool.run { () throws(RPCError) in gate.wait(); return JSONValue.number(2) } }
        // However the tasks are scheduled: wait (bounded) until both are in, never for ever. Suites
        // beside this one may keep the pool's threads for many seconds (a parallel run once
        // started the second task more than 10 s late): the bound is what the test may take.
        let deadline = ContinuousClock.now + .seconds(120)
        while pool.inFlightCount < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let full = pool.inFlightCount == 2
        if full {
            await #expect(throws: StatisticsQueryPool.full) { try await pool.run { () throws(RPCError) in JSONValue.number(3) } }
        }
        gate.signal()
        gate.signal()
        #expect(full, "two queries in")
        #expect(try await first.value == .number(1))
        #expect(try await second.value == .number(2))
        #expect(try await pool.run { () throws(RPCError) in JSONValue.number(4) } == .number(4), "room again")
    }

    @Test("while the store reads slowly, keys are judged and status answers at once; queries past the bound are refused")
    func slowStoreDelaysNothing() async throws {
        let store = SlowReadingStore()
        let daemon = try await TestDaemon(statistics: store)
        let reader = try await daemon.connect()
        // Pipelined: 40 queries on one line each, sent without waiting for the replies.
        for id in 0..<40 { try await reader.sendLine(#"{"jsonrpc":"2.0","id":\#(id),"method":"stats.get"}"#) }
        #expect(await Polling.wait(seconds: 120) { store.readsWaiting > 0 }, "the store is reading")
        // While every read in progress waits on the store, and stays waiting until released below:
        let student = try await daemon.connect()
        _ = try await student.result("session.start", .object(["kind": .string("scale"), "root": .string("C3")]))
        _ = try await student.result("notes.play", .object(["notes": .array([.string("C3")])]))
        #expect(try await student.result("status")["session"]?["correct"] == .number(1), "a key judged and status answered while the store reads")
        #expect(store.readsWaiting > 0, "nothing above waited for the store")
        store.release()
        var busy = 0, answered = 0
        for _ in 0..<40 {
            let line = try await reader.readLine()
            if line.contains("-32006") { busy += 1 } else if line.contains("\"result\"") { answered += 1 }
        }
        #expect(busy > 0 && answered > 0 && busy + answered == 40, "\(busy) refused, \(answered) answered")
    }
}

/// A store whose figures (what `stats.get` reads) wait until released, like a long history on a
/// slow card.
private final class SlowReadingStore: StatisticsStore {
    private let gate = DispatchSemaphore(value: 0)
    private let waiting = Mutex(0)
    private let memory = MemoryStatisticsStore()
    var status: StoreStatus { memory.status }
    /// Reads that have begun and wait to be released.
    var readsWaiting: Int { waiting.withLock { $0 } }
    func release() { gate.signal() }
    private func wait() {
        waiting.withLock { $0 += 1 }
        gate.wait()
        gate.signal()
        waiting.withLock { $0 -= 1 }
    }
    func recordSessionStart(_ session: SessionStartRecord) throws(StatisticsError) { try memory.recordSessionStart(session) }
    func recordAnswer(_ answer: AnswerRecord) throws(StatisticsError) { try memory.recordAnswer(answer) }
    func recordSessionEnd(_ end: SessionEndRecord) throws(StatisticsError) { try memory.recordSessionEnd(end) }
    func recordQuestionClosed(session: UUID) throws(StatisticsError) { try memory.recordQuestionClosed(session: session) }
    func recordAnswerMeasured(session: UUID, cents: Double) throws(StatisticsError) { try memory.recordAnswerMeasured(session: session, cents: cents) }
    // The schedules read sessions and answers when a session starts: those are quick.
    func sessions(profile: String?) throws(StatisticsError) -> [SessionRecord] { try memory.sessions(profile: profile) }
    func answers(profile: String?) throws(StatisticsError) -> [AnswerRecord] { try memory.answers(profile: profile) }
    func profiles() throws(StatisticsError) -> [String] { wait(); return try memory.profiles() }
    func lifetimeFigures(profile: String) throws(StatisticsError) -> LifetimeFigures {
        wait()
        return try memory.lifetimeFigures(profile: profile)
    }
}
