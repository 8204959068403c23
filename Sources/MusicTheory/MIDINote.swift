/// A MIDI note number, 0…127. Middle C is C4 = 60 (scientific pitch notation); A4 = 69.
public struct MIDINote: Sendable {
    public static let validRange = 0...127

    public let rawValue: Int

    /// A note the program itself computed; a value outside 0…127 is a programmer error.
    public init(_ rawValue: Int) {
        precondition(Self.validRange.contains(rawValue), "MIDI note must be 0...127, got \(rawValue)")
        self.rawValue = rawValue
    }

    /// A note from outside input (a keyboard, a file, a command line); out of range throws.
    public init(validating rawValue: Int) throws(TheoryError) {
        guard Self.validRange.contains(rawValue) else { throw .midiNoteOutOfRange(rawValue) }
        self.rawValue = rawValue
    }

    /// Parses a name in scientific pitch notation (`Eb3`, `F#2`, `Bbb1`, `C##4`) or a number (`60`).
    public init(parsing text: String) throws(TheoryError) {
        if !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) {
            try self.init(validating: number)
        } else {
            try self.init(validating: SpelledNote(parsing: text).midiNumber)
        }
    }

    public var pitchClass: PitchClass { PitchClass(rawValue % 12) }

    /// The octave in scientific pitch notation (MIDI 60 is in octave 4).
    public var octave: Int { rawValue / 12 - 1 }

    /// This note with the pitch class's preferred spelling (MIDI 63 is Eb4, 66 is F#4).
    public var spelled: SpelledNote { SpelledNote(pitchClass.preferredName, octave: octave) }

    /// The note `interval` higher; leaving 0…127 is a programmer error.
    public func transposed(by interval: Interval) -> MIDINote {
        transposed(bySemitones: interval.semitones)
    }

    /// The note `semitones` higher (or lower, when negative); leaving 0…127 is a programmer error.
    public func transposed(bySemitones semitones: Int) -> MIDINote {
        let result = rawValue + semitones
        precondition(Self.validRange.contains(result), "transposition leaves the MIDI range: \(result)")
        return MIDINote(result)
    }
}

extension MIDINote: Hashable, Comparable {
    public static func < (lhs: MIDINote, rhs: MIDINote) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension MIDINote: CustomStringConvertible {
    public var description: String { spelled.description }
}
