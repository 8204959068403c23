import MusicTheory
import Testing
@testable import Training

/// A melody shown and sung: the key set by its cadence (the tonic before the key's later melodies),
/// every note on the staff and in the question, none sounded; judged note by note, a wrong note
/// starting the attempt again; sounded and shown as revealed after the tries.
@Suite struct SightSingSessionTests {
    static func start(_ exercise: SightSingExercise = SightSingExercise(root: try! RootNote(parsing: "C")), seed: UInt64 = 1) throws -> Harness {
        let harness = Harness(seed: seed)
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The melody the latest prompt shows.
    static func melody(_ harness: Harness) throws -> [Int] {
        try #require(harness.sink.prompts.last?.question.shown(as: SightSingQuestion.self)).notes.map(\.midiNumber)
    }

    @Test("the melody is shown on the staff and in the question, never sounded: the cadence sets a new key, the tonic the next melodies")
    func prompt() throws {
        for seed in UInt64(1)...20 {
            let harness = try Self.start(SightSingExercise(length: 5, mode: .dorian, root: try RootNote(parsing: "D")), seed: seed)
            let prompt = try #require(harness.sink.prompts.last)
            let shown = try #require(prompt.question.shown(as: SightSingQuestion.self))
            let melody = try Self.melody(harness)
            #expect(melody.count == 5 && shown.key == "D dorian")
            let dorian: Set = [2, 4, 5, 7, 9, 11, 0]
            #expect(melody.allSatisfy { dorian.contains($0 % 12) }, "D dorian's notes: \(melody)")
            #expect(melody.last! % 12 == 2, "ends on the tonic: \(melody)")
            #expect(melody.allSatisfy { (36...72).contains($0) }, "within the note range: \(melody)")
            #expect(prompt.staff.notes.map(\.note.midiNumber) == melody && prompt.staff.notes.allSatisfy { $0.role == .root })
            let sounded = Set(prompt.sounds.flatMap(\.notes).map(\.rawValue))
            #expect(sounded == [shown.tonicKey.rawValue], "dorian has no cadence: its tonic alone sounds, not \(sounded)")
            #expect(prompt.question.shown.ask.hasSuffix(shown.notes.map(\.description).joined(separator: " ")), "stdout gives the notes: \(prompt.question.shown.ask)")
            #expect(prompt.question.shown.spoken == "sing in D dorian, from \(shown.notes[0].spoken)")
        }
        let major = try Self.start()
        let cadence = try #require(major.sink.prompts.last).sounds
        #expect(cadence.count == 4 && cadence.allSatisfy { $0.notes.count >= 3 }, "a major key's first melody: I-IV-V-I")
        for note in try Self.melody(major) { major.play(note) }
        let second = try #require(major.sink.prompts.last)
        let secondShown = try #require(second.question.shown(as: SightSingQuestion.self))
        #expect(major.sink.prompts.count == 2 && secondShown.inKey == 2)
        #expect(second.sounds.map { $0.notes.map(\.rawValue) } == [[secondShown.tonicKey.rawValue]], "the next melody in the key: its tonic alone")
        let first = try Self.melody(Self.start(seed: 9)), again = try Self.melody(Self.start(seed: 9))
        #expect(first == again, "a seed replays its melody")
    }

    @Test("sung right, note by note: counted per degree, the staff marks the notes sung, nothing sounds after, the next melody comes")
    func sungRight() throws {
        let harness = try Self.start()
        let melody = try Self.melody(harness)
        for (index, note) in melody.enumerated() {
            harness.play(note)
            let judged = try #require(harness.sink.judgements.last)
            #expect(judged.correct && judged.staff.notes.filter { $0.role == .answer }.count == index + 1)
            #expect(judged.staff.notes.count == melody.count, "the whole melody stays on the staff")
            #expect(judged.sounds.isEmpty)
        }
        #expect(harness.sink.prompts.count == 2)
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(!results.breakdown.isEmpty && results.breakdown.allSatisfy { $0.subject.category == "degree" }, "counted per degree: \(results.breakdown.map(\.subject.label))")
    }

    @Test("any octave by default; a wrong note starts again from the first; after the tries the melody sounds and is revealed")
    func wrongAndReveal() throws {
        let harness = try Self.start(SightSingExercise(root: try RootNote(parsing: "C"), triesBeforeReveal: 2))
        let melody = try Self.melody(harness)
        harness.play(melody[0] - 12)
        #expect(harness.sink.judgements.last?.correct == true, "a voice an octave down is right")
        harness.play(melody[1] + 1)
        #expect(harness.sink.judgements.last?.correct == false)
        #expect(harness.sink.judgements.last?.expected.midiNote.rawValue == melody[1], "the note written is named")
        #expect(harness.sink.judgements.last?.staff.notes.allSatisfy { $0.role == .root } == true, "the attempt begins again")
        harness.play(melody[0] == 60 ? 61 : 60)
        let reveal = try #require(harness.sink.reveals.last)
        #expect(reveal.answers.map(\.midiNote.rawValue) == melody)
        #expect(reveal.sounds.map { $0.notes.map(\.rawValue) } == [melody])
        #expect(reveal.staff.notes.allSatisfy { $0.role == .revealed })
    }

    @Test("--strict asks for the octave written; options are refused outside their bounds")
    func strictAndOptions() throws {
        let options = try SightSingExercise.options(from: ExerciseParams(["strict": .bool(true)]), over: SightSingExercise(root: try RootNote(parsing: "C")))
        let harness = try Self.start(options)
        let melody = try Self.melody(harness)
        harness.play(melody[0] + 12)
        #expect(harness.sink.judgements.last?.correct == false)
        #expect(throws: ExerciseParams.Refusal.self) { try SightSingExercise.options(from: ExerciseParams(["length": .number(9)]), over: SightSingExercise()) }
        #expect(throws: TrainingError.self) { try SightSingExercise(mode: .chromatic).validate() }
    }
}
