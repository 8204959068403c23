import ControlProtocol
import ExerciseTestSupport
import Foundation
import MusicTheory
import Testing
import Training

@testable import Daemon

/// A kind added through the catalog alone (`DyadExercise`, which lives in the tests) is named,
/// started, judged, sounded, shown by `status` and reported on stdout and to subscribers with no
/// line of the daemon knowing it, the way `MethodTableTests` adds a method.
@Suite("A test-only exercise kind runs through the catalog")
struct TestOnlyKindTests {
    private static let dyad: [any ExerciseModule.Type] = [DyadExercise.self]

    @Test("the kind's name is accepted while it is in the catalog, and refused with the list outside")
    func named() throws {
        #expect(throws: UnknownName("dyad", accepted: ExerciseKind.names)) { try ExerciseKind(choosing: "dyad") }
        try ExerciseCatalog.$added.withValue(Self.dyad) {
            #expect(try ExerciseKind(choosing: "DYAD") == DyadExercise.kind)
            #expect(ExerciseKind.names == ExerciseCatalog.standard.map { $0.kind.rawValue } + ["dyad"])
            let params = try Wire.decode(SessionStartParams.self, from: .object(["kind": .string("dyad"), "low": .number(50)]))
            let exercise = try ExerciseRequest.exercise(from: params, defaults: ExerciseDefaults())
            #expect(exercise == Exercise(DyadExercise(low: MIDINote(50))))
            let tooHigh = SessionStartParams(kind: DyadExercise.kind, exercise: ExerciseParams(["low": .number(120)]))
            #expect(throws: RPCError.invalidParams("low must be 0-115, got 120")) {
                try ExerciseRequest.exercise(from: tooHigh, defaults: ExerciseDefaults())
            }
        }
    }

    @Test("started, sounded together, judged when both keys are held, shown and reported generically")
    func session() async throws {
        try await ExerciseCatalog.$added.withValue(Self.dyad) {
            let sound = RecordingSoundOutput()
            let core = DaemonCore(sound: sound, seed: 3)
            let follower = RecordingFollower()
            await core.follow(with: follower)
            try await core.start(Exercise(DyadExercise(low: MIDINote(48))))

            let prompt = try #require(follower.all.first { $0.type == "prompt" })
            #expect(prompt.details["question"] == .object(["kind": .string("dyad"), "root": .string("C3")]))
            guard case .chord(let chord, let root)? = sound.recorded.last else { Issue.record("no chord: \(sound.recorded)"); return }
            #expect(chord.first == MIDINote(48) && chord.count == 2 && root == MIDINote(48))
            let top = chord[1]

            // One key alone is no answer; a wrong pair is one wrong answer; the right pair answers.
            for keys in [[MIDINote(48), MIDINote(49)], [MIDINote(48), top]] {
                for key in keys { await core.keyboard(.noteOn(key, velocity: 80)) }
                for key in keys { await core.keyboard(.noteOff(key, velocity: 0)) }
            }
            let judged = follower.all.filter { $0.type == "note_judged" }
            #expect(judged.map { $0.details["correct"] } == [.bool(false), .bool(true)])
            let subject = JSONValue.string("dyad \(top == MIDINote(52) ? "M3" : "P5")")
            #expect(judged.map { $0.details["subject"] } == [subject, subject])
            #expect(follower.all.filter { $0.type == "prompt" }.count == 2)

            let status = try #require(await core.status().session)
            #expect(status.kind == DyadExercise.kind)
            #expect((status.correct, status.errors, status.prompt) == (1, 1, "hold both notes above C3"))
            let encoded = Wire.encode(Wire.value(status))
            #expect(encoded.contains(#""kind":"dyad""#), "\(encoded)")

            _ = await core.stop()
            let ended = try #require(follower.all.last)
            #expect(ended.type == "session_ended")
            #expect(ended.text.contains("1 correct, 1 error"))
            guard case .array(let rows)? = ended.details["breakdown"] else { Issue.record("no breakdown"); return }
            let row = try #require(rows.first { $0["subject"] == subject }, "\(rows)")
            #expect((row["asked"], row["correct"], row["errors"]) == (.number(1), .number(1), .number(1)))
        }
    }
}
