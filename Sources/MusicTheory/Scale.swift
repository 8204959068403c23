/// A mode from a spelled root: eight note names from the root up to its octave, each letter once.
public struct Scale: Sendable {
    public let mode: Mode
    public let root: NoteName
    /// Root, the six degrees above it, and the octave: always eight names.
    public let notes: [NoteName]

    /// The scale on a spelled root, which keeps its spelling (D# Ionian has F## and C##).
    /// Throws when a degree would need more than a double accidental (C## Lydian needs F###).
    public init(mode: Mode, root: NoteName) throws(TheoryError) {
        var notes: [NoteName] = []
        for degree in mode.degrees {
            notes.append(try root.transposed(by: degree))
        }
        self.mode = mode
        self.root = root
        self.notes = notes
    }

    /// The scale on a bare pitch class, spelled with the fewest accidentals (Eb Ionian, not D#);
    /// on a tie the sharp spelling wins (F# Ionian).
    public init(mode: Mode, pitchClass: PitchClass) {
        let candidates = pitchClass.spellings.compactMap { try? Scale(mode: mode, root: $0) }
        self = candidates.min { $0.accidentalCount < $1.accidentalCount }!
    }

    /// Accidentals written in the seven distinct notes (double ones count twice).
    public var accidentalCount: Int {
        notes.dropLast().map { abs($0.accidental.alteration) }.reduce(0, +)
    }

    /// The scale's notes from `root` upward, root to octave.
    public func notes(from root: SpelledNote) throws(TheoryError) -> [SpelledNote] {
        var result: [SpelledNote] = []
        for degree in mode.degrees {
            result.append(try root.transposed(by: degree))
        }
        return result
    }
}

extension Scale: Hashable, Codable {}

extension Scale: CustomStringConvertible {
    /// As the student sees it: "D dorian: D E F G A B C D  (W-H-W-W-W-H-W)".
    public var description: String {
        "\(root) \(mode.name): \(notes.map(\.description).joined(separator: " "))  (\(mode.stepPattern))"
    }
}
