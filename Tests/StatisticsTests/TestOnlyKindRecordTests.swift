import ExerciseTestSupport
import Foundation
import MusicTheory
import Statistics
import Testing
import Training

/// A kind added through the catalog alone (`DyadExercise`) is recorded, read back from SQLite,
/// exported and counted in the lifetime figures with nothing in Statistics knowing it.
@Suite("A test-only kind's answers in the statistics")
struct TestOnlyKindRecordTests {
    @Test("its session, answers, export rows and figures are kept under its name")
    func recorded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try ExerciseCatalog.$added.withValue([DyadExercise.self]) {
            let wall = ManualWallClock(scriptNow)
            let store = try SQLiteStatisticsStore(path: directory.path + "/eartrainer.sqlite", clock: wall, timeZone: utc, logger: quietLogger)
            let recorder = StatisticsRecorder(store: store, profile: "anna", clock: wall, logger: quietLogger)
            let clock = StepClock()
            let sink = RecordingPrompts(recorder: recorder)
            let engine = TrainingEngine(clock: clock, random: SeededRandom(seed: 3), sink: sink)
            try engine.start(Exercise(DyadExercise(low: MIDINote(48))))
            let top = try #require(sink.lastChord?.last)
            // A wrong pair, then the right one, each held together.
            for keys in [[48, 49], [48, top.rawValue]] {
                clock.now += .seconds(1)
                wall.advance(by: 1)
                for key in keys { engine.handle(.noteOn(MIDINote(key), at: clock.now)) }
                for key in keys { engine.handle(.noteOff(MIDINote(key), at: clock.now)) }
            }
            engine.perform(.stop)

            let session = try #require(try store.sessions(profile: "anna").first)
            #expect(session.start.exercise == DyadExercise.kind && session.start.root == "C3")
            let answers = try store.answers(profile: "anna")
            #expect(answers.map(\.correct) == [false, true])
            #expect(answers.allSatisfy { $0.exercise == DyadExercise.kind && $0.root == "C3" && $0.degree == nil })
            #expect(AnswerExport.csv(answers).split(separator: "\n").dropFirst().allSatisfy { $0.contains(",dyad,C3,") })
            let figures = try store.lifetimeFigures(profile: "anna")
            #expect(figures.byExercise["dyad"]?.answers == 2)
        }
    }
}

/// Records every event and keeps the last prompt's chord, so the test can play its answer.
final class RecordingPrompts: TrainingEventSink {
    let recorder: StatisticsRecorder
    private(set) var lastChord: [MIDINote]?

    init(recorder: StatisticsRecorder) {
        self.recorder = recorder
    }

    func receive(_ event: TrainingEvent) {
        if case .prompt(let prompt) = event.kind { lastChord = prompt.sounds.first?.notes }
        recorder.record(event)
    }
}
