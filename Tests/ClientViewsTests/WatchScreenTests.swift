import ClientViews
import ControlProtocol
import Foundation
import Testing
import Training

@Suite("Watch screen")
struct WatchScreenTests {
    static func staffJSON(_ notes: [(String, Int, String?)]) -> JSONValue {
        Wire.value(notes.map { note, step, sign in StaffEntry(note: note, step: step, ledgerLines: [], accidental: sign, role: "answer") })
    }

    /// A right answer's `note_judged` details, as the daemon writes them.
    static func rightAnswer(_ played: String, responseSeconds: Double, staff: [(String, Int, String?)], cents: Double? = nil) -> [String: JSONValue] {
        let entries = staff.map { StaffEntry(note: $0.0, step: $0.1, ledgerLines: [], accidental: $0.2, role: "answer") }
        return Wire.value(NoteJudgedDetails(
            played: played, playedMidi: 60, correct: true, attempt: 1, responseSeconds: responseSeconds, sincePromptSeconds: responseSeconds,
            staff: entries, cents: cents)).objectValue
    }

    /// A first `prompt`'s details, as the daemon writes them.
    static func prompt(_ question: JSONValue, answerCount: Int?) -> [String: JSONValue] {
        Wire.value(PromptDetails(number: 1, question: question, repeat: false, staff: [], answerCount: answerCount, sounds: nil)).objectValue
    }

    static func event(_ type: String, seconds: Double, _ details: [String: JSONValue]) -> EventReport {
        EventReport.fixture(type, seconds: seconds, details)
    }

