/// Names as a voice says them: "C sharp 3", "E flat", "major third". A speech synthesizer reads
/// `C#3` as "C hash three" and `Eb` as "eb"; these are the words a teacher would use.
extension Accidental {
    /// "flat", "sharp", "double flat", …; empty for a natural.
    public var spoken: String {
        switch self {
        case .doubleFlat: "double flat"
        case .flat: "flat"
        case .natural: ""
        case .sharp: "sharp"
        case .doubleSharp: "double sharp"
        }
    }
}

extension NoteName {
    /// "C", "F sharp", "B flat".
    public var spoken: String {
        accidental == .natural ? "\(letter)" : "\(letter) \(accidental.spoken)"
    }
}

extension SpelledNote {
    /// "C sharp 3".
    public var spoken: String { "\(name.spoken) \(octave)" }
}
