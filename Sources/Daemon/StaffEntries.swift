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

    /// Each pitch class's preferred name, worked out once (`preferredName` builds scales).
    private static let preferredNames = PitchClass.allCases.map(\.preferredName)

    /// A wrong note played while `drawn` notes were on the staff, `target` being where the expected
    /// note is drawn: spelled by its pitch class's preferred name, in the octave nearest the target,
    /// so a view can show it beside that note rather than wherever the keyboard's octave puts it.
    static func wrong(_ played: MIDINote, target: SpelledNote, drawn: Int) -> StaffEntry {
        let name = preferredNames[played.pitchClass.rawValue]
        let nearest = ((target.octave - 1)...(target.octave + 1)).map { SpelledNote(name, octave: $0) }
            .min { abs($0.midiNumber - target.midiNumber) < abs($1.midiNumber - target.midiNumber) }!
        return entry(StaffNote(nearest, role: .answer), role: "wrong", slot: drawn)
    }
}
