import MusicTheory
import Testing
@testable import Training

/// Notes the listening input heard, judged as their nearest key and measured in cents against
/// the note in tune in the session's tuning: right when the note is right, in tune within the
/// tolerance, octave-free unless the matching asks for the octave.
@Suite struct HeardNoteTests {
    /// Sings `frequency` `after` the previous event, for half a second: heard, then ended (a
    /// question a sung note finished waits for its end).
    func sing(_ harness: Harness, _ frequency: Frequency, after: Duration = .seconds(1)) {
        harness.clock.advance(by: after)
        harness.engine.hear(HeardNote(frequency, at: harness.clock.now))
        harness.engine.measure(HeardNote(frequency, at: harness.clock.now), lasting: 0.5)
    }

    func equal(_ note: Int, cents: Double = 0) -> Frequency {
        Frequency(MIDINote(note)).shifted(byCents: cents)
    }

    @Test("a C major scale sung in tune is right and in tune note by note, from the listening input, within 0.05 c")
    func scaleInTune() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        for note in [48, 50, 52, 53, 55, 57, 59, 60] { sing(harness, equal(note)) }
        let judged = harness.sink.judgements
        #expect(judged.count == 8)
        #expect(judged.allSatisfy { $0.correct && $0.source == .listen && $0.sung?.inTune == true })
        #expect(judged.allSatisfy { abs($0.sung?.cents ?? 99) < 0.05 }, "\(judged.map(\.sung?.cents))")
        #expect(harness.sink.roundsComplete.count == 1)
    }

    @Test("the session's results give the sung notes' mean absolute error, overall and per degree; keys alone give none")
    func meanErrorInResults() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        sing(harness, equal(48, cents: 20))
        sing(harness, equal(50, cents: -6))
        harness.play(52)  // a key: no cents
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(results.meanAbsoluteCents == 13, "(20 + 6) / 2: \(String(describing: results.meanAbsoluteCents))")
        let rows = Dictionary(uniqueKeysWithValues: results.breakdown.map { ($0.subject.label, $0.meanAbsoluteCents) })
        #expect(rows["degree 1"] == 20 && rows["degree 2"] == 6 && rows["degree 3"] == .some(nil), "\(rows)")

        let keys = Harness()
        try keys.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        keys.play(48)
        keys.engine.perform(.stop)
        #expect(try #require(keys.sink.results.last).meanAbsoluteCents == nil)
    }

    @Test("a right note 20 c sharp is right but out of tune at the default 15 c; at a 25 c tolerance it is in tune")
    func sharpButRight() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        sing(harness, equal(48, cents: 20))
        sing(harness, equal(50, cents: -7))
        let judged = harness.sink.judgements
        #expect(judged.map(\.correct) == [true, true])
        #expect(judged.map(\.sung?.inTune) == [false, true])
        #expect(judged.map(\.sung?.cents) == [20, -7])

        let wide = Harness(settings: TrainingSettings(listenToleranceCents: 25))
        try wide.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        sing(wide, equal(48, cents: 20))
        #expect(wide.sink.judgements.first?.sung?.inTune == true)
    }

    @Test("a wrong note is wrong, measured from the key it was nearest; a note an octave or two up is right (octave-free), not with the octave asked")
    func wrongAndOctaves() throws {
        let harness = Harness()
        try harness.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        sing(harness, equal(72, cents: 4))      // C5 for C3: right, 4 c sharp
        sing(harness, equal(51, cents: -12))    // Eb3 for D3: wrong
        let judged = harness.sink.judgements
        #expect(judged.map(\.correct) == [true, false])
        #expect(judged.map(\.sung?.cents) == [4, -12])
        #expect(judged[1].sung?.inTune == false && judged[1].played == MIDINote(51))

        let strict = Harness()
        try strict.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"), matching: .exactOctave)))
        sing(strict, equal(72))
        #expect(strict.sink.judgements.map(\.correct) == [false])
    }

    @Test("in just intonation a major third up is in tune 13.7 c under equal temperament's; the equal one is 13.7 c sharp")
    func justThird() throws {
        let harness = Harness(settings: TrainingSettings(tuningSystem: .justIntonation))
        try harness.engine.start(.interval(IntervalExercise(intervals: [interval("M3")], direction: .ascending)))
        let question = harness.intervalQuestion
        let root = Frequency(question.rootNote)
        sing(harness, Frequency(hertz: root.hertz * 5 / 4))
        sing(harness, equal(harness.intervalQuestion.rootNote.rawValue + 4))
        let judged = harness.sink.judgements
        #expect(judged.map(\.correct) == [true, true])
        #expect(abs((judged[0].sung?.cents ?? 99) - 0) < 0.05, "\(judged[0].sung?.cents ?? .nan)")
        #expect(abs((judged[1].sung?.cents ?? 99) - 13.7) < 0.05, "\(judged[1].sung?.cents ?? .nan)")
    }

    @Test("a chord is answered with keys only: a heard note judges nothing; nor does one with no session, or beyond the keys")
    func notAnswers() throws {
        let harness = Harness()
        sing(harness, equal(60))
        #expect(harness.sink.events.isEmpty)
        try harness.engine.start(Exercise(ChordExercise(qualities: [.minor], root: root("C"))))
        sing(harness, equal(60))
        #expect(harness.sink.judgements.isEmpty)

        let scale = Harness()
        try scale.engine.start(.scale(ScaleExercise(mode: .ionian, root: root("C"))))
        sing(scale, Frequency(hertz: 20_000))
        #expect(scale.sink.judgements.isEmpty)
    }

    @Test("match sung: the held note's target sung in tune is right with its cents from the target, in any octave; the wheel plays no part")
    func matchSung() throws {
        let harness = Harness()
        try harness.engine.start(Exercise(MatchExercise(tolerance: 5)))
        let shown = try #require(harness.sink.prompts.last?.question.shown(as: MatchQuestion.self))
        harness.engine.handle(.pitchBend(4000, at: harness.clock.now))
        sing(harness, Frequency(shown.targetNote).shifted(byCents: 1200 + 3))
        let first = try #require(harness.sink.judgements.last)
        #expect(first.correct && first.source == .listen && first.sung == nil)
        #expect(abs((first.cents ?? 99) - 3) < 0.001)

        let next = try #require(harness.sink.prompts.last?.question.shown(as: MatchQuestion.self))
        sing(harness, Frequency(next.targetNote).shifted(byCents: -8))
        let second = try #require(harness.sink.judgements.last)
        #expect(!second.correct && second.source == .listen && abs((second.cents ?? 0) + 8) < 0.001)
    }
}
