import ControlProtocol
import MusicTheory
import Testing
import Training

@testable import Daemon

/// `status` carries the open question's staff (with wrong attempts) and the last finished one's,
/// for `eartrainctl staff`.
@Suite("status staff")
struct StatusStaffTests {
    @Test("scale: correct notes drawn, a wrong note kept apart in the octave of the note it missed")
    func scale() async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        try await core.start(.scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D"))))
        // G5 played for F3: placed as G3, next to F3's place, after the two drawn notes.
        await core.play(try ["D3", "E3", "G5", "F3"].map { try MIDINote(parsing: $0) })
        let staff = try #require(await core.status().session?.staff)
        #expect(staff.question == "D dorian  W-H-W-W-W-H-W")
        #expect(staff.notes.map(\.note) == ["D3", "E3", "F3"])
        #expect(staff.notes.map(\.step) == [4, 5, 6])
        #expect(staff.notes.allSatisfy { $0.role == "answer" })
        #expect(staff.wrong == [StaffEntry(note: "G3", step: 7, ledgerLines: [], accidental: nil, role: "wrong", slot: 2)])
        #expect(await core.status().session?.lastStaff == nil)
    }

    @Test("a finished scale round becomes last_staff, and the new round starts empty")
    func lastRound() async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        try await core.start(.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "Bb"))))
        await core.play(try ["Bb2", "C3", "D3", "Eb3", "F3", "G3", "A3", "Bb3"].map { try MIDINote(parsing: $0) })
        let session = try #require(await core.status().session)
        #expect(session.staff?.notes == [])
        let last = try #require(session.lastStaff)
        #expect(last.notes.map(\.note) == ["Bb2", "C3", "D3", "Eb3", "F3", "G3", "A3", "Bb3"])
        #expect(last.notes.map(\.accidental) == ["b", nil, nil, "b", nil, nil, nil, "b"])
        #expect(last.notes.map(\.step) == Array(2...9))
    }

    @Test("interval: the root, then root and answer; a wrong try sits at the answer's slot")
    func interval() async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 3)
        let exercise = IntervalExercise(root: try RootNote(parsing: "C3"), intervals: [try SpelledInterval(parsing: "M3")])
        try await core.start(.interval(exercise))
        #expect(await core.status().session?.staff?.notes.map(\.role) == ["root"])
        await core.play([try MIDINote(parsing: "D3")])
        let open = try #require(await core.status().session?.staff)
        #expect(open.wrong.map(\.note) == ["D3"])
        #expect(open.wrong.first?.slot == 1)
        await core.play([try MIDINote(parsing: "E3")])
        let last = try #require(await core.status().session?.lastStaff)
        #expect(last.notes.map(\.note) == ["C3", "E3"])
        #expect(last.notes.map(\.role) == ["root", "answer"])
        #expect(last.wrong.map(\.note) == ["D3"])
    }

    @Test("only the latest wrong attempts are kept, so a stuck key cannot grow status")
    func wrongCapped() async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        try await core.start(.scale(ScaleExercise(mode: .ionian, root: try RootNote(parsing: "C"))))
        await core.play(Array(repeating: try MIDINote(parsing: "C#3"), count: 39) + [try MIDINote(parsing: "D3")])
        let wrong = try #require(await core.status().session?.staff?.wrong)
        #expect(wrong.count == StaffEntries.wrongKept)
        #expect(wrong.last?.note == "D3")
        #expect(wrong.dropLast().allSatisfy { $0.note == "Db3" && $0.step == 4 && $0.accidental == "b" }, "C#3 spelled by its pitch class's preferred name")
    }
}
