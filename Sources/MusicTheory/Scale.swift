/// A mode (or another scale) from a spelled root: its note names from the root up to its octave
/// (a mode's eight, each letter once; a pentatonic's six; the chromatic scale's thirteen).
public struct Scale: Sendable {
    public let mode: Mode
    public let root: NoteName
    /// Root, the degrees above it, and the octave.
    public let notes: [NoteName]

    /// The scale on a spelled root, which keeps its spelling (D# Ionian has F## and C##).
    /// Throws when a degree would need more than a double accidental (C## Lydian needs F###).
    public init(mode: Mode, root: NoteName) throws(TheoryError) {
        self.mode = mode
        self.root = root
        self.notes = try Self.spell(mode, from: SpelledNote(root, octave: 4)).map(\.name)
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
        try Self.spell(mode, from: root)
    }

    /// The degrees above `root`, as the mode's intervals spell them. The whole-tone scale is spelled step by step, as music21 spells
    /// it: a major second each time, or the diminished third where the second would need a
    /// double sharp or flat (C# D# E# G A B C#), then the root an octave up.
    /// The chromatic scale is the root, then each semitone named as a natural or a sharp
    /// (C C# D D# …: sharps going up), then the root an octave up.
    static func spell(_ mode: Mode, from root: SpelledNote) throws(TheoryError) -> [SpelledNote] {
        if mode == .chromatic {
            let sharps = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
            let inner = (1...11).map { step -> SpelledNote in
                let midi = root.midiNumber + step
                return SpelledNote(try! NoteName(parsing: sharps[midi % 12]), octave: midi / 12 - 1)
            }
            return [root] + inner + [try root.transposed(by: try! SpelledInterval(.perfect, 8))]
        }
        guard mode == .wholeTone else {
            var result: [SpelledNote] = []
            for degree in mode.degrees { result.append(try root.transposed(by: degree)) }
            return result
        }
        var result = [root]
        let second = try! SpelledInterval(.major, 2), third = try! SpelledInterval(.diminished, 3)
        for _ in 1...5 {
            let next = try result.last!.transposed(by: second)
            result.append(abs(next.name.accidental.alteration) > 1 ? try result.last!.transposed(by: third) : next)
        }
        result.append(try root.transposed(by: try! SpelledInterval(.perfect, 8)))
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
