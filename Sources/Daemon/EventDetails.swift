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

    /// What is asked, as shown to the student. An interval question names its root and interval
    /// but not the note that answers it: that comes with the correct judgement or the reveal.
    static func question(_ question: Prompt.Question) -> JSONValue {
        switch question {
        case .scale(let scale):
            return .object([
                "kind": .string(ExerciseKind.scale.rawValue), "mode": .string(scale.scale.mode.name), "root": note(scale.root),
                "steps": .string(scale.stepPattern), "notes": .array(scale.expected.map { .string($0.spelled.description) }),
            ])
        case .interval(let interval):
            return .object([
                "kind": .string(ExerciseKind.interval.rawValue), "root": note(interval.root), "interval": .string(interval.interval.description),
                "name": .string(interval.intervalName), "direction": .string(interval.direction.rawValue),
            ])
        }
    }

    static func results(_ results: SessionResults) -> JSONValue {
        .object([
            "correct": .number(Double(results.correct)), "errors": .number(Double(results.errors)),
            "revealed": .number(Double(results.revealed)), "skipped": .number(Double(results.skipped)),
            "rounds_completed": .number(Double(results.roundsCompleted)),
            "questions_finished": .number(Double(results.questionsFinished)),
            "session_seconds": .number(results.sessionLength.seconds), "error_rate": .number(results.errorRate),
            "average_response_seconds": results.averageResponseTime.map { .number($0.seconds) } ?? .null,
            "average_first_note_seconds": results.averageFirstNoteTime.map { .number($0.seconds) } ?? .null,
            "breakdown": .array(results.breakdown.map { row in
                .object([
                    "subject": .string(row.subject.description), "asked": .number(Double(row.asked)),
                    "correct": .number(Double(row.correct)), "correct_first_try": .number(Double(row.correctFirstTry)),
                    "errors": .number(Double(row.errors)), "revealed": .number(Double(row.revealed)),
                    "average_response_seconds": row.averageResponseTime.map { .number($0.seconds) } ?? .null,
                ])
            }),
            "confusions": .array(results.confusions.map { confusion in
                .object([
                    "expected": .string(confusion.expected.description), "played": .string(confusion.played.description),
                    "count": .number(Double(confusion.count)),
                ])
            }),
        ])
    }
}
