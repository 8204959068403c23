import MusicTheory
import Testing
@testable import Training

/// An answer's time counts from the moment it can be given, as the output heard it: the end of the
/// prompt's last note (`TrainingEngine.promptEnded`), or the start of its last phrase for a kind
/// played along with (the scale's first degree). The instruction spoken before the notes, the
/// breath, the echo and the naming are not the student's time; the adaptive choice's "slow"
/// (over 4 s) reads the same figure.
@Suite struct ResponseTimeTests {
    @Test("compare: timed from the end of the second note as heard, seconds of instruction before it not counted")
    func compareFromTheSecondNotesEnd() throws {
        let harness = Harness(seed: 4)
        try harness.engine.start(Exercise(CompareExercise(root: try RootNote(parsing: "A3"))))
        // The daemon's output: 4 s of instruction, the reference, the second note ends 7.9 s after the prompt.
        harness.engine.promptLastPhraseHeard(at: harness.clock.now + .milliseconds(6_650))
        harness.engine.promptEnded(at: harness.clock.now + .milliseconds(7_900))
        let open = try #require(harness.engine.session?.open as? OpenCompareQuestion)
        harness.play(open.shown.rootNote.rawValue + (open.sharp ? 1 : -1), after: .milliseconds(10_400))
        let judgement = try #require(harness.sink.judgements.last)
        #expect(judgement.responseTime == .milliseconds(2_500), "2.5 s after the second note ended, not 10.4 s after the prompt")
        #expect(harness.engine.session?.chooser.weight(of: judgement.subject) == 1, "right and not slow for the adaptive choice (slow weighs 2)")
        #expect(judgement.sincePrompt == judgement.responseTime)
    }

    @Test("a key while the last phrase sounds, before its end, is timed as at once; with nothing heard, the estimate stands")
    func beforeTheEndAndUnheard() throws {
        let harness = Harness()
        try harness.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("M3")])))
        harness.engine.promptLastPhraseHeard(at: harness.clock.now + .seconds(4))
        harness.play(64, after: .seconds(5))  // the root is still sounding (it ends when reported)
        #expect(harness.sink.judgements.last?.responseTime == .zero)
        // The next question: no output reports it, as with an engine alone: timed from the prompt.
        harness.play(harness.intervalQuestion.answer.midiNote.rawValue, after: .seconds(3))
        #expect(harness.sink.judgements.last?.responseTime == .seconds(3))
    }

    @Test("a repeat's report replaces the first: the answer counts from the prompt heard last")
    func repeatCountsFromItsEnd() throws {
        let harness = Harness()
        try harness.engine.start(.interval(IntervalExercise(root: root("C3"), intervals: [interval("M3")])))
        harness.engine.promptEnded(at: harness.clock.now + .seconds(5))
        harness.clock.advance(by: .seconds(9))
        harness.engine.perform(.repeatPrompt)
        harness.engine.promptEnded(at: harness.clock.now + .seconds(5))
        harness.play(harness.intervalQuestion.answer.midiNote.rawValue, after: .seconds(6))
        #expect(harness.sink.judgements.last?.responseTime == .seconds(1), "1 s after the repeat ended, not 10 s after the first")
    }

    @Test("a chord and a degree: from the end of what they sound")
    func chordAndDegree() throws {
        let chord = Harness()
        try chord.engine.start(Exercise(ChordExercise(qualities: [.major], root: root("C3"))))
        chord.engine.promptEnded(at: chord.clock.now + .seconds(6))
        let notes = try #require(chord.sink.prompts.last?.sounds.last?.notes)
        chord.clock.advance(by: .milliseconds(8_000))
        for note in notes { chord.engine.handle(.noteOn(note, velocity: 80, at: chord.clock.now)) }
        for note in notes { chord.engine.handle(.noteOff(note, at: chord.clock.now)) }
        let judged = try #require(chord.sink.judgements.last)
        #expect(judged.correct && judged.responseTime == .seconds(2))

        let degree = Harness()
        try degree.engine.start(Exercise(DegreeExercise(root: try RootNote(parsing: "C"), degrees: [6], adaptive: false)))
        degree.engine.promptEnded(at: degree.clock.now + .seconds(9))
        let note = try #require(degree.sink.prompts.last?.sounds.last?.notes.first)
        degree.play(note.rawValue, after: .milliseconds(10_500))
        #expect(degree.sink.judgements.last?.responseTime == .milliseconds(1_500), "from the note's end, the cadence and the instruction before it not counted")
    }

    @Test("a scale's first degree is played along with the root: from the root's start as heard")
    func scalePlayedAlong() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C3"))))
        harness.engine.promptLastPhraseHeard(at: harness.clock.now + .seconds(3))
        harness.engine.promptEnded(at: harness.clock.now + .seconds(4))
        harness.play(48, after: .milliseconds(3_400))
        #expect(harness.sink.judgements.last?.responseTime == .milliseconds(400), "along with the root, 0.4 s after it began")
        harness.play(50, after: .milliseconds(700))
        #expect(harness.sink.judgements.last?.responseTime == .milliseconds(700), "the next degrees from the one before")
    }
}
