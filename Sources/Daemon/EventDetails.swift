import ControlProtocol
import MusicTheory
import Training

/// The `details` member of each event report: the event's own fields as plain JSON.
enum EventDetails {
    static func note(_ note: SpelledNote) -> JSONValue {
        .string(note.description)
    }

    static func expected(_ expected: ExpectedNote) -> JSONValue {
        .object([
            "note": .string(expected.spelled.description), "midi": .number(Double(expected.midiNote.rawValue)),
            "exact_octave": .bool(expected.exactOctaveRequired),
        ])
    }

    static func staff(_ staff: Staff) -> JSONValue {
        .array(staff.notes.map { placed in
            .object([
                "note": .string(placed.note.description), "step": .number(Double(placed.step)),
                "ledger_lines": .array(placed.ledgerLines.map { .number(Double($0)) }),
                "accidental": placed.accidental.map { .string($0.symbol) } ?? .null,
                "role": .string(placed.role.rawValue),
            ])
        })
    }

    /// What is asked, as shown to the student: the kind and what its question shows
    /// (`ExerciseQuestion.details`), which never names the note that answers it.
    static func question(_ question: Prompt.Question) -> JSONValue {
        var fields = question.shown.details
        fields["kind"] = .string(question.kind.rawValue)
        return .object(fields)
    }
}
