import MusicTheory

extension SpelledNote {
    /// The preferred name of each pitch class, worked out once: `PitchClass.preferredName` builds
    /// scales to decide, too slow to do for every question.
    private static let preferredNames = PitchClass.allCases.map(\.preferredName)

    /// `note` spelled `name` (which must name its pitch class), or with its pitch class's preferred
    /// name; the octave belongs to the letter, so MIDI 60 spelled B# is B#3.
    init(_ note: MIDINote, spelled name: NoteName? = nil) {
        let name = name ?? Self.preferredNames[note.pitchClass.rawValue]
        let aboveC = name.letter.naturalSemitone + name.accidental.alteration
        self.init(name, octave: floorDiv(note.rawValue - aboveC, 12) - 1)
    }
}

/// Integer division rounding towards minus infinity.
func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
