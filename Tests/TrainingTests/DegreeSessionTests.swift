import MusicTheory
import Testing
@testable import Training

/// Scale degrees heard in a key: the cadence before every question (or only a new key's), the
/// note judged in any octave and timed from its start, a wrong key named as the degree it is, the
/// resolution to the tonic after the answer.
@Suite struct DegreeSessionTests {
    static func start(_ exercise: DegreeExercise) throws -> Harness {
        let harness = Harness()
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The question shown by the latest prompt.
    static func shown(_ harness: Harness) throws -> DegreeQuestion {
        try #require(harness.sink.prompts.last?.question.shown(as: DegreeQuestion.self))
    }

    /// The degree note sounded by the latest prompt.
    static func note(_ harness: Harness) throws -> Int {
        try #require(harness.sink.prompts.last?.sounds.last?.notes.first).rawValue
    }

    @Test("by default every question sounds the cadence, and so does repeat; the answer is timed from the note")
    func cadenceEachQuestion() throws {
        let harness = try Self.start(DegreeExercise(root: try RootNote(parsing: "C"), degrees: [6], adaptive: false))
        #expect(harness.sink.prompts.last?.sounds.count == 5)
        // The cadence: four chords of 1 s, each followed by the 0.25 s gap; the note starts at 5 s.
        harness.play(try Self.note(harness), after: .seconds(6))
        #expect(harness.sink.judgements.last?.responseTime == .seconds(1), "timed from the note, not from the cadence")
        let second = try #require(harness.sink.prompts.last)
        #expect(second.sounds.count == 5 && second.sounds.prefix(4).allSatisfy(\.together), "the cadence again, same key")
        // The resolution A B C (3.5 s to its last note's end), the breath (1.2 s), the cadence (5 s), then the note.
        harness.play(try Self.note(harness), after: .milliseconds(11_200))
        #expect(harness.sink.judgements.last?.responseTime == .milliseconds(1_500))
        harness.engine.perform(.repeatPrompt)
        #expect(harness.sink.prompts.last?.isRepeat == true && harness.sink.prompts.last?.sounds.count == 5)
        // A key during the cadence is timed as at once.
        harness.play(try Self.note(harness) + 1, after: .seconds(1))
        #expect(harness.sink.judgements.last?.responseTime == .zero)
    }

    @Test("cadence on a new key only: I-IV-V-I, four voices together, then the note; the next question in it the note alone, its repeat with the cadence")
    func cadenceOncePerKey() throws {
        let harness = try Self.start(DegreeExercise(root: try RootNote(parsing: "C"), questionsPerKey: 2, cadenceEachQuestion: false))
        let first = try #require(harness.sink.prompts.last)
        #expect(first.sounds.count == 5 && first.sounds.prefix(4).allSatisfy { $0.together && $0.notes.count == 4 })
        let shown = try Self.shown(harness)
        #expect(shown.ask == "in C major: play the note you hear" && shown.inKey == 1)
        #expect(shown.tuningRoot == shown.rootNote, "tuned from the tonic: just intonation's cadence is beatless")
        #expect(first.staff.notes.map(\.role) == [.root], "the tonic alone on the staff")
        let bass = first.sounds.prefix(4).map { $0.notes[0].rawValue - shown.rootNote.rawValue }
        #expect(bass == [-12, -7, -5, -12], "I IV V I in the bass")

        harness.play(try Self.note(harness))
        let second = try #require(harness.sink.prompts.last)
        #expect(second.sounds.count == 1 && second.sounds[0].notes.count == 1, "same key: no cadence")
        #expect(try Self.shown(harness).inKey == 2)
        harness.engine.perform(.repeatPrompt)
        #expect(harness.sink.prompts.last?.sounds.count == 5, "repeat sets the key again")
        harness.play(try Self.note(harness))
        #expect(harness.sink.prompts.last?.sounds.count == 5, "after questions_per_key, the cadence again")
        #expect(try Self.shown(harness).inKey == 1)
    }

    @Test("any octave counts; a wrong key is named as the degree it is; the right one resolves to the tonic")
    func judgingAndResolution() throws {
        let harness = try Self.start(DegreeExercise(root: try RootNote(parsing: "C"), degrees: [6], adaptive: false))
        let tonic = try Self.shown(harness).rootNote.rawValue
        let sixth = try Self.note(harness)
        #expect(sixth - tonic == 9, "degree 6 of C major is A, a major sixth up")
        harness.play(tonic + 7)  // G: degree 5
        let wrong = try #require(harness.sink.judgements.last)
        #expect(!wrong.correct && wrong.sounds.isEmpty)
        harness.play(sixth - 12)  // A an octave down: right
        let right = try #require(harness.sink.judgements.last)
        #expect(right.correct)
        #expect(right.sounds.map { $0.notes.map { $0.rawValue - tonic } } == [[9, 11, 12]], "A B C: up to the tonic")
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(results.confusions.map { "\($0.expected) → \($0.played)" } == ["degree 6 → degree 5"])
    }

    @Test("strict takes only the octave heard; the reveal after the tries sounds the note's way home")
    func strictAndReveal() throws {
        let harness = try Self.start(DegreeExercise(root: try RootNote(parsing: "C"), degrees: [2], exactOctave: true, triesBeforeReveal: 2))
        let tonic = try Self.shown(harness).rootNote.rawValue
        let second = try Self.note(harness)
        harness.play(second + 12)
        harness.play(second + 1)  // Eb: outside the scale, named by its distance
        let reveal = try #require(harness.sink.reveals.last)
        #expect(reveal.answers.map(\.midiNote.rawValue) == [second])
        #expect(reveal.sounds.map { $0.notes.map { $0.rawValue - tonic } } == [[2, 0]], "D C: down to the tonic")
        harness.engine.perform(.stop)
        let played = try #require(harness.sink.results.last).confusions.map(\.played)
        #expect(played.sorted() == ["degree 2", "m3"])
    }

    @Test("minor: i-iv-V-i, the seventh degree the leading tone")
    func minorKey() throws {
        let harness = try Self.start(DegreeExercise(quality: .minor, root: try RootNote(parsing: "A"), degrees: [7]))
        let tonic = try Self.shown(harness).rootNote.rawValue
        #expect(try Self.note(harness) - tonic == 11, "G#, not G")
        let chords = try #require(harness.sink.prompts.last).sounds.prefix(4).map { Set($0.notes.map { floorMod($0.rawValue - tonic, 12) }) }
        #expect(chords == [[0, 3, 7], [5, 8, 0], [7, 11, 2], [0, 3, 7]], "i iv V i")
        #expect(try Self.shown(harness).ask == "in A minor: play the note you hear")
        let six = try Self.start(DegreeExercise(quality: .minor, root: try RootNote(parsing: "A"), degrees: [6]))
        let tonic6 = try Self.shown(six).rootNote.rawValue
        six.play(try Self.note(six))
        #expect(six.sink.judgements.last?.sounds.map { $0.notes.map { $0.rawValue - tonic6 } } == [[8, 10, 12]], "F G A: the natural seventh")
    }

    @Test("random tonics: a new key every questions_per_key questions; the seed replays them")
    func randomKeys() throws {
        func keys(seed: UInt64) throws -> [String] {
            let harness = Harness(seed: seed)
            try harness.engine.start(Exercise(DegreeExercise(questionsPerKey: 1)))
            var names: [String] = []
            for _ in 0..<6 {
                names.append(try Self.shown(harness).key.name)
                harness.engine.perform(.skip)
            }
            return names
        }
        let first = try keys(seed: 7)
        #expect(try keys(seed: 7) == first)
        #expect(Set(first).count > 1, "\(first)")
    }
}
