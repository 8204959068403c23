import MusicTheory
import Testing
import Training

@testable import Daemon

/// After a right interval answer the core sounds the interval: the question's root, then the
/// answer, in the session's tuning, queued on the question's timeline once the student's keys are
/// up, then a breath, then the next question's root, so they follow one another instead of
/// colliding. Turned off, or after a wrong try, nothing extra sounds.
@Suite("DaemonCore right-answer echo")
struct AnswerEchoTests {
    private func note(_ name: String) throws -> MIDINote { try MIDINote(parsing: name) }

    /// An interval session that always asks `interval` from `root`, with `tuning`.
    private func session(
        _ interval: String, from root: String, direction: IntervalDirection = .ascending, echo: Bool = true,
        tuning: TuningSystem = .justIntonation
    ) async throws -> (DaemonCore, RecordingSoundOutput) {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(settings: TrainingSettings(tuningSystem: tuning), sound: sound, seed: 5)
        try await core.start(.interval(IntervalExercise(
            root: try RootNote(parsing: root), intervals: [try SpelledInterval(parsing: interval)],
            direction: direction, echoAnswer: echo)))
        return (core, sound)
    }

    @Test("a right answer: once the keys are up, root then answer, a breath, then the next root, tuned to the root")
    func rightAnswerEchoes() async throws {
        let (core, sound) = try await session("M3", from: "D3")
        let (d3, fSharp3) = (try note("D3"), try note("F#3"))
        await core.play([fSharp3])
        #expect(sound.recorded == [
            .silence, .prompt([d3], root: d3), .key(fSharp3, velocity: 90, root: d3),
            .keysUp(DaemonCore.feedbackWait), .prompt([d3, fSharp3], root: d3), .pause(TrainingSettings.cello.breath), .prompt([d3], root: d3),
        ])
        let echo = try #require(sound.prompts.dropLast().last)
        #expect(echo.phrases == [PromptPhrase([d3, fSharp3], root: d3)])
        // Just intonation: the major third sounds at 5/4 of the root, not equal tempered.
        let settings = echo.settings
        let heard = echo.phrases[0].notes.map { settings.tuningSystem.frequency(of: $0, root: d3, reference: settings.referencePitch) }
        #expect(settings.tuningSystem == .justIntonation)
        try #require(heard.count == 2)
        #expect(abs(heard[1].hertz / heard[0].hertz - 5.0 / 4.0) < 1e-9)
        #expect(abs(heard[0].hertz - Frequency(d3).hertz) < 1e-9)
    }

    @Test("a descending question echoes downward: root, then the lower answer")
    func descendingEcho() async throws {
        let (core, sound) = try await session("P5", from: "D3", direction: .descending)
        let (d3, g2) = (try note("D3"), try note("G2"))
        await core.play([g2])
        #expect(sound.prompts.suffix(2).map(\.phrases) == [[PromptPhrase([d3, g2], root: d3)], [PromptPhrase([d3], root: d3)]])
    }

    @Test("turned off, a right answer sounds only the next root")
    func echoOff() async throws {
        let (core, sound) = try await session("M3", from: "D3", echo: false)
        let (d3, fSharp3) = (try note("D3"), try note("F#3"))
        await core.play([fSharp3])
        #expect(sound.recorded == [
            .silence, .prompt([d3], root: d3), .key(fSharp3, velocity: 90, root: d3), .pause(TrainingSettings.cello.breath), .prompt([d3], root: d3),
        ])
    }

    @Test("a wrong try sounds only its own key")
    func wrongTry() async throws {
        let (core, sound) = try await session("M3", from: "D3")
        let (d3, g3) = (try note("D3"), try note("G3"))
        await core.play([g3])
        #expect(sound.recorded == [.silence, .prompt([d3], root: d3), .key(g3, velocity: 90, root: d3)])
        #expect(sound.prompts.count == 1)
    }

    @Test("a skip silences what is queued; its reveal sounds root and answer once (the echo is for right answers only)")
    func revealNotEchoedTwice() async throws {
        let (core, sound) = try await session("M3", from: "D3")
        let (d3, fSharp3) = (try note("D3"), try note("F#3"))
        #expect(await core.skip())
        #expect(sound.recorded.suffix(5) == [
            .silence, .keysUp(DaemonCore.feedbackWait), .prompt([d3, fSharp3], root: d3), .pause(TrainingSettings.cello.breath), .prompt([d3], root: d3),
        ])
    }
}
