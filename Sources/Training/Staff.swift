import MusicTheory

/// What the bass-clef staff shows at one moment, and the rules for placing notes on it.
public struct Staff: Sendable {
    /// The notes shown, lowest first for a scale; the root then the answer for an interval.
    public var notes: [StaffNote]

    /// A staff showing `notes`.
    public init(_ notes: [StaffNote] = []) {
        self.notes = notes
    }

    /// The lowest note drawn: E2, on the first ledger line below the staff. The rule is
    /// about the place on the staff, so `Eb2` (drawn at E2's place with a flat) is drawable too.
    public static let lowestDrawable = SpelledNote(NoteName(.e), octave: 2)

    /// The eight notes of `scale` placed as they are drawn: as low as possible with the root
    /// at or above E2, rising one staff step per degree to the octave.
    public static func placement(of scale: Scale) -> [SpelledNote] {
        let root = lowestDrawable(scale.root)
        // The scale's spelling is taken from the root upward, so it always rises.
        return (try? scale.notes(from: root)) ?? []
    }

    /// `name` in the lowest octave whose staff place is at or above E2.
    public static func lowestDrawable(_ name: NoteName) -> SpelledNote {
        let octave = name.letter.rawValue >= lowestDrawable.name.letter.rawValue ? 2 : 3
        return SpelledNote(name, octave: octave)
    }

    /// A pair of notes (an interval's root and answer) moved up by whole octaves until the lower
    /// one can be drawn; their distance and spelling stay the same.
    public static func drawable(_ first: SpelledNote, _ second: SpelledNote) -> (SpelledNote, SpelledNote) {
        let lowest = min(first.diatonicIndex, second.diatonicIndex)
        let octaves = max(0, (lowestDrawable.diatonicIndex - lowest + 6) / 7)
        return (
            SpelledNote(first.name, octave: first.octave + octaves),
            SpelledNote(second.name, octave: second.octave + octaves)
        )
    }
}

extension Staff: Hashable, Codable {}

extension Staff: CustomStringConvertible {
    /// The notes in order, as `StaffNote` describes them.
    public var description: String { notes.map(\.description).joined(separator: " ") }
}
