import MusicTheory

/// A note placed on the bass-clef staff: computed once here so that every view draws the same.
///
/// Positions count diatonic steps from the bottom line: step 0 is G2 (bottom line), 1 is A2,
/// 2 is B2 (second line), … 8 is A3 (top line). Even steps are lines, odd steps spaces; C4 is
/// step 10, on the first ledger line above, and E2 is step -2, on the first ledger line below.
public struct StaffNote: Sendable {
    /// Why a note is on the staff.
    public enum Role: String, Sendable {
        /// The sounded root of an interval question.
        case root
        /// A note the student played correctly.
        case answer
        /// A note the engine showed after too many wrong tries or a skip.
        case revealed
    }

    /// The written note.
    public let note: SpelledNote
    /// Diatonic steps above the bottom line (G2); the accidental does not move a note.
    public let step: Int
    /// The steps of the ledger lines this note needs, nearest the staff first (empty inside it).
    public let ledgerLines: [Int]
    /// The sign written before the note (`b`, `#`, …), or nil for a natural note. The staff
    /// has no key signature, so every sharp and flat is written.
    public let accidental: Accidental?
    /// Why the note is shown.
    public let role: Role

    /// The bottom line of the bass staff, G2.
    public static let bottomLine = SpelledNote(NoteName(.g), octave: 2)
    /// The top line's step (A3).
    public static let topLineStep = 8

    /// `note` placed on the bass staff.
    public init(_ note: SpelledNote, role: Role) {
        self.note = note
        self.role = role
        step = note.diatonicIndex - StaffNote.bottomLine.diatonicIndex
        accidental = note.name.accidental == .natural ? nil : note.name.accidental
        if step < -1 {
            ledgerLines = Array(stride(from: -2, through: step, by: -2))
        } else if step > StaffNote.topLineStep + 1 {
            ledgerLines = Array(stride(from: StaffNote.topLineStep + 2, through: step, by: 2))
        } else {
            ledgerLines = []
        }
    }

    /// True for a note on a line (or a ledger line), false for one in a space.
    public var isOnLine: Bool { step % 2 == 0 }
}

extension StaffNote.Role: Hashable, Codable {}

extension StaffNote: Hashable, Codable {}

extension StaffNote: CustomStringConvertible {
    /// Accidental, letter, octave and step, as a view draws it: `bE3@5`, `C4@10`.
    public var description: String { "\(accidental?.symbol ?? "")\(note.name.letter)\(note.octave)@\(step)" }
}
