import ControlProtocol
import MusicTheory
import Training

/// The staff model's notes as `status` reports them, and where a wrong attempt is shown.
enum StaffEntries {
    /// How many wrong attempts of a question `status` keeps (the latest).
    static let wrongKept = 16

    /// `staff` in the same shape as the events' `details.staff`.
    static func entries(_ staff: Staff) -> [StaffEntry] {
        staff.notes.map { entry($0, role: $0.role.rawValue) }
    }

    static func entry(_ note: StaffNote, role: String, slot: Int? = nil) -> StaffEntry {
        StaffEntry(note: note.note.description, step: note.step, ledgerLines: note.ledgerLines,
                   accidental: note.accidental?.symbol, role: role, slot: slot)
    }

    /// A wrong note played while `drawn` notes were on the staff: spelled by its pitch class's
    /// preferred name, in the octave nearest the note it should have been as drawn, so a view can
    /// show it beside that note rather than wherever the keyboard's octave would put it.
    static func wrong(_ played: MIDINote, question: Prompt.Question, drawn: Int) -> StaffEntry {
        let target: SpelledNote
        switch question {
        case .scale(let scale):
            let placed = Staff.placement(of: scale.scale)
            target = placed.isEmpty ? played.spelled : placed[min(drawn, placed.count - 1)]
        case .interval(let interval):
            target = Staff.drawable(interval.root, interval.answer.spelled).1
        }
        let name = played.pitchClass.preferredName
        let nearest = ((target.octave - 1)...(target.octave + 1)).map { SpelledNote(name, octave: $0) }
            .min { abs($0.midiNumber - target.midiNumber) < abs($1.midiNumber - target.midiNumber) }!
        return entry(StaffNote(nearest, role: .answer), role: "wrong", slot: drawn)
    }
}
