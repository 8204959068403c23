import ControlProtocol
import MusicTheory
import Testing
import Training

@testable import Daemon

@Suite("DaemonCore")
struct DaemonCoreTests {
    private func dorian() throws -> Exercise {
        .scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D")))
    }

    @Test("a whole D dorian round with a wrong note: judged, counted, reported in order")
    func scaleRound() async throws {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(sound: sound, seed: 1)
        let follower = RecordingFollower()
        await core.follow(with: follower)
        try await core.start(try dorian())
        let notes = try ["D3", "E3", "G3", "F3", "G3", "A3", "B3", "C4", "D4"].map { try MIDINote(parsing: $0) }
        await core.play(notes)
        let status = await core.status()
        let session = try #require(status.session)
        #expect(session.correct == 8)
        #expect(session.errors == 1)
        #expect(session.kind == .scale)
        #expect(session.text("mode") == "dorian")
        let types = follower.all.map(\.type)
        #expect(types.first == "session_started")
        #expect(types.filter { $0 == "note_judged" }.count == 9)
        #expect(types.contains("round_complete"))
        #expect(follower.all.map(\.seq) == Array(1...follower.all.count))
        #expect(follower.texts.contains { $0.hasSuffix("D dorian  G3 ✗  expected F  2/8") })
        #expect(follower.texts.contains { $0.hasSuffix("D dorian  D4 ✓  8/8") })
    }

    @Test("every key sounds at once, tuned against the question's root; prompts sound too")
    func soundsKeys() async throws {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(sound: sound, seed: 1)
        await core.play([MIDINote(60)])  // no session: still sounds, equal tempered
        try await core.start(try dorian())
        await core.play([MIDINote(52)], velocity: 70)
        let calls = sound.recorded
        #expect(calls.first == .key(MIDINote(60), velocity: 90, root: nil))
        #expect(calls.contains { if case .prompt(_, let root) = $0 { root == MIDINote(50) } else { false } })
        #expect(calls.last == .key(MIDINote(52), velocity: 70, root: MIDINote(50)))
    }

    @Test("stop reports the results and returns them; then nothing is running")
    func stop() async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        let follower = RecordingFollower()
        await core.follow(with: follower)
        #expect(await core.stop() == nil)
        try await core.start(try dorian())
        await core.play([MIDINote(50), MIDINote(51)])
        let results = try #require(await core.stop())
        #expect(results.correct == 1)
        #expect(results.errors == 1)
        #expect(await core.isRunning == false)
        #expect(await core.status().session == nil)
        #expect(follower.all.last?.type == "session_ended")
        #expect(follower.texts.last?.contains("1 correct, 1 error, error rate 50.0%") == true)
    }

    @Test("the same seed replays the same interval questions")
    func seededReplay() async throws {
        // The questions as the prompts show them, not the prompts' lines: a line begins with the
        // session's time, which a busy machine can move by a tenth of a second.
        func questions(seed: UInt64) async throws -> [JSONValue?] {
            let core = DaemonCore(sound: RecordingSoundOutput())
            let follower = RecordingFollower()
            await core.follow(with: follower)
            try await core.start(.interval(IntervalExercise()), seed: seed)
            for _ in 0..<5 { _ = await core.skip() }
            return follower.all.filter { $0.type == "prompt" }.map { $0.details["question"] }
        }
        let first = try await questions(seed: 99)
        #expect(first.count == 6)
        #expect(try await questions(seed: 99) == first)
        #expect(try await questions(seed: 100) != first)
    }

    @Test("by default the sustain pedal holds the keys' sound and repeats nothing; B1 repeats")
    func pedalSustains() async throws {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(sound: sound, seed: 1)
        try await core.start(try dorian())
        let prompts = { sound.recorded.filter { if case .prompt = $0 { true } else { false } }.count }
        let before = prompts()
        await core.keyboard(.controlChange(controller: 64, value: 127))
        await core.keyboard(.controlChange(controller: 64, value: 0))
        #expect(prompts() == before)
        #expect(sound.recorded.suffix(2) == [.sustain(true), .sustain(false)])
        await core.keyboard(.noteOn(MIDINote(35), velocity: 80))
        #expect(prompts() == before + 1)
    }

    @Test("a bound pedal repeats the prompt and still holds the sound")
    func boundPedal() async throws {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(sound: sound, controls: KeyboardControls([.init(.controller(number: 64), .repeatPrompt)]), seed: 1)
        try await core.start(try dorian())
        let before = sound.recorded.filter { if case .prompt = $0 { true } else { false } }.count
        await core.keyboard(.controlChange(controller: 64, value: 127))
        let after = sound.recorded.filter { if case .prompt = $0 { true } else { false } }.count
        #expect(after == before + 1)
        #expect(sound.recorded.contains(.sustain(true)))
    }

    @Test("a keyboard's key sounds until it comes up; the virtual keyboard's for the note duration")
    func keysFollowTheKeyboard() async throws {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(sound: sound, seed: 1)
        try await core.start(try dorian())
        let start = sound.recorded.count
        let d2 = MIDINote(50)
        await core.keyboard(.noteOn(d2, velocity: 70))
        await core.keyboard(.noteOff(d2, velocity: 0))
        await core.keyboard(.noteOn(d2, velocity: 60))
        await core.keyboard(.noteOn(d2, velocity: 0))  // a note-on at velocity 0 is a note-off
        let keys = sound.recorded[start...].filter { if case .prompt = $0 { false } else { true } }
        #expect(keys == [.press(d2, velocity: 70, root: d2), .release(d2), .press(d2, velocity: 60, root: d2), .release(d2)])
        await core.play([d2])
        #expect(sound.recorded.last == .key(d2, velocity: 90, root: d2))
    }

    @Test("status says what is missing")
    func missing() async {
        let core = DaemonCore(
            sound: RecordingSoundOutput(status: SoundStatus(deviceOpen: false, detail: "cannot open default")),
            keyboardStatus: { KeyboardStatus(sequencerOpen: true, keyboards: []) })
        let devices = await core.status().devices
        #expect(devices.missing == ["keyboard: none connected", "sound: cannot open default"])
        #expect(devices.sequencer)
        #expect(!devices.keyboard)
    }
}
