import MusicTheory
import Testing
@testable import Training

/// A sung note that finishes a question is let end before the next question sounds over it: the
/// next one opens when the note's end is measured (after its `noteMeasured`), or
/// `sungEndWait` after the judgement at the latest; meanwhile nothing is an answer, and a skip
/// opens it at once. Keys, and a `match` answer (its cents the kind's own), never wait.
@Suite struct SungEndWaitTests {
    /// An ascending perfect fifth session, and the fifth of its first question.
    func fifths() throws -> (harness: Harness, fifth: Frequency) {
        let harness = Harness()
        try harness.engine.start(.interval(IntervalExercise(intervals: [interval("P5")], direction: .ascending)))
        return (harness, Frequency(MIDINote(harness.intervalQuestion.rootNote.rawValue + 7)))
    }

    func kinds(_ harness: Harness) -> [String] {
        harness.sink.events.map {
            switch $0.kind {
            case .prompt: "prompt"
            case .noteJudged: "judged"
            case .noteMeasured: "measured"
            default: "other"
            }
        }
    }

    @Test("the next question opens once the sung note has ended, after its measurement; a key or a note meanwhile is no answer")
    func waitsForTheEnd() throws {
        let (harness, fifth) = try fifths()
        harness.clock.advance(by: .seconds(1))
        let onset = harness.clock.now
        harness.engine.hear(HeardNote(fifth.shifted(byCents: 12), at: onset))
        #expect(kinds(harness) == ["other", "prompt", "judged"])
        #expect(harness.engine.deadline == onset + TrainingEngine.sungEndWait)
        harness.play(60)
        harness.engine.hear(HeardNote(fifth, at: harness.clock.now))
        harness.engine.timePassed(at: harness.clock.now)
        #expect(kinds(harness) == ["other", "prompt", "judged"], "nothing answers while the note sounds")
        harness.engine.measure(HeardNote(fifth.shifted(byCents: 3), at: onset), lasting: 1.5)
        #expect(kinds(harness) == ["other", "prompt", "judged", "measured", "prompt"])
        let asked = try #require(harness.sink.events.last)
        #expect(asked.sessionTime == onset + .seconds(1.5), "asked at the note's end")
        #expect(harness.engine.deadline == nil)
        // The new question takes the next note sung.
        let next = Frequency(MIDINote(harness.intervalQuestion.rootNote.rawValue + 7))
        harness.clock.advance(by: .seconds(3))
        harness.engine.hear(HeardNote(next, at: harness.clock.now))
        #expect(harness.sink.judgements.count == 2 && harness.sink.judgements.allSatisfy(\.correct))
    }

    @Test("a note whose end never comes holds the next question no longer than the wait; a skip opens it at once")
    func theWaitEnds() throws {
        let (harness, fifth) = try fifths()
        harness.engine.hear(HeardNote(fifth, at: .seconds(1)))
        harness.engine.timePassed(at: .seconds(1) + TrainingEngine.sungEndWait - .milliseconds(1))
        #expect(harness.sink.prompts.count == 1)
        harness.engine.timePassed(at: .seconds(1) + TrainingEngine.sungEndWait)
        #expect(harness.sink.prompts.count == 2)

        let (skipped, again) = try fifths()
        skipped.engine.hear(HeardNote(again, at: .seconds(1)))
        skipped.engine.perform(.skip, at: .seconds(2))
        #expect(skipped.sink.prompts.count == 2 && skipped.sink.reveals.isEmpty, "the question was answered: nothing to reveal")
    }

    @Test("keys never wait, nor does match sung (its cents the kind's own)")
    func keysAndMatch() throws {
        let (keys, _) = try fifths()
        keys.play(Int(keys.intervalQuestion.rootNote.rawValue) + 7)
        #expect(keys.sink.prompts.count == 2 && keys.engine.deadline == nil)

        let match = Harness()
        try match.engine.start(Exercise(MatchExercise(tolerance: 5)))
        let shown = try #require(match.sink.prompts.last?.question.shown(as: MatchQuestion.self))
        match.engine.hear(HeardNote(Frequency(shown.targetNote), at: .seconds(1)))
        #expect(match.sink.prompts.count == 2)
    }
}
