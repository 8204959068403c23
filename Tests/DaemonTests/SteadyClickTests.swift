import ControlProtocol
import MusicTheory
import ProcessTestSupport
import Testing
import Training

@testable import Daemon

/// A rhythm with a steady click through the daemon core: its grid starts when the sound output
/// says the prompt was heard, and the click ends at the answer, at a stop and at the deadline.
/// The keys are played on the grid as the clock runs (`.realTime`).
@Suite("Steady click", .realTime)
struct SteadyClickTests {
    /// 2/4 at 200 BPM: a beat of 0.3 s, the play-back's downbeat three bars (1.8 s) after the first click.
    static let exercise = Exercise(RhythmExercise(tempo: 200, meter: .twoFour, level: RhythmLevel(1)!, root: try! RootNote(parsing: "C3"),
                                                  click: .steady))
    static let downbeat = 1.8

    /// The pattern's onsets in seconds from its first, read from the prompt as sounded.
    static func onsets(_ sound: RecordingSoundOutput) throws -> [Double] {
        let phrase = try #require(sound.prompts.last?.phrases.first)
        #expect(phrase.timesAnswer)
        let starts = zip(phrase.notes, phrase.timing).filter { $0.0.rawValue == 48 }.map(\.1.start)
        return starts.map { $0 - starts[0] }
    }

    /// A core with a recording sound output and a follower, no session yet.
    static func core() async -> (RecordingSoundOutput, DaemonCore, RecordingFollower) {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(sound: sound, seed: 1)
        let follower = RecordingFollower()
        await core.follow(with: follower)
        return (sound, core, follower)
    }

    static func judged(_ follower: RecordingFollower) -> [NoteJudgement] {
        follower.events.compactMap { if case .noteJudged(let judgement) = $0.kind { judgement } else { nil } }
    }

    @Test("played on the grid it is right, and the click still queued ends at the answer")
    func endsAtTheAnswer() async throws {
        let (sound, core, follower) = await Self.core()
        let started = ContinuousClock.now
        try await core.start(Self.exercise)
        let onsets = try Self.onsets(sound)
        try await Task.sleep(for: .milliseconds(50))
        #expect(await core.deadlineAlarm.deadline != nil, "the grid is set once the prompt is heard")
        let elapsed = (ContinuousClock.now - started).seconds
        await core.play(onsets.map { (keys: [MIDINote(48)], onset: Duration.seconds(Self.downbeat + $0 - elapsed)) })
        let judgement = try #require(Self.judged(follower).last)
        #expect(judgement.correct, "\(judgement.described ?? "")")
        let calls = sound.recorded
        let ended = try #require(calls.firstIndex(of: .endPrompt), "\(calls)")
        let lastKey = try #require(calls.lastIndex { if case .key = $0 { true } else { false } })
        #expect(ended > lastKey, "the click ends at the answer, after the last key")
        #expect(sound.prompts.count == 2, "the next rhythm")
    }

    @Test("a stop silences the click at once, and no deadline outlives it")
    func endsAtStop() async throws {
        let (sound, core, follower) = await Self.core()
        try await core.start(Self.exercise)
        try await Task.sleep(for: .milliseconds(50))
        #expect(await core.deadlineAlarm.deadline != nil)
        await core.stop()
        #expect(sound.recorded.contains(.silence))
        #expect(await core.deadlineAlarm.deadline == nil)
        try await Task.sleep(for: .seconds(2.7))
        #expect(Self.judged(follower).isEmpty, "nothing judged after the stop")
    }

    @Test("nothing played: at the deadline every onset is missing and the try again is sounded with its own click")
    func endsAtTheDeadline() async throws {
        let (sound, core, follower) = await Self.core()
        try await core.start(Self.exercise)
        // The downbeat at 1.8 s; the deadline a beat and the tolerance after the last onset (≤ 0.3 s).
        // Waited for, not slept through: with other suites beside it the deadline's task may run late.
        let deadline = ContinuousClock.now + .seconds(30)
        while (Self.judged(follower).isEmpty || sound.prompts.count < 2) && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let judgement = try #require(Self.judged(follower).last)
        #expect(judgement.described?.hasPrefix("1st missing") == true, "\(judgement.described ?? "")")
        #expect(sound.recorded.contains(.endPrompt))
        #expect(sound.prompts.count == 2 && sound.prompts.last?.phrases.first?.timesAnswer == true, "the try again with its count-in")
        await core.stop()
    }
}
