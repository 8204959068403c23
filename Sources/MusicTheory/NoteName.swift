/// A spelled pitch class: a letter and an accidental, such as `Eb` or `F##`.
///
/// Its line-of-fifths coordinate (C = 0, G = 1, F = -1, F# = 6, Bb = -2) makes transposition an
/// addition that always keeps the right spelling.
public struct NoteName: Sendable {
    public let letter: Letter
    public let accidental: Accidental

    public init(_ letter: Letter, _ accidental: Accidental = .natural) {
        self.letter = letter
        self.accidental = accidental
    }

    /// The position on the line of fifths: each sharp adds 7, each flat subtracts 7.
    public var fifths: Int { letter.fifths + 7 * accidental.alteration }

    /// The name at a line-of-fifths position; throws when it would need more than a double accidental.
    public init(fifths: Int) throws(TheoryError) {
        let letter = Letter(fifthsModSeven: fifths)
        let alteration = (fifths - letter.fifths) / 7
        guard let accidental = Accidental(alteration: alteration) else {
            throw .accidentalOutOfRange(letter: letter, alteration: alteration)
        }
        self.init(letter, accidental)
    }

    /// The pitch class this name sounds as.
    public var pitchClass: PitchClass {
        PitchClass(floorMod(letter.naturalSemitone + accidental.alteration, 12))
    }

    /// The name `interval` above this one.
    public func transposed(by interval: SpelledInterval) throws(TheoryError) -> NoteName {
        try NoteName(fifths: fifths + interval.fifths)
    }

    /// Parses a name such as `Eb`, `F#`, `Bbb`, `C##` (also `E♭`, `Fx`).
    public init(parsing text: String) throws(TheoryError) {
        guard let (name, rest) = NoteName.parsePrefix(Substring(text)), rest.isEmpty else {
            throw .invalidNoteName(text)
        }
        self = name
    }

    /// Reads a letter and an accidental at the start of `text`.
    static func parsePrefix(_ text: Substring) -> (NoteName, Substring)? {
        guard let first = text.first, let letter = Letter(character: first),
              let (accidental, rest) = Accidental.parsePrefix(text.dropFirst())
        else { return nil }
        return (NoteName(letter, accidental), rest)
    }
}

extension NoteName: Hashable {}

extension NoteName: CustomStringConvertible {
    public var description: String { "\(letter)\(accidental.symbol)" }
}
