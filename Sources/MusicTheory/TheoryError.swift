/// Everything that can go wrong when outside input (a string, a number, a frequency) is turned
/// into music-theory values. Each message names what was given and what is accepted.
public enum TheoryError: Error, Hashable, Sendable {
    case invalidNoteName(String)
    case invalidPitchClass(String)
    case midiNoteOutOfRange(Int)
    case invalidInterval(String)
    case intervalBeyondOctave(semitones: Int)
    case unknownMode(String)
    case referencePitchOutOfRange(hertz: Double)
    case invalidReferencePitch(String)
    case accidentalOutOfRange(letter: Letter, alteration: Int)
    case frequencyOutOfRange(hertz: Double)
}

extension TheoryError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidNoteName(let text):
            return "'\(text)' is not a note: use a letter A-G, an optional accidental (bb, b, #, ##) "
                + "and an octave (C4 = MIDI 60), e.g. Eb3, F#2, Bbb1, C##4, or a MIDI number 0-127"
        case .invalidPitchClass(let text):
            return "'\(text)' is not a pitch class: use one of "
                + PitchClass.allCases.map(\.label).joined(separator: ", ")
                + ", or a spelled name such as Db, C#, Fb, E#"
        case .midiNoteOutOfRange(let number):
            return "MIDI note \(number) is out of range: MIDI notes are 0-127 (C-1 to G9)"
        case .invalidInterval(let text):
            return "'\(text)' is not an interval: use a quality (P, M, m, A, d) and a number, e.g. "
                + SpelledInterval.common.map(\.description).joined(separator: " ")
                + ", or a name such as 'minor third', 'tritone', 'augmented fourth', 'major ninth'"
        case .intervalBeyondOctave(let semitones):
            return "\(semitones) semitones is beyond an octave: simple intervals span 0-12 semitones"
        case .unknownMode(let text):
            return "'\(text)' is not a mode: use one of "
                + Mode.allCases.map(\.name).joined(separator: ", ") + " (or major, minor)"
        case .referencePitchOutOfRange(let hertz):
            return "reference pitch \(hertz) Hz is out of range: A4 may be "
                + "\(Int(ReferencePitch.acceptedHertz.lowerBound))-\(Int(ReferencePitch.acceptedHertz.upperBound)) Hz"
        case .invalidReferencePitch(let text):
            return "'\(text)' is not a reference pitch: give A4 in Hz, "
                + "\(Int(ReferencePitch.acceptedHertz.lowerBound))-\(Int(ReferencePitch.acceptedHertz.upperBound)), e.g. 440 or 442.5"
        case .accidentalOutOfRange(let letter, let alteration):
            return "that spelling would need \(letter) with \(abs(alteration)) "
                + (alteration > 0 ? "sharps" : "flats")
                + ": accidentals go from double flat to double sharp; try the enharmonic root"
        case .frequencyOutOfRange(let hertz):
            return "\(hertz) Hz is outside the MIDI range (about 8.2 Hz to 12.5 kHz at A4 = 440 Hz)"
        }
    }
}
