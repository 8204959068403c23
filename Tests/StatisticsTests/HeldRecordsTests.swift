import ControlProtocol
import Foundation
import MusicTheory
import Statistics
import Synchronization
import Testing
import Training

/// A store in memory that refuses every write while `full`, all or none, as SQLite does on a full
/// disk, and says `failing` until a write succeeds.
final class FillableStore: StatisticsStore {
    let memory = MemoryStatisticsStore(clock: ManualWallClock(scriptNow), timeZone: utc)
    private let state = Mutex((full: false, failing: false, refusedBatches: 0))

    var full: Bool {
        get { state.withLock { $0.full } }
        set { state.withLock { $0.full = newValue } }
    }

    var refusedBatches: Int { state.withLock { $0.refusedBatches } }

    var status: StoreStatus {
        state.withLock { $0.failing } ? .failing(location: "fillable", reason: "the disk is full") : .available(location: "fillable")
    }

    func record(_ records: [StatisticsRecord]) throws(StatisticsError) {
        let refused = state.withLock { state in
            state.failing = state.full
            if state.full { state.refusedBatches += 1 }
            return state.full
        }
        if refused { throw .database("the disk is full") }
        for record in records {
            switch record {
            case .sessionStart(let start): try memory.recordSessionStart(start)
            case .answer(let answer): try memory.recordAnswer(answer)
            case .sessionEnd(let end): try memory.recordSessionEnd(end)
            case .questionClosed(let session): try memory.recordQuestionClosed(session: session)
            case .answerMeasured(let session, let cents): try memory.recordAnswerMeasured(session: session, cents: cents)
            }
        }
    }

    func recordSessionStart(_ session: SessionStartRecord) throws(StatisticsError) { try record([.sessionStart(session)]) }
    func recordAnswer(_ answer: AnswerRecord) throws(StatisticsError) { try record([.answer(answer)]) }
    func recordSessionEnd(_ end: SessionEndRecord) throws(StatisticsError) { try record([.sessionEnd(end)]) }
    func recordQuestionClosed(session: UUID) throws(StatisticsError) { try record([.questionClosed(session: session)]) }
    func recordAnswerMeasured(session: UUID, cents: Double) throws(StatisticsError) { try record([.answerMeasured(session: session, cents: cents)]) }
    func sessions(profile: String?) throws(StatisticsError) -> [SessionRecord] { try memory.sessions(profile: profile) }
    func answers(profile: String?) throws(StatisticsError) -> [AnswerRecord] { try memory.answers(profile: profile) }
    func profiles() throws(StatisticsError) -> [String] { try memory.profiles() }
    func lifetimeFigures(profile: String) throws(StatisticsError) -> LifetimeFigures { try memory.lifetimeFigures(profile: profile) }
}

@Suite("Answers a failing store refused are held and written later")
struct HeldRecordsTests {
    /// An engine in a C ionian session whose events go to `recorder` one by one.
    private static func engine(recording recorder: StatisticsRecorder) throws -> (TrainingEngine, StepClock) {
        let clock = StepClock()
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 1), sink: RecorderSink(recorder: recorder))
        try engine.start(.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "C"))))
        return (engine, clock)
    }

    /// Plays `notes` a second apart, on the engine's clock and, when given, the wall clock.
    private static func play(_ notes: [Int], on engine: TrainingEngine, clock: StepClock, wall: ManualWallClock? = nil) {
        for note in notes {
            clock.now += .seconds(1)
            wall?.advance(by: 1)
            engine.handle(.noteOn(MIDINote(note), at: clock.now))
        }
    }

    @Test("what a full disk refused is written, in order, before the next answer, and a retry alone writes it")
    func writtenInOrder() throws {
        let store = FillableStore()
        let wall = ManualWallClock(scriptNow)
        let recorder = StatisticsRecorder(store: store, profile: "default", clock: wall, logger: quietLogger)
        let (engine, clock) = try Self.engine(recording: recorder)
        Self.play([48, 50], on: engine, clock: clock, wall: wall)
        store.full = true
        Self.play([52, 53, 55], on: engine, clock: clock, wall: wall)
        #expect(recorder.heldCount == 3)
        #expect(store.refusedBatches == 3, "each answer, a second after the last, tried again with those before it")
        wall.advance(by: 1)
        #expect(!recorder.retryHeld(), "a retry on a disk still full writes nothing")
        #expect(store.refusedBatches == 4)
        store.full = false
        #expect(!recorder.retryHeld(), "no retry sooner than retryInterval after a refusal")
        #expect(store.refusedBatches == 4 && recorder.heldCount == 3)
        store.full = true
        #expect(!recorder.retryHeld(now: true), "at exit a retry does not wait")
        #expect(store.refusedBatches == 5 && recorder.heldCount == 3)
        store.full = false
        Self.play([57], on: engine, clock: clock, wall: wall)
        #expect(recorder.heldCount == 0)
        #expect(store.memory.storedAnswers.map(\.playedMIDI) == [48, 50, 52, 53, 55, 57])

        store.full = true
        engine.perform(.stop)
        #expect(recorder.heldCount == 1, "the session's end is held")
        store.full = false
        wall.advance(by: StatisticsRecorder.retryInterval)
        #expect(recorder.retryHeld())
        #expect(recorder.heldCount == 0)
        #expect(try store.sessions(profile: nil).first?.end?.correct == 6)
    }

    @Test("at most heldLimit records wait; newer ones are lost, and writing resumes after")
    func limit() throws {
        let store = FillableStore()
        let wall = ManualWallClock(scriptNow)
        let recorder = StatisticsRecorder(store: store, profile: "default", clock: wall, logger: quietLogger)
        store.full = true
        let (engine, clock) = try Self.engine(recording: recorder)  // the session's start is held too
        let wrong = [Int](repeating: 49, count: StatisticsRecorder.heldLimit + 5)
        Self.play(wrong, on: engine, clock: clock)  // all within a second of the refusal: only held
        #expect(store.refusedBatches == 1)
        #expect(recorder.heldCount == StatisticsRecorder.heldLimit)
        store.full = false
        Self.play([48], on: engine, clock: clock, wall: wall)
        #expect(recorder.heldCount == 0)
        let answers = store.memory.storedAnswers
        #expect(answers.count == StatisticsRecorder.heldLimit, "the session start, 9,999 held answers and the new one")
        #expect(answers.first?.playedMIDI == 49 && answers.last?.playedMIDI == 48)
        #expect(try store.sessions(profile: nil).count == 1)
    }

    @Test("an unavailable store holds nothing")
    func unavailableHoldsNothing() throws {
        let recorder = StatisticsRecorder(store: UnavailableStatisticsStore(reason: "test"), profile: "default", logger: quietLogger)
        let (engine, clock) = try Self.engine(recording: recorder)
        Self.play([48, 50], on: engine, clock: clock)
        #expect(recorder.heldCount == 0)
        #expect(recorder.retryHeld(), "nothing is held, so nothing is left to write")
    }
}
