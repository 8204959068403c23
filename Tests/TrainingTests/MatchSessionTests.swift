import MusicTheory
import Testing
@testable import Training

/// Tuning a held note with the wheel: the reference sounds, the target is held detuned (never
/// shown), the wheel moves it, any key confirms; judged by the signed error in cents against the
/// tolerance, with the mean absolute error in the results.
@Suite struct MatchSessionTests {
    static func start(_ exercise: MatchExercise, seed: UInt64 = 1, settings: TrainingSettings = .cello) throws -> Harness {
        let harness = Harness(seed: seed, settings: settings)
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    static func held(_ harness: Harness) throws -> HeldNote {
        try #require(harness.sink.prompts.last?.held)
    }

    /// The wheel value that bends by `cents` at ±2 semitones.
    static func wheel(_ cents: Double, range: Int = 2) -> Int { PitchWheel.value(forCents: cents, rangeSemitones: range) }

    func bend(_ harness: Harness, _ value: Int) {
        harness.engine.handle(.pitchBend(value, at: harness.clock.now))
    }

    @Test("the wheel's values map to cents as MIDI scales them: 8192 steps to the range, sharp up")
    func wheelCents() {
        #expect(PitchWheel.cents(0, rangeSemitones: 2) == 0)
        #expect(PitchWheel.cents(4096, rangeSemitones: 2) == 100)
        #expect(PitchWheel.cents(-8192, rangeSemitones: 2) == -200)
        #expect(PitchWheel.cents(-8192, rangeSemitones: 12) == -1200)
        #expect(PitchWheel.value(forCents: 100, rangeSemitones: 2) == 4096)
        #expect(PitchWheel.value(forCents: 500, rangeSemitones: 2) == 8191, "beyond the wheel: its end")
        #expect(abs(PitchWheel.cents(Self.wheel(-23.4), rangeSemitones: 2) + 23.4) < 0.025, "a step is under 0.025 c")
    }

    @Test("the same note by default: the reference sounds, the target held detuned within ±50 c, at least 10 c off")
    func sameNote() throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            let harness = try Self.start(MatchExercise(), seed: seed)
            let prompt = try #require(harness.sink.prompts.last)
            let shown = try #require(prompt.question.shown(as: MatchQuestion.self))
            let held = try Self.held(harness)
            #expect(prompt.sounds == [SoundPhrase([shown.rootNote])])
            #expect(held.note == shown.rootNote && held.tuning == nil)
            #expect((10...50).contains(abs(held.cents)), "detuned \(held.cents)")
            #expect(!String(describing: shown.detailFields).contains(String(format: "%.1f", abs(held.cents))), "the detuning is not shown")
        }
    }

    @Test("the held note bent exactly into tune is right with an error of 0 c; one 3 c sharp is judged +3 c")
    func judgedByTheWheel() throws {
        let harness = try Self.start(MatchExercise(tolerance: 5))
        let detune = try Self.held(harness).cents
        bend(harness, Self.wheel(-detune))
        harness.play(60)
        let first = try #require(harness.sink.judgements.last)
        #expect(first.correct)
        #expect(abs(try #require(first.cents)) < 0.025)
        #expect(first.attempt == 1 && first.sounds.count == 2, "the reference and the target in tune after it")

        let detune2 = try Self.held(harness).cents
        bend(harness, Self.wheel(3 - detune2))
        harness.play(61)
        let second = try #require(harness.sink.judgements.last)
        #expect(abs(try #require(second.cents) - 3) < 0.1, "judged \(second.cents ?? .nan)")
        #expect(second.correct, "3 c is within a 5 c tolerance")

        let detune3 = try Self.held(harness).cents
        bend(harness, Self.wheel(-7.5 - detune3))
        harness.play(62)
        let third = try #require(harness.sink.judgements.last)
        #expect(abs(try #require(third.cents) + 7.5) < 0.1 && !third.correct, "7.5 c flat is outside 5 c")

        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(results.correct == 2 && results.errors == 1)
        let mean = try #require(results.meanAbsoluteCents)
        #expect(abs(mean - (0 + 3 + 7.5) / 3) < 0.05)
    }

    @Test("left alone, the wheel leaves the error at the detuning: confirming at once is judged that far off")
    func untouched() throws {
        let harness = try Self.start(MatchExercise(detune: 40, tolerance: 5))
        let detune = try Self.held(harness).cents
        harness.play(50)
        let judgement = try #require(harness.sink.judgements.last)
        #expect(judgement.cents == (detune * 1000).rounded() / 1000 && !judgement.correct)
    }

    @Test("a wider wheel range reads the same value as more cents")
    func wheelRange() throws {
        var settings = TrainingSettings.cello
        settings.bendRangeSemitones = 12
        let harness = try Self.start(MatchExercise(), settings: settings)
        let detune = try Self.held(harness).cents
        bend(harness, Self.wheel(-detune, range: 12))
        harness.play(60)
        #expect(abs(try #require(harness.sink.judgements.last?.cents)) < 0.15, "a step is 0.15 c at ±12 semitones")
    }

    @Test("intervals: the upper note held, the question names the interval and the tuning drawn")
    func intervals() throws {
        let harness = try Self.start(MatchExercise(intervals: [interval("M3")], tunings: [.justIntonation]))
        let shown = try #require(harness.sink.prompts.last?.question.shown(as: MatchQuestion.self))
        let held = try Self.held(harness)
        #expect(held.note.rawValue - shown.rootNote.rawValue == 4 && held.tuning == .justIntonation)
        #expect(shown.ask.contains("just major third"))
        #expect(shown.detailFields["tuning"] == .string("just") && shown.detailFields["interval"] == .string("M3"))
        harness.play(40)
        #expect(harness.sink.judgements.last?.subject.label == "M3 just")
    }

    @Test("a skip reveals the target and counts as missed; a repeat holds the same note again")
    func skipAndRepeat() throws {
        let harness = try Self.start(MatchExercise())
        let held = try Self.held(harness)
        harness.engine.perform(.repeatPrompt)
        #expect(harness.sink.prompts.last?.isRepeat == true && harness.sink.prompts.last?.held == held)
        harness.engine.perform(.skip)
        #expect(harness.sink.reveals.count == 1)
    }

    @Test("options out of range are refused with their range")
    func refusals() throws {
        #expect(throws: ExerciseParams.Refusal.self) {
            try MatchExercise.options(from: ExerciseParams(["tolerance": .number(0)]), over: .defaults)
        }
        #expect(throws: ExerciseParams.Refusal.self) {
            try MatchExercise.options(from: ExerciseParams(["detune": .number(500)]), over: .defaults)
        }
        #expect(throws: ExerciseParams.Refusal.self) {
            try MatchExercise.options(from: ExerciseParams(["tunings": .array([.string("mean-tone")])]), over: .defaults)
        }
        let options = try MatchExercise.options(
            from: ExerciseParams(["intervals": .array([.string("P5")]), "tunings": .array([.string("just"), .string("equal")]), "tolerance": .number(3)]),
            over: .defaults)
        #expect(options.intervals == [interval("P5")] && options.tunings == [.justIntonation, .equalTemperament] && options.tolerance == 3)
    }
}
