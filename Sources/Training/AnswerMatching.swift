import MusicTheory

/// How a played note is compared with the expected one.
///
/// The names are the config file's `matching` values, and what `config.get` and stored results say.
public enum AnswerMatching: String, NamedChoice {
    /// Any octave of the right pitch class counts, as with answer buttons for the 12 pitch
    /// classes. Compound intervals are still judged in their exact octave.
    case pitchClass = "pitch-class"
    /// Only the exact note counts.
    case exactOctave = "exact-octave"
    /// A scale round goes the way it is asked: the right pitch class in any octave, each note
    /// above the one played before it (so the round ends on the root an octave up). Scales only.
    case inDirection = "in-direction"
}

/// One note the student is expected to play: how it is spelled and sounded, and how it is judged.
public struct ExpectedNote: Sendable {
    /// The note as it is written (and drawn on the staff).
    public let spelled: SpelledNote
    /// The note that sounds; in exact matching only this one counts.
    public let midiNote: MIDINote
    /// True when only the exact note counts (strict matching, or a compound interval).
    public let exactOctaveRequired: Bool

    /// The expected note `spelled`, sounding as `midiNote`.
    public init(spelled: SpelledNote, midiNote: MIDINote, exactOctaveRequired: Bool) {
        self.spelled = spelled
        self.midiNote = midiNote
        self.exactOctaveRequired = exactOctaveRequired
    }

    /// Whether `played` answers this note.
    @inlinable
    public func isAnswered(by played: MIDINote) -> Bool {
        exactOctaveRequired ? played == midiNote : played.pitchClass == midiNote.pitchClass
    }
}

extension ExpectedNote: Hashable, Codable {}

extension ExpectedNote: CustomStringConvertible {
    /// The note with its octave when the octave counts (`E3`), else its name alone (`E`).
    public var description: String {
        exactOctaveRequired ? spelled.description : spelled.name.description
    }
}
