import MusicTheory
import Testing
@testable import Training

/// A rhythm with a steady click (`--click steady`), on a fake clock: the click goes on through the
/// play-back, which starts on the downbeat after one more bar and is judged against the click's
/// beats, from when the daemon says the phrase was heard (its output's delay counted).
@Suite struct RhythmSteadyClickTests {
    /// 4/4 at 80 BPM, a beat of 0.75 s: the downbeat is three bars (9 s) after the first click.
    static let exercise = RhythmExercise(tempo: 80, level: RhythmLevel(2)!, root: try! RootNote(parsing: "C3"), click: .steady)
    static let downbeat = Duration.seconds(9)

    static func start() throws -> Harness {
        let harness = Harness()
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The phrase heard `delay` after the prompt (a voice, the output's buffer): the grid starts there.
    static func heard(_ harness: Harness, after delay: Duration = .milliseconds(400)) -> Duration {
        harness.clock.advance(by: delay)
        harness.engine.phraseHeard(at: harness.clock.now)
        return harness.clock.now
    }

    /// Plays `onsets` (seconds from the downbeat) on C3, the grid starting at `grid`.
    static func playBack(_ harness: Harness, _ onsets: [Double], grid: Duration) {
        for onset in onsets {
            let at = grid + downbeat + .seconds(onset)
            harness.play(48, after: at - harness.clock.now)
        }
    }

    @Test("the prompt: the count-in, the pattern in the second bar, and a click on every beat until the play-back's deadline, timing the answer")
    func phrase() throws {
        let harness = try Self.start()
        let phrase = try #require(harness.sink.prompts.last?.sounds.first)
        #expect(phrase.timesAnswer)
        let clicks = zip(phrase.notes, phrase.timing).filter { $0.0.rawValue == 60 }.map(\.1.start).sorted()
        #expect(Array(clicks.prefix(14)) == (0..<14).map { Double($0) * 0.75 }, "a click on every beat, on through the pattern and the bar after it")
        #expect(phrase.clicks == Set(phrase.notes.indices.filter { phrase.notes[$0].rawValue == 60 }), "every click sounds as a click, no note of the pattern")
        let pattern = zip(phrase.notes, phrase.timing).filter { $0.0.rawValue == 48 }.map(\.1.start)
        #expect(pattern.first == 3.0, "the pattern begins on the second bar's downbeat")
        let onsets = try RhythmSessionTests.heardOnsets(harness)
        let end = 9 + (onsets.last ?? 0) + 0.75 + 0.1
        #expect(clicks.allSatisfy { $0 < end } && clicks.last! > end - 0.75, "the click stops at the deadline (\(end) s): \(clicks)")
        #expect(harness.engine.deadline == nil, "no deadline before the phrase is heard")
        let grid = Self.heard(harness)
        #expect(abs(((harness.engine.deadline ?? .zero) - grid).seconds - end) < 1e-9, "the deadline is counted from the grid")
    }

    @Test("played on the grid it is right; 150 ms late on the second onset is late on that onset only; a late start is late too")
    func judgedOnTheGrid() throws {
        let harness = try Self.start()
        let onsets = try RhythmSessionTests.heardOnsets(harness)
        try #require(onsets.count >= 3)
        var grid = Self.heard(harness)
        var late = onsets
        late[1] += 0.15
        Self.playBack(harness, late, grid: grid)
        #expect(harness.sink.judgements.last?.described == "2nd late 150 ms")
        #expect(harness.sink.judgements.last?.sounds.first?.timesAnswer == true, "a try again comes with its own count-in and click")
        #expect(harness.engine.deadline == nil, "the try again waits for its phrase to be heard")

        grid = Self.heard(harness, after: .seconds(2))
        Self.playBack(harness, onsets.map { $0 + 0.15 }, grid: grid)
        let shifted = try #require(harness.sink.judgements.last)
        #expect(!shifted.correct, "judged from its own first onset this would be on time: \(shifted.described ?? "")")
        #expect(shifted.described?.hasPrefix("1st late 150 ms") == true, "\(shifted.described ?? "")")

        grid = Self.heard(harness, after: .seconds(2))
        Self.playBack(harness, onsets.map { $0 + 0.04 }, grid: grid)
        #expect(harness.sink.judgements.last?.correct == true, "40 ms off the grid is on time")
        #expect(harness.sink.prompts.count == 2, "the next rhythm")
    }

    @Test("keys tapped along with the pattern or the clicks before the downbeat are not the play-back")
    func tappingAlongIsIgnored() throws {
        let harness = try Self.start()
        let onsets = try RhythmSessionTests.heardOnsets(harness)
        harness.play(48, after: .seconds(1))  // before the phrase is even heard
        let grid = Self.heard(harness)
        for onset in onsets { harness.play(48, after: grid + .seconds(3 + onset) - harness.clock.now) }
        harness.play(48, after: grid + .seconds(7.5) - harness.clock.now)
        #expect(harness.sink.judgements.isEmpty)
        Self.playBack(harness, onsets, grid: grid)
        #expect(harness.sink.judgements.last?.correct == true, "\(harness.sink.judgements.last?.described ?? "")")
    }

    @Test("heard again (a repeat): the grid starts anew and a play-back under way is dropped")
    func repeatStartsTheGridAgain() throws {
        let harness = try Self.start()
        let onsets = try RhythmSessionTests.heardOnsets(harness)
        let first = Self.heard(harness)
        Self.playBack(harness, [onsets[0]], grid: first)
        harness.engine.perform(.repeatPrompt)
        #expect(harness.sink.prompts.last?.sounds.first?.timesAnswer == true, "the repeat times the answer too")
        let second = Self.heard(harness, after: .seconds(1))
        #expect(abs(((harness.engine.deadline ?? .zero) - second).seconds - (9 + (onsets.last ?? 0) + 0.85)) < 1e-9)
        Self.playBack(harness, onsets, grid: second)
        #expect(harness.sink.judgements.count == 1 && harness.sink.judgements.last?.correct == true,
                "\(harness.sink.judgements.map { $0.described ?? "" })")
    }

    @Test("nothing played by the deadline: every onset missing, and the try again is sounded, on a bar line of the grid heard")
    func deadlineWithNoKeys() throws {
        let harness = try Self.start()
        let grid = Self.heard(harness)
        let deadline = try #require(harness.engine.deadline)
        #expect(deadline > grid + Self.downbeat)
        harness.engine.timePassed(at: deadline - .milliseconds(1))
        #expect(harness.sink.judgements.isEmpty)
        harness.engine.timePassed(at: deadline)
        let judged = try #require(harness.sink.judgements.last)
        #expect(!judged.correct && judged.described?.hasPrefix("1st missing") == true, "\(judged.described ?? "")")
        #expect(judged.sounds.first?.timesAnswer == true)
        #expect(harness.sink.prompts.first?.sounds.first?.startsOnBar == nil, "the first phrase starts when its question does")
        #expect(judged.sounds.first?.startsOnBar == 3.0, "a bar of 4/4 at 80 BPM: \(String(describing: judged.sounds.first?.startsOnBar))")
    }

    @Test("free, the default, is today's: judged from the play-back's own first onset, no phrase timing the answer")
    func freeIsTheDefault() throws {
        #expect(RhythmExercise().click == .free)
        let harness = try RhythmSessionTests.start()
        #expect(harness.sink.prompts.last?.sounds.first?.timesAnswer == false)
        let refused = #expect(throws: ExerciseParams.Refusal.self) {
            try RhythmExercise.options(from: ExerciseParams(["click": .string("loud")]), over: .defaults)
        }
        #expect(refused?.description.contains("free") == true && refused?.description.contains("steady") == true, "\(refused?.description ?? "")")
        let steady = try RhythmExercise.options(from: ExerciseParams(["click": .string("steady")]), over: .defaults)
        #expect(steady.click == .steady)
    }
}
