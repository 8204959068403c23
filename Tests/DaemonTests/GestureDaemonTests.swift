import ControlProtocol
import MusicTheory
import Testing
import Training

@testable import Daemon

/// The gestures through the daemon's keyboard path, as a 25-key keyboard (C3–C5) plays them:
/// clusters repeat and skip, the modulation wheel stops; a held key is judged once its cluster
/// window has passed, at the time it was pressed.
@Suite("Gestures in the daemon")
struct GestureDaemonTests {
    private func intervals() throws -> Exercise {
        .interval(IntervalExercise(root: try RootNote(parsing: "C3"), intervals: [try SpelledInterval(parsing: "M3")]))
    }

    /// Time stands still: every key arrives at once, however busy the machine running the test.
    private struct FrozenClock: TrainingClock, Sendable {
        var now: Duration { .seconds(1) }
    }

    /// A core with an interval session running, its sound and its events recorded.
    private func running(clock: any TrainingClock & Sendable = FrozenClock()) async throws -> (DaemonCore, RecordingSoundOutput, RecordingFollower) {
        let sound = RecordingSoundOutput()
        let follower = RecordingFollower()
        let core = DaemonCore(sound: sound, seed: 1, clock: clock)
        await core.follow(with: follower)
        try await core.start(try intervals())
        return (core, sound, follower)
    }

    private func press(_ core: DaemonCore, _ keys: [Int]) async {
        for key in keys { await core.keyboard(.noteOn(MIDINote(key), velocity: 80)) }
        for key in keys { await core.keyboard(.noteOff(MIDINote(key), velocity: 0)) }
    }

    @Test("a cluster from middle C up repeats the prompt, below it skips; neither is judged")
    func clusters() async throws {
        let (core, sound, follower) = try await running()
        await press(core, [60, 61, 62])
        #expect(follower.all.filter { $0.type == "prompt" }.count == 2)
        #expect(follower.all.last?.details["repeat"] == .bool(true))
        await press(core, [50, 52, 53])
        #expect(follower.all.contains { $0.type == "answer_revealed" && $0.details["reason"] == .string("skipped") })
        #expect(!follower.all.contains { $0.type == "note_judged" }, "no key of a cluster is an answer")
        let presses = sound.recorded.filter { if case .press = $0 { true } else { false } }
        #expect(presses.count == 6, "a cluster's keys sound as played")
    }

    @Test("the modulation wheel stops a running session")
    func wheelStops() async throws {
        let (core, _, _) = try await running()
        await core.keyboard(.controlChange(controller: 1, value: 127))
        #expect(await core.status().session == nil)
        await core.keyboard(.controlChange(controller: 1, value: 0))
    }

    @Test("a key held alone is judged once the cluster window has passed, with the time it was pressed")
    func heldKeyIsJudged() async throws {
        let (core, _, follower) = try await running(clock: SystemTrainingClock())
        await core.keyboard(.noteOn(MIDINote(52), velocity: 80))  // E3: the major third up from C3, held
        var judged = follower.all.filter { $0.type == "note_judged" }
        for _ in 0..<100 where judged.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
            judged = follower.all.filter { $0.type == "note_judged" }
        }
        #expect(judged.first?.details["correct"] == .bool(true))
        await core.keyboard(.noteOff(MIDINote(52), velocity: 0))
    }
}
