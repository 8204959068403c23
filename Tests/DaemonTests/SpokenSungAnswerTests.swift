import MusicTheory
import Testing
import Training

@testable import Daemon

/// A sung answer said aloud: right and what was heard as it is judged; how far the whole note was
/// from the note in tune (or that it was in tune) once it has ended, before the next question; a
/// sung scale's right notes say nothing (as keys do), so the singer is not talked over.
@Suite("The voice says how far a sung note was")
struct SpokenSungAnswerTests {
    final class Collector: TrainingEventSink {
        var phrases = SpokenPhrases()
        var said: [[String]] = []
        var root: MIDINote?

        func receive(_ event: TrainingEvent) {
            if case .prompt(let prompt) = event.kind { root = prompt.question.shown(as: IntervalQuestion.self)?.rootNote }
            switch event.kind {
            case .noteJudged, .noteMeasured: said.append(phrases.lines(for: event, cues: .words).map(\.text))
            default: _ = phrases.lines(for: event, cues: .words)
            }
        }
    }

    static func engine(_ collector: Collector) -> TrainingEngine {
        TrainingEngine(settings: FixedSettings(TrainingSettings()), clock: SpokenNoteNamesTests.StillClock(),
                       random: SeededRandom(seed: 3), sink: collector)
    }

    @Test("an interval sung 9 c flat as it settled, 20 c sharp whole (the tolerance is 15 c): right, the interval, then once it ended 20 cents sharp; one 2 c flat whole: in tune")
    func interval() throws {
        let collector = Collector()
        let engine = Self.engine(collector)
        try engine.start(Exercise(IntervalExercise(intervals: [try SpelledInterval(parsing: "P5")], direction: .ascending)))
        for (question, whole) in [20.0, -2.0].enumerated() {
            let root = try #require(collector.root)
            let fifth = Frequency(MIDINote(root.rawValue + 7)), onset = Duration.seconds(2 * question)
            engine.hear(HeardNote(fifth.shifted(byCents: -9), at: onset))
            engine.measure(HeardNote(fifth.shifted(byCents: whole), at: onset), lasting: 0.8)
        }
        #expect(collector.said == [["right", "a perfect fifth"], ["20 cents sharp"], ["right", "a perfect fifth"], ["in tune"]], "\(collector.said)")
    }

    @Test("a sung note whose end comes after the next question (held past the wait) says no cents over it")
    func measuredLate() throws {
        let collector = Collector()
        let engine = Self.engine(collector)
        try engine.start(Exercise(IntervalExercise(intervals: [try SpelledInterval(parsing: "P5")], direction: .ascending)))
        let fifth = Frequency(MIDINote(try #require(collector.root).rawValue + 7))
        engine.hear(HeardNote(fifth, at: .zero))
        engine.timePassed(at: try #require(engine.deadline))  // the next question opens
        engine.measure(HeardNote(fifth.shifted(byCents: 30), at: .zero), lasting: 6)
        #expect(collector.said == [["right", "a perfect fifth"], []], "\(collector.said)")
    }

    @Test("a sung scale's right notes say nothing; a wrong one says wrong")
    func scale() throws {
        let collector = Collector()
        let engine = Self.engine(collector)
        try engine.start(.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "C"))))
        engine.hear(HeardNote(Frequency(MIDINote(48)).shifted(byCents: 9), at: .zero))
        engine.hear(HeardNote(Frequency(MIDINote(51)), at: .zero))
        #expect(collector.said == [[], ["wrong"]], "\(collector.said)")
    }
}
