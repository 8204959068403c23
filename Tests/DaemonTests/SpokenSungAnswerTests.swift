import MusicTheory
import Testing
import Training

@testable import Daemon

/// A sung answer said aloud: right, what was heard, and how far from the note in tune (or that it
/// was in tune); a sung
/// scale's right notes say nothing (as keys do), so the singer is not talked over.
@Suite("The voice says how far a sung note was")
struct SpokenSungAnswerTests {
    final class Collector: TrainingEventSink {
        var phrases = SpokenPhrases()
        var said: [[String]] = []
        var root: MIDINote?

        func receive(_ event: TrainingEvent) {
            if case .prompt(let prompt) = event.kind { root = prompt.question.shown(as: IntervalQuestion.self)?.rootNote }
            if case .noteJudged = event.kind { said.append(phrases.lines(for: event, cues: .words).map(\.text)) } else {
                _ = phrases.lines(for: event, cues: .words)
            }
        }
    }

    static func engine(_ collector: Collector) -> TrainingEngine {
        TrainingEngine(settings: FixedSettings(TrainingSettings()), clock: SpokenNoteNamesTests.StillClock(),
                       random: SeededRandom(seed: 3), sink: collector)
    }

    @Test("an interval sung 20 c sharp (the tolerance is 15 c): right, the interval, 20 cents sharp; one 2 c flat: in tune")
    func interval() throws {
        let collector = Collector()
        let engine = Self.engine(collector)
        try engine.start(Exercise(IntervalExercise(intervals: [try SpelledInterval(parsing: "P5")], direction: .ascending)))
        for cents in [20.0, -2.0] {
            let root = try #require(collector.root)
            engine.hear(HeardNote(Frequency(MIDINote(root.rawValue + 7)).shifted(byCents: cents), at: .zero))
        }
        #expect(collector.said == [["right", "a perfect fifth, 20 cents sharp"], ["right", "a perfect fifth, in tune"]], "\(collector.said)")
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
