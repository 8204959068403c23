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

    /// A session's results; `mean_absolute_cents` (overall and per row) only where answers were tuned (`match`).
    static func results(_ results: SessionResults) -> JSONValue {
        var fields = plainResults(results)
        if let cents = results.meanAbsoluteCents, case .object(var object) = fields {
            object["mean_absolute_cents"] = .number((cents * 1000).rounded() / 1000)
            if case .array(var rows)? = object["breakdown"] {
                for (index, row) in results.breakdown.enumerated() {
                    guard let mean = row.meanAbsoluteCents, case .object(var cells) = rows[index] else { continue }
                    cells["mean_absolute_cents"] = .number((mean * 1000).rounded() / 1000)
                    rows[index] = .object(cells)
                }
                object["breakdown"] = .array(rows)
            }
            fields = .object(object)
        }
        return fields
    }

    private static func plainResults(_ results: SessionResults) -> JSONValue {
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
                    "subject": .string(row.subject.description), "category": .string(row.subject.category),
                    "asked": .number(Double(row.asked)),
                    "correct": .number(Double(row.correct)), "correct_first_try": .number(Double(row.correctFirstTry)),
                    "errors": .number(Double(row.errors)), "revealed": .number(Double(row.revealed)),
                    "average_response_seconds": row.averageResponseTime.map { .number($0.seconds) } ?? .null,
                ])
            }),
            "confusions": .array(results.confusions.map { confusion in
                .object([
                    "expected": .string(confusion.expected.description), "played": .string(confusion.played),
                    "count": .number(Double(confusion.count)),
                ])
            }),
            "thresholds": .array(results.thresholds.map { threshold in
                .object([
                    "subject": .string(threshold.subject.description), "category": .string(threshold.subject.category),
                    "cents": .number(threshold.cents), "trials": .number(Double(threshold.trials)),
                    "settled": .bool(threshold.settled),
                ])
            }),
        ])
    }
}
