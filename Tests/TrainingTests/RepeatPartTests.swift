import MusicTheory
import Testing
@testable import Training

/// "The cadence again" and "the notes again": a kind that sets a key before it asks (a degree, a
/// dictation, a progression) sounds either part alone; another kind has no cadence to give.
@Suite struct RepeatPartTests {
    static func start(_ exercise: some ExerciseModule) throws -> Harness {
        let harness = Harness()
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The phrases of the latest prompt, as note numbers.
    static func sounded(_ harness: Harness) -> [[Int]] {
        harness.sink.prompts.last?.sounds.map { $0.notes.map(\.rawValue) } ?? []
    }

    @Test("a degree: the cadence's four chords alone, or its note alone; all of it again is both")
    func degree() throws {
        let harness = try Self.start(DegreeExercise(root: try RootNote(parsing: "C"), degrees: [6], adaptive: false))
        let asked = Self.sounded(harness)
        #expect(asked.count == 5)
        #expect(harness.engine.repeatPrompt(.cadence) && Self.sounded(harness) == Array(asked.prefix(4)))
        #expect(harness.sink.prompts.last?.isRepeat == true)
        #expect(harness.engine.repeatPrompt(.notes) && Self.sounded(harness) == [asked[4]])
        #expect(harness.engine.repeatPrompt(.all) && Self.sounded(harness) == asked)
    }

    @Test("a dictation's second melody in its key came without the cadence: the cadence again still sounds it; the notes again are the first note and the melody")
    func dictation() throws {
        let harness = try Self.start(DictationExercise(root: try RootNote(parsing: "C")))
        let first = Self.sounded(harness)
        for note in try #require(first.last) { harness.play(note) }
        let second = Self.sounded(harness)
        #expect(second.count == 2, "no cadence before the second melody: \(second)")
        #expect(harness.engine.repeatPrompt(.cadence) && Self.sounded(harness) == Array(first.dropLast(2)), "the key's cadence")
        #expect(harness.engine.repeatPrompt(.notes) && Self.sounded(harness) == second)
    }

    @Test("a progression: its tonic chord alone, or its chords alone")
    func progression() throws {
        let harness = try Self.start(ProgressionExercise(progressions: [.twoFiveOne], root: try RootNote(parsing: "C4")))
        let asked = Self.sounded(harness)
        #expect(harness.engine.repeatPrompt(.cadence))
        let tonic = Self.sounded(harness)
        #expect(harness.engine.repeatPrompt(.notes))
        let chords = Self.sounded(harness)
        #expect(chords.count == 3 && tonic + chords == asked, "ii-V-I after the tonic chord: \(tonic) then \(chords), of \(asked)")
    }

    @Test("an interval sets no key: the cadence again sounds nothing and says so; the notes again are the question again")
    func noKey() throws {
        let harness = try Self.start(IntervalExercise(root: root("C3"), intervals: [interval("M3")]))
        let prompts = harness.sink.prompts.count
        #expect(!harness.engine.repeatPrompt(.cadence) && harness.sink.prompts.count == prompts)
        #expect(harness.engine.repeatPrompt(.notes) && harness.sink.prompts.count == prompts + 1)
        #expect(!Harness().engine.repeatPrompt(.all), "no session, nothing to repeat")
    }

    @Test("on an 88-key keyboard, D1 sounds the cadence again and C1 the notes (the note range from C2)")
    func keys() throws {
        let harness = try Self.start(DegreeExercise(root: try RootNote(parsing: "C"), degrees: [6], adaptive: false))
        let asked = Self.sounded(harness)
        harness.play(26)
        #expect(Self.sounded(harness) == Array(asked.prefix(4)) && harness.sink.judgements.isEmpty, "D1 is no answer")
        harness.play(24)
        #expect(Self.sounded(harness) == [asked[4]] && harness.sink.judgements.isEmpty)
        #expect(KeyboardControls.standard.action(forKey: MIDINote(26), noteRange: MIDINote(36)...MIDINote(72)) == .repeatCadence)
    }

    @Test("the pitch-bend wheel pushed all the way down sounds the cadence again, up the notes: once a push, and never while it tunes a held note")
    func wheel() throws {
        let harness = try Self.start(DegreeExercise(root: try RootNote(parsing: "C"), degrees: [6], adaptive: false))
        let asked = Self.sounded(harness)
        let bend = { (value: Int) in harness.engine.handle(.pitchBend(value, at: harness.clock.now)) }
        let prompts = { harness.sink.prompts.count }
        bend(-3000)
        #expect(prompts() == 1, "half way is no gesture")
        bend(-7000)
        #expect(prompts() == 2 && Self.sounded(harness) == Array(asked.prefix(4)))
        bend(-8192)
        #expect(prompts() == 2, "still down: once a push")
        bend(0)
        bend(8191)
        #expect(prompts() == 3 && Self.sounded(harness) == [asked[4]])
        bend(0)

        let match = try Self.start(MatchExercise())
        let before = match.sink.prompts.count
        match.engine.handle(.pitchBend(-8192, at: match.clock.now))
        match.engine.handle(.pitchBend(8191, at: match.clock.now))
        #expect(match.sink.prompts.count == before, "the wheel tunes match's held note: no gesture")
    }
}
