import MusicTheory
import Testing
@testable import Training

/// `rhythm --durations`: each note's length (note-off minus onset) against its written length,
/// within 30 % of it (never finer than the onset tolerance).
@Suite struct RhythmDurationsTests {
    /// A half, a quarter, a quarter rest, a quarter in 4/4 at 80 BPM: written 1.5, 0.75, 0.75 s.
    static let pattern = RhythmPattern(meter: .fourFour, values: [.init(24), .init(12), .init(12, rest: true), .init(12)])
    static let judge = RhythmJudge(pattern: pattern, tempo: 80)

    @Test("the judge's rule: right within 30 % of the written length, short or long beyond; never finer than the tolerance")
    func rule() {
        #expect(Self.judge.lengths == [1.5, 0.75, 0.75])
        #expect(Self.judge.lengthVerdict(held: 1.2, written: 1.5) == .right)
        #expect(Self.judge.lengthVerdict(held: 0.75, written: 1.5) == .short, "a half released after a quarter")
        #expect(Self.judge.lengthVerdict(held: 1.5, written: 0.75) == .long, "a quarter held through the rest")
        #expect(Self.judge.lengthVerdict(held: 0.06, written: 0.125) == .right, "a sixteenth: the tolerance, 100 ms, not 30 % of it")
    }

    @Test("a play-back judged with its lengths: which note was short or long, by how much, in words and details")
    func judged() {
        let onsets = [0, 1.5, 3.0]
        let right = Self.judge.judge(onsets, held: [1.4, 0.7, 0.7])
        #expect(right.correct && right.described == "on time")
        let off = Self.judge.judge(onsets, held: [0.75, 1.5, 0.7])
        #expect(!off.correct && off.errors == 2)
        #expect(off.described == "1st short 750 ms, 2nd long 750 ms")
        let first = Self.judge.judgement(off).onsets[0]
        #expect(first.length == "short" && first.heldSeconds == 0.75 && first.writtenSeconds == 1.5)
        #expect(Self.judge.judge(onsets).onsets.allSatisfy { $0.length == nil }, "without lengths, none is judged")
    }

    @Test("through the engine: judged once every key is up; a note still held at the deadline is long; onsets alone without --durations")
    func session() throws {
        var exercise = RhythmExercise(tempo: 80, root: try RootNote(parsing: "C3"), durations: true)
        let harness = Harness()
        try harness.engine.start(Exercise(exercise))
        let notes = try RhythmSessionTests.heardOnsets(harness)
        let written = try Self.writtenLengths(harness)
        // Each key down for 90 % of its note, up before the next.
        harness.clock.advance(by: .seconds(4))
        var now = 0.0
        for (onset, length) in zip(notes, written) {
            harness.press(48, after: .seconds(onset - now))
            harness.release([48], after: .seconds(length * 0.9))
            now = onset + length * 0.9
        }
        #expect(harness.sink.judgements.last?.correct == true, "\(harness.sink.judgements.last?.described ?? "none")")
        // The next, its last note never released: judged at the deadline, long.
        let next = try RhythmSessionTests.heardOnsets(harness)
        let nextWritten = try Self.writtenLengths(harness)
        now = 0
        for (index, (onset, length)) in zip(next, nextWritten).enumerated() {
            harness.press(48, after: index == 0 ? .seconds(2) : .seconds(onset - now))
            if index < next.count - 1 { harness.release([48], after: .seconds(length * 0.9)) }
            now = onset + (index < next.count - 1 ? length * 0.9 : 0)
        }
        #expect(harness.sink.judgements.count == 1, "not judged while a key is held")
        let deadline = try #require(harness.engine.deadline)
        harness.clock.now = deadline
        harness.engine.timePassed(at: deadline)
        let judged = try #require(harness.sink.judgements.last)
        #expect(!judged.correct)
        #expect(judged.described?.contains("\(RhythmJudge.ordinal(next.count)) long") == true, "\(judged.described ?? "")")
        exercise.durations = false
        #expect(exercise.statusFields["durations"] == nil && RhythmExercise(durations: true).statusFields["durations"] == .bool(true))
    }

    @Test("options: durations from params, the command line and the config; garbage refused")
    func options() throws {
        #expect(try RhythmExercise.options(from: ExerciseParams(["durations": .bool(true)]), over: RhythmExercise()).durations)
        #expect(try RhythmExercise.commandLine.params(from: ["--durations"]).values["durations"] == .bool(true))
        let error = #expect(throws: ExerciseParams.Refusal.self) {
            try RhythmExercise.options(from: ExerciseParams(["durations": .string("yes")]), over: RhythmExercise())
        }
        #expect(error?.description == "wrong type at 'durations'")
    }

    /// The written lengths of the open rhythm's notes, from what the prompt sounds (each note
    /// detached by a quarter of it, at most 60 ms).
    static func writtenLengths(_ harness: Harness) throws -> [Double] {
        let prompt = try #require(harness.sink.prompts.last)
        let phrase = try #require(prompt.sounds.first)
        let pitch = try #require(prompt.question.shown.tuningRoot)
        return zip(phrase.notes, phrase.timing).filter { $0.0 == pitch }.map { $0.1.length < 0.18 ? $0.1.length * 4 / 3 : $0.1.length + 0.06 }
    }
}
