import MusicTheory

/// The clef the staff is drawn in (`training.clef`, `eartrainctl staff --clef`). The daemon
/// places notes in bass-staff steps; clients draw them in the clef (ClientViews' `StaffLayout`).
public enum Clef: String, NamedChoice {
    /// By the notes drawn: bass while none is above G4 (three ledger lines over the bass staff),
    /// treble while none is below G3, the grand staff when they span both.
    case auto
    case bass
    /// Notes written as the bass staff writes them from E2, but from C4 (the first ledger line
    /// below): as low as possible with the lowest at or above C4, moved by whole octaves.
    case treble
    /// Bass and treble staves together, middle C on the ledger line between; no note moved.
    case grand
}
