import ControlProtocol
import Foundation
import MusicTheory
import Training
import WebView

/// Statuses and events as the daemon sends them, for the pages to be drawn from.
enum Fixtures {
    static let devices = DevicesStatus(sequencer: false, keyboard: false, keyboards: [], sound: false, soundDevice: nil, missing: [])

    static func entry(_ note: String, step: Int, role: String = "answer", slot: Int? = nil) -> StaffEntry {
        StaffEntry(note: note, step: step, ledgerLines: [], accidental: nil, role: role, slot: slot)
    }

    /// A D dorian round with D3 and E3 played right and G3 wrong before the third note.
    static func scaleStatus() -> StatusResult {
        let session = SessionStatus(
            kind: ExerciseKind(rawValue: "scale")!, fields: ["mode": .string("dorian")], root: "D3", correct: 2, errors: 1,
            elapsedSeconds: 12.4, prompt: "D dorian  W-H-W-W-W-H-W", progress: 2, total: 8, seed: 1, tuning: .equalTemperament,
            staff: RoundStaff(question: "D dorian  W-H-W-W-W-H-W", notes: [entry("D3", step: 4), entry("E3", step: 5)],
                              wrong: [entry("G3", step: 7, role: "wrong", slot: 2)]))
        return StatusResult(daemon: "eartrainerd test", uptimeSeconds: 30, session: session, devices: devices, storage: "available")
    }

    /// An interval question, a major third up from C3, its answer (E3) not found yet: the staff
    /// holds the root alone, as the daemon keeps it.
    static func intervalStatus() -> StatusResult {
        let session = SessionStatus(
            kind: ExerciseKind(rawValue: "interval")!, fields: ["intervals": .array([.string("M3")]), "direction": .string("ascending")],
            root: "C3", correct: 0, errors: 1, elapsedSeconds: 3, prompt: "major third up from C3", progress: nil, total: nil,
            seed: 7, tuning: .equalTemperament,
            staff: RoundStaff(question: "major third up from C3", notes: [entry("C3", step: 3, role: "root")],
                              wrong: [entry("D3", step: 4, role: "wrong", slot: 1)]))
        return StatusResult(daemon: "eartrainerd test", uptimeSeconds: 30, session: session, devices: devices, storage: "available")
    }

    static func idleStatus() -> StatusResult {
        StatusResult(daemon: "eartrainerd test", uptimeSeconds: 30, session: nil, devices: devices, storage: "available",
                     ready: ReadyStatus(kind: ExerciseKind(rawValue: "scale")!, exercise: "D dorian scale"))
    }

    /// A wrong try at the open interval question, as the daemon reports it: no `expected`.
    static func wrongIntervalTry(seq: Int) -> EventReport {
        EventReport(seq: seq, type: "note_judged", topic: .answer, sessionSeconds: 4, text: "4.0s  M3 up from C3  D#3 ✗  try 2",
                    details: Wire.value(NoteJudgedDetails(
                        played: "D#3", playedMidi: 51, correct: false, attempt: 2, responseSeconds: 1, sincePromptSeconds: 4,
                        staff: [entry("C3", step: 3, role: "root")])))
    }

    /// A right third note of the D dorian round.
    static func rightScaleNote(seq: Int) -> EventReport {
        EventReport(seq: seq, type: "note_judged", topic: .answer, sessionSeconds: 13, text: "13.0s  D dorian  F3 ✓  3/8",
                    details: Wire.value(NoteJudgedDetails(
                        played: "F3", playedMidi: 53, correct: true, attempt: 1, responseSeconds: 0.5, sincePromptSeconds: 0.5,
                        staff: [entry("D3", step: 4), entry("E3", step: 5), entry("F3", step: 6)],
                        expected: ExpectedNoteReport(note: "F3", midi: 53, exactOctave: false))))
    }

    /// Results as `session.results` gives them.
    static let results = ResultsReport(
        correct: 2, errors: 1, revealed: 0, skipped: 1, roundsCompleted: 0, questionsFinished: 0, sessionSeconds: 75,
        errorRate: 1.0 / 3, averageResponseSeconds: 0.42, averageFirstNoteSeconds: nil,
        breakdown: [
            .init(subject: "degree 1", category: "degree", asked: 1, correct: 1, correctFirstTry: 1, errors: 0, revealed: 0,
                  averageResponseSeconds: 0.4),
            .init(subject: "degree 3", category: "degree", asked: 1, correct: 0, correctFirstTry: 0, errors: 1, revealed: 0,
                  averageResponseSeconds: nil),
        ],
        confusions: [.init(expected: "degree 3", played: "P4", count: 1)], thresholds: [])
}
