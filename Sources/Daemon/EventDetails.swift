import ControlProtocol
import MusicTheory
import Training

/// The `details` member of each event report: the event's own fields as plain JSON.
enum EventDetails {
    static func note(_ note: SpelledNote) -> JSONValue {
        .string(note.description)
    }

    static func expected(_ expected: ExpectedNote) -> ExpectedNoteReport {
        ExpectedNoteReport(note: expected.spelled.description, midi: Int(expected.midiNote.rawValue), exactOctave: expected.exactOctaveRequired)
    }

    /// What is asked, as shown to the student: the kind and what its question shows
    /// (`ExerciseQuestion.details`), which never names the note that answers it.
    static func question(_ question: Prompt.Question) -> JSONValue {
        var fields = question.shown.detailFields
        fields["kind"] = .string(question.kind.rawValue)
        return .object(fields)
    }
}
