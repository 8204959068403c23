import Foundation
import MusicTheory
import Statistics
import Testing
import Training

/// The engine's clock, moved by hand together with the wall clock.
final class StepClock: TrainingClock {
    var now: Duration = .zero
}

/// Hands every engine event to the recorder, as the daemon's follower of the event stream does.
struct RecorderSink: TrainingEventSink {
    let recorder: StatisticsRecorder
    func receive(_ event: TrainingEvent) { recorder.record(event) }
}

@Suite("Recording the engine's events")
struct RecorderTests {
    @Test("a D dorian session with one wrong note is stored answer by answer, with its results")
    func scaleSession() throws {
        let wall = ManualWallClock(scriptNow)
        let store = MemoryStatisticsStore(clock: wall, timeZone: utc)
        let recorder = StatisticsRecorder(store: store, profile: "anna", clock: wall, logger: quietLogger)
        let clock = StepClock()
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 1), sink: RecorderSink(recorder: recorder))
        try engine.start(.scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D"))))
        // D E F G A B C D, with an F played where the E belongs.
        for note in [50, 53, 52, 53, 55, 57, 59, 60, 62] {
            clock.now += .seconds(1)
            wall.advance(by: 1)
            engine.handle(.noteOn(MIDINote(note), at: clock.now))
        }
        clock.now += .seconds(1)
        wall.advance(by: 1)
        engine.perform(.stop)

        let sessions = try store.sessions(profile: "anna")
        #expect(sessions.count == 1)
        let session = try #require(sessions.first)
        #expect(session.start.exercise == .scale && session.start.mode == "dorian" && session.start.root == "D")
        #expect(session.start.startedAt == scriptNow)
        #expect(session.end?.lengthSeconds == 10)
        #expect(session.end?.correct == 8 && session.end?.errors == 1)
        let results = try JSONDecoder().decode(SessionResults.self, from: Data(try #require(session.end?.resultsJSON).utf8))
        #expect(results.correct == 8)

        let answers = try store.answers(profile: "anna")
        #expect(answers.map(\.playedMIDI) == [50, 53, 52, 53, 55, 57, 59, 60, 62])
        #expect(answers.map(\.correct) == [true, false, true, true, true, true, true, true, true])
        #expect(answers.map(\.degree) == [1, 2, 2, 3, 4, 5, 6, 7, 8])
        #expect(answers.map(\.attempt) == [1, 1, 2, 1, 1, 1, 1, 1, 1])
        #expect(answers.map(\.responseSeconds) == [1, 1, 2, 1, 1, 1, 1, 1, 1])
        #expect(answers.allSatisfy { $0.mode == "dorian" && $0.root == "D" && $0.session == session.start.id })
        #expect(answers[1].expected.hasPrefix("E") && answers[1].expectedMIDI % 12 == 4)
        #expect(answers.map(\.time) == (1...9).map { scriptNow + Double($0) })

        let figures = try store.lifetimeFigures(profile: "anna")
        #expect(figures.byMode["dorian"]?.answers == 9 && figures.overall.bestStreak == 7)
    }

    @Test("a kind's own values are stored as its typed value: a session's options (a pure level is no mode), an answer's question")
    func kindsOwnValues() throws {
        let wall = ManualWallClock(scriptNow)
        let store = MemoryStatisticsStore(clock: wall, timeZone: utc)
        let recorder = StatisticsRecorder(store: store, profile: "default", clock: wall, logger: quietLogger)
        let clock = StepClock()
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 3), sink: RecorderSink(recorder: recorder))
        try engine.start(Exercise(PureExercise(level: 2, root: try RootNote(parsing: "C3"))))
        clock.now += .seconds(1)
        engine.handle(.noteOn(MIDINote(60), at: clock.now))  // above the root: the second
        engine.perform(.stop)

        let session = try #require(try store.sessions(profile: "default").first?.start)
        #expect(session.mode == nil && session.intervals == [], "a level is not a mode: \(session)")
        let options = try StatisticsRecorder.kindValueDecoder.decode(PureExercise.self, from: Data(try #require(session.options).utf8))
        #expect(options == PureExercise(level: 2, root: try RootNote(parsing: "C3")))
        let answer = try #require(try store.answers(profile: "default").first)
        #expect(answer.mode == nil, "the item is not a mode: \(answer)")
        let stored = try #require(answer.question)
        #expect(stored.contains("\"root_note\":48"), "snake_case, as the wire: \(stored)")
        let question = try StatisticsRecorder.kindValueDecoder.decode(PureQuestion.self, from: Data(stored.utf8))
        #expect(question.item.subject.label == answer.item?.label && question.rootNote == MIDINote(48))
    }

    @Test("an interval session records the interval asked and the sounded root")
    func intervalSession() throws {
        let wall = ManualWallClock(scriptNow)
        let store = MemoryStatisticsStore(clock: wall, timeZone: utc)
        let recorder = StatisticsRecorder(store: store, profile: "default", clock: wall, logger: quietLogger)
        let clock = StepClock()
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 7), sink: RecorderSink(recorder: recorder))
        let third = try SpelledInterval(parsing: "m3")
        try engine.start(.interval(IntervalExercise(root: try RootNote(parsing: "E2"), intervals: [third], adaptive: false)))
        clock.now += .milliseconds(1500)
        engine.handle(.noteOn(MIDINote(43), at: clock.now))  // G2, a minor third above E2
        engine.perform(.stop)

        let answer = try #require(try store.answers(profile: "default").first)
        #expect(answer.exercise == .interval && answer.interval == "m3" && answer.root == "E" && answer.mode == nil)
        #expect(answer.correct && answer.expected == "G2" && answer.responseSeconds == 1.5)
        #expect(try store.sessions(profile: "default").first?.start.intervals == ["m3"])
    }

    @Test("with the store unavailable, recording goes on without throwing")
    func unavailable() throws {
        let store = UnavailableStatisticsStore(reason: "test")
        let recorder = StatisticsRecorder(store: store, profile: "default", logger: quietLogger)
        let clock = StepClock()
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 1), sink: RecorderSink(recorder: recorder))
        try engine.start(.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "C"))))
        engine.handle(.noteOn(MIDINote(48), at: .seconds(1)))
        engine.perform(.stop)
        #expect(!engine.isRunning)
    }

    @Test("a batch of events says whether what it meant was stored")
    func batchOutcome() throws {
        let collected = CollectingSink()
        let engine = TrainingEngine(clock: StepClock(), random: SeededRandom(seed: 1), sink: collected)
        try engine.start(.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "C"))))
        engine.handle(.noteOn(MIDINote(48), at: .seconds(1)))
        let memory = MemoryStatisticsStore()
        #expect(StatisticsRecorder(store: memory, profile: "default", logger: quietLogger).record(collected.events))
        #expect(memory.storedAnswers.map(\.playedMIDI) == [48])
        #expect(try memory.answers(profile: nil).isEmpty, "the round is still open: its answers are not read")
        let unavailable = StatisticsRecorder(store: UnavailableStatisticsStore(reason: "test"), profile: "default", logger: quietLogger)
        #expect(!unavailable.record(collected.events))
        #expect(unavailable.record([]), "nothing to store is stored")
    }
}

