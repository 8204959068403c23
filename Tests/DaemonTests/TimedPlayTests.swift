import ControlProtocol
import MusicTheory
import Testing
import Training

@testable import Daemon

/// `notes.play` with onsets: keys read at their own times, as a keyboard's timestamps give them.
@Suite("Timed notes.play")
struct TimedPlayTests {
    private func dorian() throws -> Exercise {
        .scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D")))
    }

    private func notes(_ names: String) throws -> [MIDINote] {
        try names.split(separator: " ").map { try MIDINote(parsing: String($0)) }
    }

    @Test("each key is judged at its onset from the start, exactly, however late the machine woke")
    func onsetsAreTimes() async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        let follower = RecordingFollower()
        await core.follow(with: follower)
        try await core.start(try dorian())
        let onsets = [0.0, 0.25, 0.4, 0.65]
        let started = ContinuousClock.now
        await core.play(zip(try notes("D3 E3 F3 G3"), onsets).map { (keys: [$0], onset: Duration.seconds($1)) })
        #expect(ContinuousClock.now - started >= .milliseconds(650), "the keys came at their times, not at once")
        let judged = follower.events.compactMap { event -> NoteJudgement? in
            if case .noteJudged(let judgement) = event.kind { judgement } else { nil }
        }
        #expect(judged.map(\.correct) == [true, true, true, true])
        let gaps = judged.dropFirst().map(\.responseTime.seconds)
        for (gap, expected) in zip(gaps, [0.25, 0.15, 0.25]) {
            #expect(abs(gap - expected) < 1e-9, "response \(gap) s, sent \(expected) s apart")
        }
    }

    @Test("a rhythm played back too short is judged at its deadline, before the timed play returns")
    func waitsForTheDeadline() async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        let follower = RecordingFollower()
        await core.follow(with: follower)
        try await core.start(Exercise(RhythmExercise(tempo: 200, root: try RootNote(parsing: "C3"))))
        await core.play([(keys: [MIDINote(48)], onset: .zero)])
        let judged = follower.events.compactMap { event -> NoteJudgement? in
            if case .noteJudged(let judgement) = event.kind { judgement } else { nil }
        }
        #expect(judged.count == 1 && judged.first?.correct == false, "\(judged.map(\.described))")
        #expect(judged.first?.described?.contains("2nd missing") == true)
    }

    @Test("a stop while a timed play is under way drops the keys not yet played")
    func stopEndsIt() async throws {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(sound: sound, seed: 1)
        try await core.start(try dorian())
        let groups = try notes("D3 E3 F3").enumerated().map { (keys: [$1], onset: Duration.seconds(Double($0) * 0.4)) }
        async let played = core.play(groups)
        try await Task.sleep(for: .milliseconds(150))
        await core.stop()
        _ = await played
        let keys = sound.recorded.filter { if case .key = $0 { true } else { false } }
        #expect(keys.count == 1, "only D3 sounded: \(keys)")
    }

    @Test("onsets on the wire: every note or none, in order, 0 to 60 s; garbage is a clear error")
    func wire() throws {
        let parsed = try StandardMethods.timedChords(["C3@0", "C3+E3@0.5", "D3@0.75"].map { .string($0) })
        #expect(parsed.onsets == [0, 0.5, 0.75])
        #expect(parsed.chords.map { $0.map(\.rawValue) } == [[48], [48, 52], [50]])
        #expect(try StandardMethods.timedChords([.string("C3"), .number(50)]).onsets == nil)
        for bad: [JSONValue] in [[.string("C3@0"), .string("D3")], [.string("C3@0.5"), .string("D3@0.25")], [.string("C3@")],
                                 [.string("C3@-1")], [.string("C3@61")], [.string("C3@nan")], [.string("C3@1e3")], [.string("C3@0@1")]] {
            #expect(throws: RPCError.self, "\(bad)") { try StandardMethods.timedChords(bad) }
        }
        let error = #expect(throws: RPCError.self) { try StandardMethods.timedChords([.string("C3@0"), .string("D3")]) }
        #expect(error?.message.contains("every note an onset") == true)
    }

    @Test("a length after +: each note held that long; garbage is a clear error")
    func lengthsOnTheWire() throws {
        let parsed = try StandardMethods.timedChords(["C3@0+0.4", "C3+E3@0.5", "D3@0.75+1"].map { .string($0) })
        #expect(parsed.onsets == [0, 0.5, 0.75] && parsed.lengths == [0.4, nil, 1])
        #expect(parsed.chords.map { $0.map(\.rawValue) } == [[48], [48, 52], [50]])
        for bad in ["C3@0+", "C3@0+0", "C3@0+-1", "C3@0+x", "C3@0+0.5+1", "C3@59+2", "C3@+0.5", "C3@0+1e2"] {
            let error = #expect(throws: RPCError.self, "\(bad)") { try StandardMethods.timedChords([.string(bad)]) }
            #expect(error?.message.contains("C3@0.5") == true, "\(bad): \(error?.message ?? "")")
        }
    }

    @Test("held keys: pressed at their onsets, released after their lengths, in time order, each read at its time")
    func heldKeys() async throws {
        let sound = RecordingSoundOutput()
        let core = DaemonCore(sound: sound, seed: 1)
        let follower = RecordingFollower()
        await core.follow(with: follower)
        try await core.start(Exercise(RhythmExercise(tempo: 120, root: try RootNote(parsing: "C3"), durations: true)))
        await core.play([(keys: [MIDINote(48)], onset: .zero, length: .seconds(0.3)), (keys: [MIDINote(50)], onset: .seconds(0.1), length: nil)])
        let keys = sound.recorded.filter { if case .key = $0 { false } else if case .press = $0 { true } else if case .release = $0 { true } else { false } }
        #expect(keys.count == 2, "C3 pressed and released, D3 struck: \(sound.recorded)")
        if case .release(let note)? = keys.last { #expect(note.rawValue == 48) } else { Issue.record("no release last: \(keys)") }
        // Judged at the deadline (a play-back too short): C3's note-off read 0.3 s after its onset, exactly.
        let judged = follower.events.compactMap { event -> NoteJudgement? in
            if case .noteJudged(let judgement) = event.kind { judgement } else { nil }
        }
        guard let details = judged.last?.details, let first = JSONValue.object(details).decoded(as: RhythmJudgement.self)?.onsets.first else {
            Issue.record("no onsets: \(judged.map(\.details))")
            return
        }
        #expect(first.heldSeconds == 0.3, "\(first)")
    }
}
