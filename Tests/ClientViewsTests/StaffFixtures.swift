import ControlProtocol
import MusicTheory
import Training

/// Staff entries made by the real staff model, as the daemon would report them.
enum StaffFixtures {
    static func entry(_ note: StaffNote, slot: Int? = nil) -> StaffEntry {
        StaffEntry(note: note.note.description, step: note.step, ledgerLines: note.ledgerLines,
                   accidental: note.accidental?.symbol, role: note.role.rawValue, slot: slot)
    }

    /// The eight notes of `mode` from `root`, placed as a finished round is drawn.
    static func scale(_ mode: Mode, from root: String) throws -> [StaffEntry] {
        let scale = try RootNote(parsing: root).scale(mode)
        return Staff.placement(of: scale).map { entry(StaffNote($0, role: .answer)) }
    }

    /// An interval question's root and answer from `root` (placed as low as drawable), answered.
    static func interval(_ interval: SpelledInterval, from root: String) throws -> [StaffEntry] {
        let low = Staff.lowestDrawable(try NoteName(parsing: root))
        let (drawnRoot, answer) = Staff.drawable(low, try low.transposed(by: interval))
        return [entry(StaffNote(drawnRoot, role: .root)), entry(StaffNote(answer, role: .answer))]
    }

    /// Single notes, for the ledger-line cases.
    static func notes(_ names: [String]) throws -> [StaffEntry] {
        try names.map { entry(StaffNote(try SpelledNote(parsing: $0), role: .answer)) }
    }
}
