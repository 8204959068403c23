import MusicTheory
import Testing
@testable import Training

/// A sung note measured whole once it ended: its cents against the same note in tune as its
/// judgement, in place of the cents judged as it settled, in the results too; a note never
/// judged, and a `match` answer, measure nothing.
@Suite struct NoteMeasuredTests {
    func equal(_ note: Int, cents: Double = 0) -> Frequency {
        Frequency(MIDINote(note)).shifted(byCents: cents)
    }

    var measured: (Harness) -> [NoteMeasured] {
        { harness in harness.sink.events.compactMap { if case .noteMeasured(let measured) = $0.kind { measured } else { nil } } }
    }

    @Test("judged 12 c sharp as it settled, measured 2 c flat whole: in tune, and the results count 2 c, not 12")
    func measuredWhole() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        harness.clock.advance(by: .seconds(1))
        let onset = harness.clock.now
        harness.engine.hear(HeardNote(equal(48, cents: 12), at: onset))
        harness.engine.measure(HeardNote(equal(48, cents: -2), at: onset + .milliseconds(20)), lasting: 0.8)
        let judged = try #require(harness.sink.judgements.first)
        #expect(judged.sung?.cents == 12)
        let whole = try #require(measured(harness).first)
        #expect(whole.judgedCents == 12 && whole.sung == SungPitch(cents: -2, inTune: true) && whole.played == MIDINote(48) && whole.correct)
        // Reported at the note's end.
        let event = try #require(harness.sink.events.last)
        #expect(event.sessionTime == .seconds(1) + .milliseconds(20) + .seconds(0.8))
        harness.engine.perform(.stop)
        #expect(try #require(harness.sink.results.last).meanAbsoluteCents == 2)
    }

    @Test("an octave up, octave-free, is measured from the octave sung; a wrong note from the key it was nearest")
    func octavesAndWrong() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        harness.engine.hear(HeardNote(equal(60, cents: 9), at: .seconds(1)))
        harness.engine.measure(HeardNote(equal(60, cents: 4), at: .seconds(1)), lasting: 0.5)
        harness.engine.hear(HeardNote(equal(51, cents: -20), at: .seconds(2)))  // Eb3 for D3
        harness.engine.measure(HeardNote(equal(51, cents: -11), at: .seconds(2)), lasting: 0.5)
        #expect(measured(harness).map(\.sung.cents) == [4, -11])
        #expect(measured(harness).map(\.correct) == [true, false] && measured(harness)[1].sung.inTune == false)
    }

    @Test("a note that ends with no judgement of its own (another onset, nothing judged, match) measures nothing")
    func nothingToMeasure() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        harness.engine.measure(HeardNote(equal(48), at: .seconds(1)), lasting: 0.5)
        harness.engine.hear(HeardNote(equal(48, cents: 5), at: .seconds(2)))
        harness.engine.measure(HeardNote(equal(48), at: .seconds(2.2)), lasting: 0.5)  // not the note judged
        harness.engine.measure(HeardNote(equal(48), at: .seconds(2)), lasting: 0.5)
        harness.engine.measure(HeardNote(equal(48), at: .seconds(2)), lasting: 0.5)  // measured once
        #expect(measured(harness).count == 1)
    }
}
