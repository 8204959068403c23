import ControlProtocol
import Training

extension EventReport {
    /// The fields every event of `type` carries as the daemon writes it, for those a test leaves
    /// out as beside its point (a wrong try's response time, a prompt's empty staff).
    static let carried: [String: [String: JSONValue]] = [
        "session_started": ["exercise": .string(""), "seed": .number(1)],
        "prompt": ["number": .number(1), "repeat": .bool(false), "staff": .array([]), "question": .object([:])],
        "note_judged": ["played_midi": .number(48), "attempt": .number(1), "response_seconds": .number(1),
                        "since_prompt_seconds": .number(1), "staff": .array([])],
        "answer_revealed": ["answers": .array([]), "reason": .string("skipped"), "staff": .array([])],
    ]

    /// An event of `type` with `details`, the fields its message must have filled in where left out.
    static func fixture(_ type: String, seconds: Double, _ details: [String: JSONValue]) -> EventReport {
        let whole = details.merging(carried[type] ?? [:]) { given, _ in given }
        return EventReport(seq: 1, type: type, topic: .answer, sessionSeconds: seconds, text: "", details: .object(whole))
    }
}
