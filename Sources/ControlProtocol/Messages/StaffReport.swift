/// One note on the bass-clef staff, as events (`details.staff`) and `status` report it. The daemon
/// places it (the staff model in Training); clients only draw it.
public struct StaffEntry: Sendable, Hashable, Codable {
    /// The written note, e.g. `Eb3`.
    public var note: String
    /// Diatonic steps above the bottom line G2 (even: a line, odd: a space; C4 is 10, E2 is -2).
    public var step: Int
    /// The steps of the ledger lines it needs, nearest the staff first.
    public var ledgerLines: [Int]
    /// `b`, `#`, `bb`, `##`, or nil for a natural note.
    public var accidental: String?
    /// `root`, `answer`, `revealed`, or `wrong` for a wrong attempt (never drawn on the student's
    /// staff; only `RoundStaff.wrong` holds those).
    public var role: String
    /// For a wrong attempt: how many of the round's notes were drawn when it was played, so a
    /// view can show it just before `notes[slot]`.
    public var slot: Int?

    /// An entry; `ledgerLines` as the staff model computes them.
    public init(note: String, step: Int, ledgerLines: [Int], accidental: String?, role: String, slot: Int? = nil) {
        self.note = note
        self.step = step
        self.ledgerLines = ledgerLines
        self.accidental = accidental
        self.role = role
        self.slot = slot
    }

    enum CodingKeys: String, CodingKey {
        case note, step, accidental, role, slot
        case ledgerLines = "ledger_lines"
    }

    /// A natural note's `accidental` is written as null; `slot` only for a wrong attempt.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(note, forKey: .note)
        try container.encode(step, forKey: .step)
        try container.encode(ledgerLines, forKey: .ledgerLines)
        try container.encode(accidental, forKey: .accidental)
        try container.encode(role, forKey: .role)
        try container.encodeIfPresent(slot, forKey: .slot)
    }
}

/// The staff of one question (a scale round or an interval question), for `status`.
public struct RoundStaff: Sendable, Hashable, Codable {
    /// The question as the student reads it, e.g. `D dorian  W-H-W-W-W-H-W`.
    public var question: String
    /// What the student's staff shows: correct notes (and the root, or revealed answers).
    public var notes: [StaffEntry]
    /// The wrong attempts, placed at the played pitch near the note that was expected.
    public var wrong: [StaffEntry]

    /// A question's staff.
    public init(question: String, notes: [StaffEntry] = [], wrong: [StaffEntry] = []) {
        self.question = question
        self.notes = notes
        self.wrong = wrong
    }
}
