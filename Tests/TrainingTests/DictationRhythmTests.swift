import MusicTheory
import Testing
@testable import Training

/// `dictation --rhythm`: a melody with its note values, after a bar of count-in, judged on its
/// pitches note by note and, once they are right, on its onsets from its own first one.
@Suite struct DictationRhythmTests {
    static let exercise = DictationExercise(length: 5, root: try! RootNote(parsing: "C"), rhythm: true,
                                            timing: RhythmTiming(tempo: 80, level: RhythmLevel(2)!))

    static func start(_ exercise: DictationExercise = Self.exercise, seed: UInt64 = 1) throws -> Harness {
        let harness = Harness(seed: seed)
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The melody as heard: after the count-in (the clicks, two octaves above the tonic), each
    /// note's key and onset in seconds from the first.
    static func heard(_ harness: Harness) throws -> [(key: Int, onset: Double)] {
        let prompt = try #require(harness.sink.prompts.last)
        let phrase = try #require(prompt.sounds.last)
        let clicks = try #require(prompt.question.shown(as: DictationQuestion.self)?.time?.meter.beatsPerBar)
        let notes = Array(zip(phrase.notes, phrase.timing).dropFirst(clicks))
        let first = try #require(notes.first?.1.start)
        return notes.map { ($0.0.rawValue, $0.1.start - first) }
    }

    /// Plays `notes` at their onsets, the first `wait` after the last event.
    static func playBack(_ harness: Harness, _ notes: [(key: Int, onset: Double)], wait: Duration = .seconds(2)) {
        var previous = 0.0
        for (index, note) in notes.enumerated() {
            harness.play(note.key, after: index == 0 ? wait : .seconds(note.onset - previous))
            previous = note.onset
        }
    }

    @Test("the prompt: the first note alone, then a bar of clicks and the melody in time in one phrase; the question tells tempo, meter and bars, never the values")
    func prompt() throws {
        let harness = try Self.start()
        let prompt = try #require(harness.sink.prompts.last)
        let phrase = try #require(prompt.sounds.last)
        #expect(phrase.timing.count == phrase.notes.count && phrase.notes.count == 4 + 5)
        #expect(phrase.timing.prefix(5).map(\.start) == [0, 0.75, 1.5, 2.25, 3.0], "the beat runs on from the count-in into the melody")
        let shown = try #require(prompt.question.shown(as: DictationQuestion.self))
        #expect(phrase.notes.prefix(4).allSatisfy { $0.rawValue == shown.tonic.rawValue + 24 }, "clicks above the melody")
        #expect(phrase.notes.dropFirst(4).first?.rawValue == shown.rootNote.rawValue)
        let details = prompt.question.shown.detailFields
        #expect(Set(details.keys) == ["key", "first", "length", "tempo", "meter", "bars"])
        #expect(details["tempo"] == .number(80) && details["meter"] == .string("4/4") && details["bars"] == .number(2))
        #expect(prompt.question.shown.spoken.contains("in four four"))
        #expect(prompt.question.shown.text.contains("4/4 at 80 BPM, 2 bars"))
    }

    @Test("a melody's pattern has exactly its notes, fills its bars, and holds nothing above its level", arguments: Meter.allCases)
    func patterns(meter: Meter) {
        var random = SeededRandom(seed: 7)
        for length in DictationExercise.lengths {
            for level in RhythmLevel.range.map({ RhythmLevel($0)! }) {
                for _ in 0..<20 {
                    let pattern = RhythmPattern.draw(meter: meter, notes: length, level: level, random: &random)
                    #expect(pattern.notes.count == length, "\(length) notes at level \(level.number) in \(meter.rawValue)")
                    let units = pattern.values.reduce(0) { $0 + $1.units }
                    #expect(units == RhythmPattern.bars(holding: length, meter: meter, level: level) * meter.unitsPerBar)
                    #expect(pattern.values.first?.isRest == false)
                }
            }
        }
    }

    @Test("played back as heard, in time: every note right, then the rhythm right; counted per degree and under the rhythm")
    func rightInTime() throws {
        let harness = try Self.start()
        let notes = try Self.heard(harness)
        Self.playBack(harness, notes)
        let judged = harness.sink.judgements
        #expect(judged.count == 6 && judged.allSatisfy { $0.correct }, "\(judged.map { $0.described ?? "\($0.played)" })")
        let rhythm = try #require(judged.last)
        #expect(rhythm.described == "rhythm on time" && rhythm.subject == .rhythm(.fourFour, RhythmLevel(2)!))
        #expect(rhythm.details["pattern"] != nil, "the rhythm asked, to draw, once the melody is done")
        #expect(rhythm.sounds.first?.timing.isEmpty == false, "the melody echoed in time")
        #expect(harness.sink.prompts.count == 2)
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(results.correct == 6 && results.errors == 0)
        #expect(results.breakdown.contains { $0.subject.category == "rhythm" && $0.correct == 1 })
    }

    @Test("right in pitch with one onset 150 ms late: wrong on the rhythm, that onset named; then again, right")
    func oneLate() throws {
        let harness = try Self.start()
        var notes = try Self.heard(harness)
        notes[1].onset += 0.15
        Self.playBack(harness, notes)
        let rhythm = try #require(harness.sink.judgements.last)
        #expect(!rhythm.correct && rhythm.described == "rhythm 2nd late 150 ms", "\(rhythm.described ?? "")")
        #expect(harness.sink.judgements.dropLast().allSatisfy { $0.correct }, "every pitch right")
        guard case .array(let onsets)? = rhythm.details["onsets"] else { Issue.record("no onsets"); return }
        let verdicts = onsets.compactMap { value -> String? in if case .object(let o) = value, case .string(let v)? = o["verdict"] { v } else { nil } }
        #expect(verdicts == ["on_time", "late", "on_time", "on_time", "on_time"])
        #expect(rhythm.staff.notes.allSatisfy { $0.role != .answer }, "the attempt starts again")
        #expect(rhythm.details["pattern"] == nil, "nothing of the rhythm asked while another try may come")
        #expect(harness.sink.prompts.count == 1)
        notes[1].onset -= 0.15
        Self.playBack(harness, notes)
        #expect(harness.sink.judgements.last?.correct == true && harness.sink.prompts.count == 2)
    }

    @Test("a wrong pitch still starts again at once, before any rhythm is judged; tries spent on the rhythm reveal it, counted under the rhythm")
    func wrongPitchAndReveal() throws {
        var exercise = Self.exercise
        exercise.triesBeforeReveal = 1
        let harness = try Self.start(exercise)
        var notes = try Self.heard(harness)
        harness.play(notes[0].key)
        harness.play(notes[1].key + 1, after: .seconds(0.1))
        #expect(harness.sink.judgements.last?.described == nil && harness.sink.judgements.last?.correct == false)
        #expect(harness.sink.reveals.count == 1, "one try: revealed")
        let next = try Self.heard(harness)
        notes = next
        notes[2].onset += 0.3
        Self.playBack(harness, notes)
        #expect(harness.sink.judgements.last?.described?.hasPrefix("rhythm 3rd late") == true)
        #expect(harness.sink.reveals.count == 2 && harness.sink.reveals.last?.details["pattern"] != nil)
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(results.breakdown.contains { $0.subject.category == "rhythm" && $0.revealed == 1 && $0.errors == 1 })
    }

    @Test("options: rhythm and its timing from params and the command line; a timing option asks for the rhythm; out of range, garbage and timing with rhythm off are refused")
    func options() throws {
        let on = try DictationExercise.options(from: ExerciseParams([
            "rhythm": .bool(true), "tempo": .number(100), "meter": .string("6/8"), "level": .number(3), "tolerance_ms": .number(80),
        ]), over: DictationExercise())
        #expect(on.rhythm && on.timing == RhythmTiming(tempo: 100, meter: .sixEight, level: RhythmLevel(3)!, toleranceMilliseconds: 80))
        #expect(on.statusFields["rhythm"] == .bool(true) && on.statusFields["tempo"] == .number(100))
        #expect(DictationExercise().statusFields["rhythm"] == nil)
        for (params, message): ([String: JSONValue], String) in [
            (["rhythm": .bool(true), "tempo": .number(300)], "tempo must be 40-200"),
            (["rhythm": .bool(true), "meter": .string("5/4")], "meter:"),
            (["rhythm": .bool(true), "level": .number(9)], "level must be 1-7"),
            (["rhythm": .bool(true), "tolerance_ms": .number(5)], "tolerance_ms must be 20-300"),
            (["rhythm": .string("yes")], "wrong type at 'rhythm'"),
            (["rhythm": .bool(false), "tempo": .number(90)], "tempo is for a melody with its rhythm"),
        ] {
            let error = #expect(throws: ExerciseParams.Refusal.self) { try DictationExercise.options(from: ExerciseParams(params), over: DictationExercise()) }
            #expect(error?.description.contains(message) == true, "\(params): \(error?.description ?? "")")
        }
        #expect(try DictationExercise.options(from: ExerciseParams(["meter": .string("3/4")]), over: DictationExercise()).rhythm,
                "a meter asks for the rhythm")
        let line = try DictationExercise.commandLine.params(from: ["--rhythm", "--tempo", "90", "--meter", "3/4"])
        #expect(line.values["rhythm"] == .bool(true) && line.values["tempo"] == .number(90) && line.values["meter"] == .string("3/4"))
        #expect(throws: ExerciseParams.Refusal.self) { try DictationExercise.commandLine.params(from: ["--tempo", "fast"]) }
    }
}