/// Keeps every engine event, to hand them to a recorder as one batch.
final class CollectingSink: TrainingEventSink {
    var events: [TrainingEvent] = []
    func receive(_ event: TrainingEvent) { events.append(event) }

    /// A sink that says which student each session start is for, as the daemon's follower does.
    final class ProfileSink: TrainingEventSink {
        let recorder: StatisticsRecorder
        var student: String?
        init(recorder: StatisticsRecorder) { self.recorder = recorder }
        func receive(_ event: TrainingEvent) {
            let profile: String? = if case .sessionStarted = event.kind { student } else { nil }
            recorder.record(entries: [StatisticsRecorder.Entry(event: event, profile: profile)])
        }
    }

    @Test("a session that names its student records under that profile; the next one without a name under the recorder's own")
    func sessionsNameTheirStudents() throws {
        let wall = ManualWallClock(scriptNow)
        let store = MemoryStatisticsStore(clock: wall, timeZone: utc)
        let recorder = StatisticsRecorder(store: store, profile: "default", clock: wall, logger: quietLogger)
        let clock = StepClock()
        let sink = ProfileSink(recorder: recorder)
        let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 1), sink: sink)
        let scale = Exercise.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "C")))
        for (student, notes) in [("bea", [48, 50, 51]), (nil, [48, 49])] as [(String?, [Int])] {
            sink.student = student
            try engine.start(scale)  // ends the one before, whose end is still its own student's
            for note in notes {
                clock.now += .seconds(1)
                engine.handle(.noteOn(MIDINote(note), at: clock.now))
            }
        }
        engine.perform(.stop)
        #expect(try store.answers(profile: "bea").map(\.playedMIDI) == [48, 50, 51])
        #expect(try store.answers(profile: "default").map(\.playedMIDI) == [48, 49])
        let bea = try store.sessions(profile: "bea")
        #expect(bea.count == 1 && bea.first?.end?.correct == 2 && bea.first?.end?.errors == 1)
        #expect(try store.sessions(profile: "default").count == 1)
    }
}
