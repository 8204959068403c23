/// A chord named by its spelled root and its quality: C minor, F♯ half-diminished seventh.
public struct Chord: Sendable, Hashable, Codable {
    public let root: NoteName
    public let quality: ChordQuality

    public init(root: NoteName, quality: ChordQuality) {
        self.root = root
        self.quality = quality
    }

    /// The spelled tones, root first (C m7♭5: C E♭ G♭ B♭). Throws when a tone would need more
    /// than a double accidental (B♯ augmented needs F♯♯♯).
    public func tones() throws(TheoryError) -> [NoteName] {
        var tones: [NoteName] = []
        for interval in quality.intervals {
            tones.append(try root.transposed(by: interval))
        }
        return tones
    }

    /// The tones' pitch classes, root first.
    public var pitchClasses: [PitchClass] {
        quality.semitones.map { PitchClass(floorMod(root.pitchClass.rawValue + $0, 12)) }
    }

    /// The symbol on a lead sheet: "C", "Cm", "C°", "C+", "Csus2", "Cmaj7", "C7", "Cm7", "Cø7", "C°7".
    public var symbol: String { "\(root)\(quality.symbol)" }

    /// The name in prose: "C minor", "Eb dominant seventh".
    public var name: String { "\(root) \(quality.name)" }

    /// The chord voiced close from `rootNote` (the root's key): root position is the tones stacked from
    /// `rootNote` within an octave; inversion k moves the lowest k tones an octave up, so the
    /// first inversion's bass is the third. `inversion` is 0 ..< number of tones.
    public func midiNotes(rootNote: MIDINote, inversion: Int = 0) -> [MIDINote] {
        let semitones = quality.semitones
        precondition((0..<semitones.count).contains(inversion), "inversion must be 0..<\(semitones.count)")
        let voiced = semitones[inversion...] + semitones[..<inversion].map { $0 + 12 }
        return voiced.map { rootNote.transposed(bySemitones: $0) }
    }

    /// The spelled notes of the same voicing, from `root` at its octave.
    public func notes(from root: SpelledNote, inversion: Int = 0) throws(TheoryError) -> [SpelledNote] {
        let intervals = quality.intervals
        precondition((0..<intervals.count).contains(inversion), "inversion must be 0..<\(intervals.count)")
        var notes: [SpelledNote] = []
        for (index, interval) in intervals.enumerated() {
            let note = try root.transposed(by: interval)
            notes.append(index < inversion ? SpelledNote(note.name, octave: note.octave + 1) : note)
        }
        return Array(notes[inversion...] + notes[..<inversion])
    }
}

extension Chord: CustomStringConvertible {
    public var description: String { symbol }
}
