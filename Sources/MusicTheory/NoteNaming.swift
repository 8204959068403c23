/// How notes are named to the student (`training.names`): by letter (E, F sharp), by fixed do
/// (the letter's syllable: E is always mi, as in France, Italy and Spain), or by movable do (the
/// syllable of its degree in the key: E is mi in C major, re in D major, do in E major).
///
/// Movable do here is do-based: the tonic is always do, minor keys included (C minor: do re me fa
/// sol le te), and altered degrees take the chromatic syllables: raised di ri fi si li, lowered
/// ra me se le te. A doubly altered degree, which has no syllable, is named by its letters.
public enum NoteNaming: String, NamedChoice {
    case letters
    case movableDo = "movable-do"
    case fixedDo = "fixed-do"

    /// `note`'s name, without its octave: `E`, `F♯`; `mi`, `fa♯` in fixed do; in movable do the
    /// syllable of its degree above `tonic` (`mi` for E over C, `fi` for F♯ over C).
    public func shown(_ note: NoteName, tonic: NoteName) -> String {
        switch self {
        case .letters: note.description
        case .fixedDo: Self.fixed[note.letter.rawValue] + note.accidental.symbol
        case .movableDo: Self.movable(note, tonic: tonic) ?? note.description
        }
    }

    /// As the voice says it: `E`, `F sharp`; `mi`, `fa sharp`; `fi`.
    public func spoken(_ note: NoteName, tonic: NoteName) -> String {
        switch self {
        case .letters: note.spoken
        case .fixedDo: note.accidental == .natural ? Self.fixed[note.letter.rawValue] : "\(Self.fixed[note.letter.rawValue]) \(note.accidental.spoken)"
        case .movableDo: Self.movable(note, tonic: tonic) ?? note.spoken
        }
    }

    /// Fixed do's syllables, C to B.
    static let fixed = ["do", "re", "mi", "fa", "sol", "la", "si"]

    /// Movable do's syllables by degree (1 to 7): lowered, as in the major scale, raised; nil
    /// where solfège has none.
    static let degrees: [(lowered: String?, natural: String, raised: String?)] = [
        (nil, "do", "di"), ("ra", "re", "ri"), ("me", "mi", nil), (nil, "fa", "fi"),
        ("se", "sol", "si"), ("le", "la", "li"), ("te", "ti", nil),
    ]

    /// The degree's syllable of `note` above `tonic`, nil when it has none.
    static func movable(_ note: NoteName, tonic: NoteName) -> String? {
        let degree = (note.letter.rawValue - tonic.letter.rawValue + 7) % 7
        let major = [0, 2, 4, 5, 7, 9, 11][degree]
        let semitones = ((note.pitchClass.rawValue - tonic.pitchClass.rawValue) % 12 + 12) % 12
        var alteration = semitones - major
        if alteration > 6 { alteration -= 12 }
        if alteration < -6 { alteration += 12 }
        let syllables = degrees[degree]
        switch alteration {
        case 0: return syllables.natural
        case 1: return syllables.raised
        case -1: return syllables.lowered
        default: return nil
        }
    }
}
