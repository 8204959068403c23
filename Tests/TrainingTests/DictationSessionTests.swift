import MusicTheory
import Testing
@testable import Training

/// A melody heard and played back: its first note shown, the rest only heard; judged note by
/// note, a wrong note starting the attempt again; revealed after the tries.
@Suite struct DictationSessionTests {
    static func start(_ exercise: DictationExercise = DictationExercise(root: try! RootNote(parsing: "C")), seed: UInt64 = 1) throws -> Harness {
        let harness = Harness(seed: seed)
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The melody the latest prompt sounded (its second phrase).
    static func melody(_ harness: Harness) throws -> [Int] {
        try #require(harness.sink.prompts.last?.sounds.last?.notes).map(\.rawValue)
    }

    @Test("the key set, the first note alone, then the melody; only the first note is shown; it keeps to its key and length")
    func prompt() throws {
        for seed in UInt64(1)...20 {
            let harness = try Self.start(DictationExercise(length: 5, mode: .dorian, root: try RootNote(parsing: "D")), seed: seed)
            let prompt = try #require(harness.sink.prompts.last)
            let melody = try Self.melody(harness)
            #expect(melody.count == 5 && prompt.sounds.dropLast().last?.notes.map(\.rawValue) == [melody[0]])
            #expect(prompt.sounds.count == 3, "D dorian: the tonic first, then the first note and the melody")
            let dorian: Set = [2, 4, 5, 7, 9, 11, 0]
            #expect(melody.allSatisfy { dorian.contains($0 % 12) }, "D dorian's notes: \(melody)")
            #expect(melody.last! % 12 == 2, "ends on the tonic: \(melody)")
            #expect(zip(melody, melody.dropFirst()).allSatisfy { abs($0 - $1) <= 9 }, "no leap beyond a sixth: \(melody)")
            #expect(melody.allSatisfy { (36...72).contains($0) }, "within the note range: \(melody)")
            let shown = try #require(prompt.question.shown(as: DictationQuestion.self))
            #expect(shown.root.midiNumber == melody[0] && shown.length == 5 && shown.key == "D dorian")
            #expect(prompt.staff.notes.count == 1)
        }
        let first = try Self.melody(Self.start(seed: 9)), again = try Self.melody(Self.start(seed: 9))
        #expect(first == again, "a seed replays its melody")
    }

    @Test("played back right, note by note: counted per degree, the melody sounds again, the next comes")
    func playedBack() throws {
        let harness = try Self.start()
        let melody = try Self.melody(harness)
        for (index, note) in melody.enumerated() {
            harness.play(note)
            let judged = try #require(harness.sink.judgements.last)
            #expect(judged.correct && judged.staff.notes.filter { $0.role == .answer }.count == index + 1)
        }
        #expect(harness.sink.judgements.last?.sounds.map { $0.notes.map(\.rawValue) } == [melody])
        #expect(harness.sink.prompts.count == 2)
    }

    @Test("a wrong note starts again from the first; after the tries the melody is revealed")
    func wrongAndReveal() throws {
        let harness = try Self.start(DictationExercise(root: try RootNote(parsing: "C"), triesBeforeReveal: 2))
        let melody = try Self.melody(harness)
        harness.play(melody[0])
        harness.play(melody[1] + 1)
        #expect(harness.sink.judgements.last?.correct == false)
        #expect(harness.sink.judgements.last?.staff.notes.isEmpty == false)
        harness.play(melody[1])  // the attempt begun again: the first note is expected
        #expect(harness.sink.judgements.last?.correct == (melody[1] == melody[0]))
        harness.play(melody[0] == 60 ? 61 : 60)
        if melody[1] != melody[0] {
            let reveal = try #require(harness.sink.reveals.last)
            #expect(reveal.answers.map(\.midiNote.rawValue) == melody)
            #expect(reveal.sounds.map { $0.notes.map(\.rawValue) } == [melody])
        }
    }

    @Test("any octave takes each note in any octave; options are refused outside their bounds")
    func anyOctaveAndOptions() throws {
        let harness = try Self.start(DictationExercise(root: try RootNote(parsing: "C"), exactOctave: false))
        let melody = try Self.melody(harness)
        for note in melody { harness.play(note + 12) }
        #expect(harness.sink.judgements.allSatisfy { $0.correct })
        #expect(throws: ExerciseParams.Refusal.self) { try DictationExercise.options(from: ExerciseParams(["length": .number(9)]), over: DictationExercise()) }
        #expect(throws: TrainingError.self) { try DictationExercise(mode: .chromatic).validate() }
    }
}
