/// A note with its spelling and octave in scientific pitch notation, such as `Eb3` or `B#3`.
///
/// The octave belongs to the letter: `B#3` and `C4` are both MIDI 60, `Cb4` is MIDI 59.
public struct SpelledNote: Sendable {
    public let name: NoteName
    public let octave: Int

    public init(_ name: NoteName, octave: Int) {
        self.name = name
        self.octave = octave
    }

    /// The MIDI number this note sounds as (C4 = 60); it may lie outside 0…127.
    public var midiNumber: Int {
        (octave + 1) * 12 + name.letter.naturalSemitone + name.accidental.alteration
    }

    /// The MIDI note, or an error when the note lies outside 0…127.
    public func midiNote() throws(TheoryError) -> MIDINote {
        try MIDINote(validating: midiNumber)
    }

    /// Diatonic steps above C0: the letter counts, the accidental does not. Staff positions use it.
    public var diatonicIndex: Int { octave * 7 + name.letter.rawValue }

    /// The note `interval` above this one, spelled by the interval (C4 + A4 = F#4, C4 + d5 = Gb4).
    public func transposed(by interval: SpelledInterval) throws(TheoryError) -> SpelledNote {
        try SpelledNote(diatonicIndex: diatonicIndex + interval.steps, fifths: name.fifths + interval.fifths)
    }

    /// The note `interval` below this one.
    public func transposed(downBy interval: SpelledInterval) throws(TheoryError) -> SpelledNote {
        try SpelledNote(diatonicIndex: diatonicIndex - interval.steps, fifths: name.fifths - interval.fifths)
    }

    private init(diatonicIndex: Int, fifths: Int) throws(TheoryError) {
        let name = try NoteName(fifths: fifths)
        self.init(name, octave: floorDiv(diatonicIndex, 7))
    }

    /// Parses `Eb3`, `F#2`, `Bbb1`, `C##4`, `C-1`.
    public init(parsing text: String) throws(TheoryError) {
        guard let (name, rest) = NoteName.parsePrefix(Substring(text)),
              let octave = parseOctave(rest)
        else { throw .invalidNoteName(text) }
        self.init(name, octave: octave)
    }
}

/// Reads an octave number: optional minus sign, one or two digits (-1 … 10 are sensible; more is refused).
func parseOctave(_ text: Substring) -> Int? {
    let negative = text.first == "-"
    let digits = negative ? text.dropFirst() : text
    guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
          let value = Int(digits)
    else { return nil }
    return negative ? -value : value
}

extension SpelledNote: Hashable {}

extension SpelledNote: CustomStringConvertible {
    public var description: String { "\(name)\(octave)" }
}
