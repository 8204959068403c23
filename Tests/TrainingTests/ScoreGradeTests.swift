import MusicTheory
import Testing
@testable import Training

/// A melody's grade (`dictation --library --level`): the hardest of its range, its widest leap and
/// its rhythm, on the scale of the rhythm levels.
@Suite struct ScoreGradeTests {
    static func melody(_ keys: [Int], _ meter: Meter = .fourFour, lead: Int = 0, lengths: [Int]? = nil) -> ScoreMelody {
        ScoreMelody(keys: keys.map { MIDINote($0) }, fifths: 0, minor: false,
                    rhythm: .init(meter: meter, lead: lead, lengths: lengths ?? keys.map { _ in 12 }), source: "t")
    }

    @Test("quarters by step within a fourth: 1; wider ranges and leaps grade higher")
    func pitches() {
        #expect(Self.melody([60, 62, 64, 65, 64, 62, 60]).grade == 1)
        #expect(Self.melody([60, 64, 62, 60]).grade == 2, "a third")
        #expect(Self.melody([60, 67, 65, 64]).grade == 4, "a fifth's leap and range")
        #expect(Self.melody([60, 72, 71, 69]).grade == 6, "an octave's leap")
        #expect(Self.melody([60, 62, 64, 65, 67, 69, 71, 72, 74, 76, 77]).grade == 7, "an eleventh's range")
    }

    @Test("the rhythm's levels: eighths 2, dotted notes 3, syncopation 5, triplets 6, sixteenths 7; no rhythm 7")
    func rhythms() {
        let keys = [60, 62, 64, 62, 60]
        #expect(Self.melody(keys, lengths: [12, 12, 24, 12, 12]).rhythmGrade == 1)
        #expect(Self.melody(keys, lengths: [12, 12, 24, 12, 36]).rhythmGrade == 3, "a dotted half")
        #expect(Self.melody(keys, lengths: [6, 6, 12, 12, 12]).rhythmGrade == 2)
        #expect(Self.melody(keys, lengths: [18, 6, 12, 12, 12]).rhythmGrade == 3)
        #expect(Self.melody(keys, lengths: [6, 12, 6, 12, 12]).rhythmGrade == 5, "an eighth, a quarter over the beat")
        #expect(Self.melody(keys, lengths: [4, 4, 4, 12, 12]).rhythmGrade == 6)
        #expect(Self.melody(keys, lengths: [3, 3, 6, 12, 12]).rhythmGrade == 7)
        #expect(Self.melody(keys, .sixEight, lengths: [12, 6, 18, 18, 18]).rhythmGrade == 1, "6/8's quarter-eighth")
        #expect(Self.melody(keys, .sixEight, lengths: [6, 6, 6, 18, 18]).rhythmGrade == 2)
        #expect(Self.melody(keys, lead: 36, lengths: [12, 12, 12, 12, 12]).rhythmGrade == 1, "an upbeat on the beat")
        let untimed = ScoreMelody(keys: [60, 62, 64].map { MIDINote($0) }, fifths: 0, minor: false, rhythm: nil, source: "t")
        #expect(untimed.grade == 7)
    }

    @Test("a dictation from the library asks only phrases at its level or below, and says which are the easiest when none is")
    func levels() throws {
        let easy = Self.melody([60, 62, 64, 62, 60]), hard = Self.melody([60, 72, 71, 69])
        var exercise = DictationExercise(rhythm: true, timing: RhythmTiming(level: RhythmLevel(2)!))
        exercise.library = .folk
        #expect(exercise.scoreRequest?.library == .folk && exercise.scoreRequest?.paths == [])
        #expect(exercise.summary.hasPrefix("phrases of 1-2 bars from the folk library, level 2"))
        #expect(exercise.usable([easy, hard]) == [easy])
        let refusal = #expect(throws: TrainingError.self) { try exercise.check([hard], settings: .cello) }
        #expect(refusal?.description == "the library has no phrase of 1-2 bars at level 2; its easiest is level 6")
        for seed in UInt64(1)...10 {
            let harness = Harness(seed: seed)
            harness.engine.scores = DictationScoreTests.Phrases([easy, hard])
            try harness.engine.start(Exercise(exercise))
            #expect(harness.sink.prompts.last?.sounds.last?.notes.suffix(5).map(\.rawValue) == [60, 62, 64, 62, 60])
        }
    }
}
