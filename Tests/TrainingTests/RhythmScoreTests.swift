import MusicTheory
import Testing
@testable import Training

/// `rhythm --from`: each pattern is the rhythm of a phrase of a teacher's score, in its own meter,
/// at the session's tempo.
@Suite struct RhythmScoreTests {
    /// A 6/8 bar on an upbeat eighth: (eighth) | dotted quarter, eighth, quarter, and a 3/4 bar of quarters.
    static let jig = ScoreMelody(keys: [67, 72, 71, 72].map { MIDINote($0) }, fifths: 0, minor: false,
                                 rhythm: .init(meter: .sixEight, lead: 30, lengths: [6, 18, 6, 12]), source: "jig.mxl, bars 1-2")
    static let waltz = ScoreMelody(keys: [60, 64, 67].map { MIDINote($0) }, fifths: 0, minor: false,
                                   rhythm: .init(meter: .threeFour, lead: 0, lengths: [12, 12, 12]), source: "waltz.mid, bar 1")

    static func start(_ melodies: [ScoreMelody], bars: Int = 2, seed: UInt64 = 1) throws -> Harness {
        let harness = Harness(seed: seed)
        harness.engine.scores = DictationScoreTests.Phrases(melodies)
        var exercise = RhythmExercise(tempo: 60, bars: bars, root: try RootNote(parsing: "C3"))
        exercise.from = ["/scores/jig.mxl"]
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    @Test("the phrase's rhythm in its own meter, asked for the bars given; played back, it is right")
    func asWritten() throws {
        let harness = try Self.start([Self.jig])
        let library = try #require(harness.engine.scores as? DictationScoreTests.Phrases)
        #expect(library.asked.map(\.bars) == [2...2])
        let shown = try #require(harness.sink.prompts.last?.question.shown(as: RhythmQuestion.self))
        #expect(shown.meter == .sixEight && shown.bars == 2 && shown.tempo == 60)
        let onsets = try RhythmSessionTests.heardOnsets(harness)
        // 6/8 at 60 dotted-quarter beats a minute: an eighth is a third of a second.
        let expected: [Double] = [0, 1.0 / 3, 4.0 / 3, 5.0 / 3]
        #expect(zip(onsets, expected).allSatisfy { abs($0 - $1) < 1e-9 } && onsets.count == 4, "\(onsets)")
        RhythmSessionTests.playBack(harness, onsets)
        #expect(harness.sink.judgements.last?.correct == true && harness.sink.judgements.last?.subject == .rhythm(.sixEight, RhythmLevel(1)!))
    }

    @Test("scores with no rhythm a pattern can hold are refused; without --from the patterns are drawn as before")
    func refusals() throws {
        let noRhythm = ScoreMelody(keys: Self.jig.keys, fifths: 0, minor: false, rhythm: nil, source: "quintuplets.mxl, bar 1")
        let refusal = #expect(throws: TrainingError.self) { try Self.start([noRhythm]) }
        #expect(refusal?.description.contains("no phrase of 2 bars whose rhythm can be asked") == true)
        #expect(RhythmExercise().score == nil && RhythmExercise().scoreRequest == nil)
        var exercise = RhythmExercise(bars: 1)
        exercise.part = "2"
        exercise.from = ["/a.mid", "/b.mxl"]
        #expect(exercise.scoreRequest == ScoreRequest(paths: ["/a.mid", "/b.mxl"], part: "2", bars: 1...1))
        #expect(exercise.summary == "rhythms of 1 bar from a.mid and 1 more, part 2 at 80 BPM")
        let waltzes = try Self.start([Self.waltz, Self.jig], bars: 1)
        #expect(waltzes.sink.prompts.count == 1)
    }
}
