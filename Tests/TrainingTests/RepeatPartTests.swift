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
}
