import ControlProtocol
import Training

extension EventReport {
    /// The fields every event of `type` carries as the daemon writes it, for those a test leaves
    /// out as beside its point (a wrong try's response time, a prompt's empty staff).
    /// Spelled by the message types themselves (keys are spelled only there: WireKeySpellingTests).
    static let carried: [String: [String: JSONValue]] = [
        "session_started": Wire.value(SessionStartedDetails(exercise: "", seed: 1)).objectValue,
        "prompt": Wire.value(PromptDetails(number: 1, question: .object([:]), repeat: false, staff: [], answerCount: nil, sounds: nil)).objectValue,
        "note_judged": Wire.value(NoteJudgedDetails(played: "C3", playedMidi: 48, correct: false, attempt: 1, responseSeconds: 1,
                                                    sincePromptSeconds: 1, staff: [])).objectValue,
        "answer_revealed": Wire.value(AnswerRevealedDetails(answers: [], reason: "skipped", staff: [])).objectValue,
    ]

    /// A note expected, as the events give it.
    static func expected(_ note: String) -> JSONValue {
        Wire.value(ExpectedNoteReport(note: note, midi: 52, exactOctave: false))
    }

    /// An event of `type` with `details`, the fields its message must have filled in where left out.
    static func fixture(_ type: String, seconds: Double, _ details: [String: JSONValue]) -> EventReport {
        let whole = details.merging(carried[type] ?? [:]) { given, _ in given }
        return EventReport(seq: 1, type: type, topic: .answer, sessionSeconds: seconds, text: "", details: .object(whole))
    }
}
