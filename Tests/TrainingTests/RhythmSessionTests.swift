import MusicTheory
import Testing
@testable import Training

/// A rhythm session through the engine: what the prompt sounds and shows, and a play-back judged
/// onset by onset, on a fake clock.
@Suite struct RhythmSessionTests {
    static func start(_ exercise: RhythmExercise = RhythmExercise(tempo: 80, level: RhythmLevel(2)!, root: try! RootNote(parsing: "C3"))) throws -> Harness {
        let harness = Harness()
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The pattern's onsets, in seconds from its first, read from what the prompt sounds (the
    /// notes on the shown pitch; the count-in is an octave above).
    static func heardOnsets(_ harness: Harness) throws -> [Double] {
        let prompt = try #require(harness.sink.prompts.last)
        let phrase = try #require(prompt.sounds.first)
        let pitch = try #require(prompt.question.shown.tuningRoot)
        let starts = zip(phrase.notes, phrase.timing).filter { $0.0 == pitch }.map(\.1.start)
        return starts.map { $0 - starts[0] }
    }

    /// Plays `onsets` (seconds from the first) on `key`, the first `wait` after the prompt.
    static func playBack(_ harness: Harness, _ onsets: [Double], key: Int = 48, wait: Duration = .seconds(4)) {
        var previous = 0.0
        for (index, onset) in onsets.enumerated() {
            harness.play(key, after: index == 0 ? wait : .seconds(onset - previous))
            previous = onset
        }
    }

    @Test("the prompt: a bar of clicks an octave above, then the pattern on the pitch, in one phrase; the question tells only tempo, meter, bars and pitch")
    func prompt() throws {
        let harness = try Self.start()
        let prompt = try #require(harness.sink.prompts.last)
        #expect(prompt.sounds.count == 1)
        let phrase = prompt.sounds[0]
        #expect(phrase.timing.count == phrase.notes.count)
        #expect(phrase.notes.prefix(4).allSatisfy { $0.rawValue == 60 } && phrase.notes.dropFirst(4).allSatisfy { $0.rawValue == 48 })
        #expect(phrase.timing.prefix(5).map(\.start) == [0, 0.75, 1.5, 2.25, 3.0], "the beat runs on from the count-in into the pattern")
        #expect(phrase.clicks == [0, 1, 2, 3], "the count-in sounds as clicks, the pattern as notes")
        let details = prompt.question.shown.detailFields
        #expect(Set(details.keys) == ["root", "tempo", "meter", "bars"])
        #expect(details["tempo"] == .number(80) && details["meter"] == .string("4/4") && details["bars"] == .number(1))
        #expect(prompt.question.shown.spoken == "listen: one bar in four four")
    }

    @Test("played back as heard, started whenever ready, it is right, and the next rhythm comes")
    func rightPlayBack() throws {
        let harness = try Self.start()
        let onsets = try Self.heardOnsets(harness)
        Self.playBack(harness, onsets)
        let judged = try #require(harness.sink.judgements.last)
        #expect(judged.correct, "\(judged.described ?? "")")
        #expect(judged.described == "on time")
        #expect(harness.sink.prompts.count == 2)
        guard case .array(let list)? = judged.details["onsets"] else { Issue.record("no onsets"); return }
        #expect(list.count == onsets.count)
    }

    @Test("the same play-back with one onset 150 ms late is judged late on that onset only")
    func oneLate() throws {
        let harness = try Self.start()
        var onsets = try Self.heardOnsets(harness)
        try #require(onsets.count >= 3)
        onsets[1] += 0.15
        Self.playBack(harness, onsets)
        let judged = try #require(harness.sink.judgements.last)
        #expect(!judged.correct)
        #expect(judged.described == "2nd late 150 ms")
        guard case .array(let list)? = judged.details["onsets"] else { Issue.record("no onsets"); return }
        let verdicts: [String] = list.map { value -> String in
            guard case .object(let onset) = value, case .string(let verdict)? = onset["verdict"] else { return "?" }
            return verdict
        }
        let expected: [String] = ["on_time", "late"] + Array(repeating: "on_time", count: onsets.count - 2)
        #expect(verdicts == expected)
        let second = JSONValue.object(judged.details).decoded(as: RhythmJudgement.self)?.onsets[1]
        #expect(second?.errorMs == 150 && second?.errorBeats == 0.2)
        #expect(harness.sink.prompts.count == 1, "a wrong play-back is tried again")
    }

    @Test("the pattern is given once the question is over (the last try, the reveal), never with a try still to come")
    func patternOnceOver() throws {
        var exercise = RhythmExercise(tempo: 80, level: RhythmLevel(2)!, root: try RootNote(parsing: "C3"))
        exercise.triesBeforeReveal = 2
        let harness = try Self.start(exercise)
        let heard = try Self.heardOnsets(harness)
        var onsets = heard
        onsets[1] += 0.15
        Self.playBack(harness, onsets)
        let first = try #require(harness.sink.judgements.last)
        #expect(!first.correct && first.details["pattern"] == nil, "a try is still to come")
        Self.playBack(harness, onsets)
        let last = try #require(harness.sink.judgements.last)
        let pattern = try #require(last.details["pattern"].flatMap(RhythmPattern.init(wire:)))
        let perUnit = pattern.secondsPerUnit(tempo: 80)
        let given = pattern.onsets.map { Double($0 - pattern.onsets[0]) * perUnit }
        #expect(given.count == heard.count && zip(given, heard).allSatisfy { abs($0 - $1) < 1e-9 }, "the pattern given is the one heard: \(given) \(heard)")
        let revealed = try #require(harness.sink.reveals.last)
        #expect(revealed.details["pattern"] == last.details["pattern"])
    }

    @Test("a play-back that stops short is judged once its time is over, the rest missing")
    func short() throws {
        let harness = try Self.start()
        let onsets = try Self.heardOnsets(harness)
        try #require(onsets.count >= 2)
        #expect(harness.engine.deadline == nil, "nothing is due before the student starts")
        Self.playBack(harness, Array(onsets.prefix(1)))
        let deadline = try #require(harness.engine.deadline)
        harness.engine.timePassed(at: deadline - .milliseconds(1))
        #expect(harness.sink.judgements.isEmpty, "not before its time")
        harness.engine.timePassed(at: deadline)
        let judged = try #require(harness.sink.judgements.last)
        #expect(!judged.correct)
        #expect(judged.described?.contains("2nd missing") == true, "\(judged.described ?? "")")
    }

    @Test("a note too many is extra: the play-back is judged at its real end, not at the pattern's count of notes")
    func extra() throws {
        let harness = try Self.start()
        let onsets = try Self.heardOnsets(harness)
        try #require(onsets.count >= 2)
        var played = onsets
        played.insert((onsets[0] + onsets[1]) / 2, at: 1)
        Self.playBack(harness, played)
        let judged = try #require(harness.sink.judgements.last)
        #expect(harness.sink.judgements.count == 1)
        #expect(judged.described == "1 extra", "\(judged.described ?? "")")
    }

    @Test("strict: a play-back on another pitch is wrong even on time")
    func strict() throws {
        var exercise = RhythmExercise(tempo: 120, root: try RootNote(parsing: "D3"))
        exercise.strict = true
        let harness = try Self.start(exercise)
        let onsets = try Self.heardOnsets(harness)
        Self.playBack(harness, onsets, key: 51)
        let judged = try #require(harness.sink.judgements.last)
        #expect(!judged.correct && judged.described?.hasSuffix("off the pitch") == true)
        Self.playBack(harness, onsets, key: 50)
        #expect(try #require(harness.sink.judgements.last).correct)
    }

    @Test("options out of range are refused with what is allowed")
    func options() throws {
        for (key, value, words) in [("tempo", 20, "tempo must be 40-200"), ("bars", 3, "bars must be 1-2"), ("level", 9, "level must be 1-7"),
                                    ("tolerance_ms", 5, "tolerance_ms must be 20-300")] {
            let params = ExerciseParams([key: .number(Double(value))])
            #expect(throws: ExerciseParams.Refusal.self) { try RhythmExercise.options(from: params, over: .defaults) }
            do { _ = try RhythmExercise.options(from: params, over: .defaults) } catch { #expect(error.description.contains(words), "\(error.description)") }
        }
        let meter = try RhythmExercise.options(from: ExerciseParams(["meter": .string("6/8"), "tempo": .number(60)]), over: .defaults)
        #expect(meter.meter == .sixEight && meter.tempo == 60)
    }
}