    /// A D dorian round: started, prompted, D3 and E3 right, G3 wrong.
    static func dorianState() -> WatchState {
        var state = WatchState()
        state.apply(event("session_started", seconds: 0, ["exercise": .string("D dorian scale")]))
        state.apply(event("prompt", seconds: 0, [
            "number": .number(1), "repeat": .bool(false), "staff": .array([]),
            "question": .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"),
                                 "steps": .string("W-H-W-W-W-H-W"), "notes": .array(Array(repeating: .string("x"), count: 8))]),
        ]))
        state.apply(event("note_judged", seconds: 1, rightAnswer("D3", responseSeconds: 1, staff: [("D3", 4, nil)])))
        state.apply(event("note_judged", seconds: 3, rightAnswer("E3", responseSeconds: 2, staff: [("D3", 4, nil), ("E3", 5, nil)])))
        state.apply(event("note_judged", seconds: 4, ["correct": .bool(false), "played": .string("G3"),
                                                     "expected": EventReport.expected("F3"),
                                                     "staff": staffJSON([("D3", 4, nil), ("E3", 5, nil)])]))
        return state
    }

    @Test("events fold into the figures: correct, errors, error rate, average response, progress")
    func figures() {
        let state = Self.dorianState()
        #expect(state.correct == 2)
        #expect(state.errors == 1)
        #expect(abs(state.errorRate - 1.0 / 3) < 1e-9)
        #expect(state.averageResponse == 1.5)
        #expect(state.progress == 2)
        #expect(state.total == 8)
        #expect(state.lastAnswer?.text == "G3 ✗  expected F3")
        #expect(state.lastAnswer?.correct == false)
    }

    @Test("a right note's syllable (training.names) follows it in the last answer and the keys judged")
    func syllable() {
        var state = Self.dorianState()
        var details = Self.rightAnswer("F3", responseSeconds: 1, staff: [("D3", 4, nil), ("E3", 5, nil), ("F3", 6, nil)])
        details["name"] = .string("me")
        state.apply(Self.event("note_judged", seconds: 5, details))
        #expect(state.lastAnswer?.text == "F3 (me) ✓")
        #expect(state.judged.last == JudgedNote(played: "F3 (me)", correct: true))
    }

    @Test("a match answer is drawn as its error in cents once answered, sharp or flat; the question shows no detuning")
    func matchAnswer() {
        var state = WatchState()
        state.apply(Self.event("session_started", seconds: 0, ["exercise": .string("match the same note within 5 c from A3")]))
        state.apply(Self.event("prompt", seconds: 0, [
            "number": .number(1), "repeat": .bool(false), "staff": .array([]),
            "question": .object(["kind": .string("match"), "root": .string("A3"), "target": .string("A3")]),
        ]))
        #expect(state.question == "tune A3 to A3 with the wheel, then any key")
        #expect(state.lastAnswer == nil)
        state.apply(Self.event("note_judged", seconds: 4, ["correct": .bool(false), "played": .string("C4"), "cents": .number(-7.25),
                                                          "staff": Self.staffJSON([("A3", 4, nil)])]))
        #expect(state.lastAnswer?.text == "-7.2 c ✗  flat")
        state.apply(Self.event("note_judged", seconds: 9, Self.rightAnswer("C4", responseSeconds: 3, staff: [("A3", 4, nil)], cents: 1.5)))
        #expect(state.lastAnswer?.text == "+1.5 c ✓" && state.lastAnswer?.correct == true)
    }

    /// An interval question, major third up from C3 (answer E3), and one wrong try, D#3.
    static func intervalWithWrongTry() -> WatchState {
        var state = WatchState()
        state.apply(event("session_started", seconds: 0, ["exercise": .string("intervals M3 ascending from C3")]))
        state.apply(event("prompt", seconds: 0, [
            "number": .number(1), "repeat": .bool(false), "staff": .array([]),
            "question": .object(["kind": .string("interval"), "root": .string("C3"), "interval": .string("M3"),
                                 "name": .string("major third"), "direction": .string("ascending"),
                                 "answer": .object(["note": .string("E3")])]),
        ]))
        state.apply(event("note_judged", seconds: 1, ["correct": .bool(false), "played": .string("D#3"), "attempt": .number(1),
                                                     "expected": EventReport.expected("E3"),
                                                     "staff": staffJSON([("C3", 1, nil)])]))
        return state
    }

    @Test("a wrong interval try does not name the answer; the reveal does")
    func intervalWrongTryKeepsTheAnswer() {
        var state = Self.intervalWithWrongTry()
        #expect(state.lastAnswer?.text == "D#3 ✗  try 1")
        #expect(state.lastAnswer?.correct == false)
        let screen = WatchScreen(colour: false).lines(state, elapsed: 1).joined(separator: "\n")
        #expect(screen.contains("last  D#3 ✗  try 1"), "\(screen)")
        #expect(!screen.contains("E3"), "\(screen)")

        state.apply(Self.event("answer_revealed", seconds: 2, [
            "answers": .array([EventReport.expected("E3")]), "reason": .string("too_many_tries"),
            "staff": Self.staffJSON([("C3", 1, nil), ("E3", 3, nil)]),
        ]))
        let revealed = WatchScreen(colour: false).lines(state, elapsed: 2).joined(separator: "\n")
        #expect(revealed.contains("last  answer E3  (too many tries)"), "\(revealed)")
    }

    @Test("a wrong interval try after watch joined mid-session (kind from status) does not name the answer")
    func intervalWrongTryFromStatus() {
        var state = WatchState()
        state.apply(status: SessionStatus(kind: .interval, fields: ["intervals": .array([.string("M3")])], root: "C3", correct: 0, errors: 0,
                                          elapsedSeconds: 0, prompt: "major third up from C3", progress: nil, total: nil,
                                          seed: 1, tuning: .equalTemperament))
        state.apply(Self.event("note_judged", seconds: 1, ["correct": .bool(false), "played": .string("F3"), "attempt": .number(2),
                                                          "expected": EventReport.expected("E3"), "staff": .array([])]))
        #expect(state.lastAnswer?.text == "F3 ✗  try 2")
    }

    @Test("the screen fits 80×24 and shows exercise, clock, steps, progress, figures and the staff")
    func screen() {
        let lines = WatchScreen(width: 80, height: 24, colour: false).lines(Self.dorianState(), elapsed: 12.7)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[0].hasPrefix("eartrainer watch · D dorian scale"))
        #expect(lines[0].hasSuffix("session 12s"))
        #expect(lines[1] == "root D3   steps W-H-W-W-W-H-W   round 1")
        #expect(lines[2].hasPrefix("progress [") && lines[2].hasSuffix("] 2/8"))
        #expect(lines[3] == "last  G3 ✗  expected F3")
        #expect(lines[4] == "correct 2   errors 1   error rate 33.3%   avg response 1.50s")
        #expect(lines.joined().filter { $0 == "●" }.count == 2)
        #expect(lines.last == "q quit")
    }

    @Test("colours: a right answer green, a wrong one red", arguments: [(true, "\u{1B}[32m"), (false, "\u{1B}[31m")])
    func colours(correct: Bool, code: String) {
        var state = Self.dorianState()
        state.lastAnswer = ("X", correct)
        let lines = WatchScreen(colour: true).lines(state, elapsed: 0)
        #expect(lines[3] == "last  \(code)X\u{1B}[0m")
    }

    @Test("a finished round stays on screen until the next note")
    func finishedRound() {
        var state = Self.dorianState()
        let full = (0..<8).map { ("N\($0)", $0 + 4, nil as String?) }
        state.apply(Self.event("note_judged", seconds: 5, ["correct": .bool(true), "played": .string("D4"), "staff": Self.staffJSON(full)]))
        state.apply(Self.event("prompt", seconds: 5, [
            "number": .number(2), "repeat": .bool(false), "staff": .array([]),
            "question": .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"), "steps": .string("W-H-W-W-W-H-W")]),
        ]))
        let screen = WatchScreen(colour: false).lines(state, elapsed: 5).joined(separator: "\n")
        #expect(screen.filter { $0 == "●" }.count == 8)
        #expect(screen.contains("round complete"))
        state.apply(Self.event("note_judged", seconds: 6, ["correct": .bool(true), "played": .string("D3"), "staff": Self.staffJSON([("D3", 4, nil)])]))
        #expect(WatchScreen(colour: false).lines(state, elapsed: 6).joined().filter { $0 == "●" }.count == 1)
    }

    @Test("after the session the results screen shows, per degree")
    func ended() {
        var state = Self.dorianState()
        let results = ResultsReport(
            correct: 2, errors: 1, revealed: 0, skipped: 0, roundsCompleted: 0, questionsFinished: 0, sessionSeconds: 9,
            errorRate: 1.0 / 3, averageResponseSeconds: 1.5, averageFirstNoteSeconds: nil,
            breakdown: [.init(subject: "degree 1", category: "degree", asked: 1, correct: 1, correctFirstTry: 1, errors: 0, revealed: 0,
                              averageResponseSeconds: nil)],
            confusions: [], thresholds: [])
        state.apply(EventReport(seq: 1, type: "session_ended", topic: .session, sessionSeconds: 9, text: "", details: Wire.value(results)))
        let lines = WatchScreen(colour: false).lines(state, elapsed: 9)
        #expect(lines.contains("session ended"))
        #expect(lines.contains("results: 2 correct, 1 error"))
        #expect(lines.contains { $0.hasPrefix("per degree") })
    }

    @Test("a melody counts its notes from the prompt's answer_count, and a wrong note starts the count again")
    func melodyCount() {
        var state = WatchState()
        state.apply(Self.event("session_started", seconds: 0, ["exercise": .string("melodies of 5 notes")]))
        let question: JSONValue = .object(["kind": .string("dictation"), "key": .string("G ionian"), "first": .string("B3"), "length": .number(5)])
        state.apply(Self.event("prompt", seconds: 0, Self.prompt(question, answerCount: 5)))
        #expect(state.counted && state.total == 5 && state.progress == 0)
        state.apply(Self.event("note_judged", seconds: 1, ["correct": .bool(true), "played": .string("B3"), "staff": Self.staffJSON([("B3", 9, nil)])]))
        #expect(state.progress == 1)
        state.apply(Self.event("note_judged", seconds: 2, ["correct": .bool(false), "played": .string("C4"), "attempt": .number(1), "staff": .array([])]))
        #expect(state.progress == 0 && state.lastAnswer?.text == "C4 ✗  try 1", "\(String(describing: state.lastAnswer))")
    }
    @Test("a progression counts its chords; a wrong chord keeps the count; the question names the key and the count only")
    func progressionCount() {
        var state = WatchState()
        state.apply(Self.event("session_started", seconds: 0, ["exercise": .string("progressions I-IV-V-I ii-V-I")]))
        let question: [String: JSONValue] = ["kind": .string("progression"), "key": .string("D major"), "tonic": .string("D4"), "chords": .number(4)]
        state.apply(Self.event("prompt", seconds: 0, Self.prompt(.object(question), answerCount: 4)))
        #expect(state.counted && state.total == 4 && state.progress == 0)
        #expect(ProgressionExercise.watchQuestion(fields: question) == "in D major: play the 4 chords you hear")
        state.apply(Self.event("note_judged", seconds: 1, ["correct": .bool(true), "played": .string("D3"), "staff": Self.staffJSON([("D3", 9, nil)])]))
        state.apply(Self.event("note_judged", seconds: 2, ["correct": .bool(false), "played": .string("A2"), "attempt": .number(1),
                                                            "staff": Self.staffJSON([("D3", 9, nil)])]))
        #expect(state.progress == 1, "the chord played right stays counted")
    }

    @Test("an answer in cents: the question never says the offset; the answer says what it was and how far, right or wrong")
    func compareInCents() {
        var state = WatchState()
        state.apply(Self.event("session_started", seconds: 0, ["exercise": .string("compare the same note from A3")]))
        state.apply(Self.event("prompt", seconds: 0, [
            "number": .number(1), "repeat": .bool(false), "staff": .array([]),
            "question": .object(["kind": .string("compare"), "root": .string("A3"), "register": .number(3)]),
        ]))
        #expect(state.question == "A3, then the same note: higher or lower?" && state.detail == "above A3: higher · below: lower")
        state.apply(Self.event("note_judged", seconds: 1, [
            "correct": .bool(true), "played": .string("B3"), "staff": .array([]), "cents": .number(12.5), "outcome": .string("higher"),
        ]))
        #expect(state.lastAnswer?.text == "B3 ✓  higher, 12.5 c")
        state.apply(Self.event("note_judged", seconds: 2, [
            "correct": .bool(false), "played": .string("G3"), "attempt": .number(1), "staff": .array([]), "cents": .number(6.25),
            "outcome": .string("higher"),
        ]))
        #expect(state.lastAnswer?.text == "G3 ✗  higher, 6.2 c", "no try count: \(String(describing: state.lastAnswer))")
    }

    @Test("a pure question names the item and the keys, and the answer which version was pure")
    func pureQuestion() {
        var state = WatchState()
        state.apply(Self.event("prompt", seconds: 0, [
            "number": .number(1), "repeat": .bool(false), "staff": .array([]),
            "question": .object(["kind": .string("pure"), "root": .string("C4"), "item": .string("M3"), "name": .string("major third"),
                                 "against": .string("equal")]),
        ]))
        #expect(state.question == "a major third on C4, twice: which is pure?" && state.detail == "C4 or below: the first · above: the second")
        state.apply(Self.event("note_judged", seconds: 1, [
            "correct": .bool(true), "played": .string("C4"), "staff": .array([]), "cents": .number(13.686), "outcome": .string("the first was pure"),
        ]))
        #expect(state.lastAnswer?.text == "C4 ✓  the first was pure, 13.7 c")
    }
}
