import MusicTheory

/// The clef the staff is drawn in (`training.clef`, `eartrainctl staff --clef`). The daemon
/// places notes in bass-staff steps; clients draw them in the clef (ClientViews' `StaffLayout`).
public enum Clef: String, NamedChoice {
    /// By the question's range, chosen when it is asked and kept until it closes (`forQuestion`):
    /// bass while its range stays at or below G4 (three ledger lines over the bass staff), treble
    /// while it stays at or above G3, the grand staff when it spans both.
    case auto
    case bass
    /// Notes written as the bass staff writes them from E2, but from C4 (the first ledger line
    /// below): as low as possible with the lowest at or above C4, moved by whole octaves.
    case treble
    /// Bass and treble staves together, middle C on the ledger line between; no note moved.
    case grand
}

extension Clef {
    /// The highest bass-staff step the bass clef takes (G4), and the lowest the treble takes (G3).
    static let bassTop = 14, trebleBottom = 7
    /// How far a question reaches from the notes it shows, in staff steps: an octave each way,
    /// where every answer of a simple interval, a chord or a melody from its first note lies.
    public static let questionReach = 7

    /// The clef `auto` draws a question in, from the steps of the notes it showed when asked
    /// (bass-staff steps, G2 = 0) widened by `questionReach` each way, so that neither an answer
    /// nor a wrong try changes it before the question closes. Nil without notes.
    public static func forQuestion(shownSteps: [Int]) -> Clef? {
        guard let low = shownSteps.min(), let high = shownSteps.max() else { return nil }
        return resolved(lowestStep: low - questionReach, highestStep: high + questionReach)
    }

    /// The clef for notes from `lowestStep` to `highestStep`: bass, treble or the grand staff.
    public static func resolved(lowestStep: Int, highestStep: Int) -> Clef {
        highestStep <= bassTop ? .bass : lowestStep >= trebleBottom ? .treble : .grand
    }
}
