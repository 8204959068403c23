import ControlProtocol
import DaemonTestSupport
import Foundation
import Logging
import MusicTheory
import Statistics
import Synchronization
import Testing
import Training
@testable import DaemonApp

/// The wait behind a `notes.play` reply: until the writer has committed the request's answers.
@Suite("The statistics writer's acknowledgements", .daemon)
struct StatisticsFollowerTests {
    private static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A session start and one judged note, as the engine reports them.
    private static func events() throws -> [TrainingEvent] {
        let sink = Collector()
        let engine = TrainingEngine(clock: SystemTrainingClock(), random: SeededRandom(seed: 1), sink: sink)
        try engine.start(.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "C"))))
        engine.handle(KeyboardEvent(.noteOn(MIDINote(48), velocity: 90), at: .seconds(1)))
        return sink.events.withLock { $0 }
    }

    /// Hands `events` to `follower` as the core does, numbered from 1; returns the last number.
    private static func feed(_ events: [TrainingEvent], to follower: StatisticsFollower) -> Int {
        for (index, event) in events.enumerated() {
            let report = EventReport(seq: index + 1, type: "test", topic: .answer, sessionSeconds: 0, text: "", details: .null)
            follower.follow(report, event: event)
        }
        return events.count
    }

    private static func running(_ store: any StatisticsStore, _ body: (StatisticsFollower) async throws -> Void) async rethrows {
        let follower = StatisticsFollower(recorder: StatisticsRecorder(store: store, profile: "default", logger: logger))
        async let writer: Void = follower.run()
        try await body(follower)
        follower.finish()
        await writer
    }

    @Test("true once the answers are stored; false when the store is unavailable")
    func stored() async throws {
        let events = try Self.events()
        let memory = MemoryStatisticsStore()
        try await Self.running(memory) { (follower: StatisticsFollower) async throws in
            let last = Self.feed(events, to: follower)
            #expect(await follower.recorded(after: 0, through: last))
            #expect(memory.storedAnswers.map(\.playedMIDI) == [48])
        }
        await Self.running(UnavailableStatisticsStore(reason: "test")) { follower in
            let last = Self.feed(events, to: follower)
            #expect(await follower.recorded(after: 0, through: last) == false)
        }
    }

    @Test("a failed batch fails the replies waiting on it, not the later ones; a stopped writer fails the rest")
    func progress() async {
        let progress = CommitProgress()
        async let first = progress.stored(after: 0, through: 2, timeout: .seconds(10))
        async let second = progress.stored(after: 2, through: 4, timeout: .seconds(10))
        try? await Task.sleep(for: .milliseconds(20))
        progress.finished(through: 3, stored: false, closing: false)
        #expect(await first == false)
        progress.finished(through: 4, stored: true, closing: false)
        #expect(await second == false, "its batch up to 3 failed")
        #expect(await progress.stored(after: 3, through: 4, timeout: .seconds(10)))
        progress.finished(through: 4, stored: true, closing: true)
        #expect(await progress.stored(after: 4, through: 5, timeout: .seconds(10)) == false)
    }

    @Test("a writer that hangs: the wait ends after its timeout, unrecorded", .timeLimit(.minutes(10)))
    func timeout() async throws {
        let store = HangingStore()
        try await Self.running(store) { (follower: StatisticsFollower) async throws in
            let last = Self.feed(try Self.events(), to: follower)
            // The store is released only after the wait: a wait that ended did not end on the store.
            #expect(await follower.recorded(after: 0, through: last, timeout: .milliseconds(200)) == false)
            store.release.signal()
        }
    }
}

/// Keeps the engine's events.
private final class Collector: TrainingEventSink, Sendable {
    let events = Mutex<[TrainingEvent]>([])
    func receive(_ event: TrainingEvent) { events.withLock { $0.append(event) } }
}

/// A store whose writes block until released, like a disk that stopped answering.
private final class HangingStore: StatisticsStore {
    let release = DispatchSemaphore(value: 0)
    private let memory = MemoryStatisticsStore()
    var status: StoreStatus { memory.status }
    func recordSessionStart(_ session: SessionStartRecord) throws(StatisticsError) { hang() }
    func recordAnswer(_ answer: AnswerRecord) throws(StatisticsError) { hang() }
    func recordSessionEnd(_ end: SessionEndRecord) throws(StatisticsError) { hang() }
    func recordQuestionClosed(session: UUID) throws(StatisticsError) { hang() }
    func recordAnswerMeasured(session: UUID, cents: Double) throws(StatisticsError) { hang() }
    /// Blocks until released; from then on every write passes.
    private func hang() {
        release.wait()
        release.signal()
    }
    func sessions(profile: String?) throws(StatisticsError) -> [SessionRecord] { [] }
    func answers(profile: String?) throws(StatisticsError) -> [AnswerRecord] { [] }
    func profiles() throws(StatisticsError) -> [String] { [] }
    func lifetimeFigures(profile: String) throws(StatisticsError) -> LifetimeFigures { try memory.lifetimeFigures(profile: profile) }
}
