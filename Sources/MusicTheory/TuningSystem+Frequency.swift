extension TuningSystem {
    /// The frequency of `note` tuned in this system relative to `root`. The root itself is equal
    /// tempered from the reference; every other note lies the system's interval above or below it.
    /// Notes given only as MIDI numbers take each interval's standard spelling (the tritone is A4).
    public func frequency(of note: MIDINote, root: MIDINote, reference: ReferencePitch = .standard) -> Frequency {
        Frequency(root, reference: reference).shifted(byCents: centOffset(of: note, root: root))
    }

    /// The frequency of a spelled note relative to a spelled root: the spelling decides, so an
    /// augmented fourth and a diminished fifth above the same root differ in just intonation.
    public func frequency(of note: SpelledNote, root: SpelledNote, reference: ReferencePitch = .standard) -> Frequency {
        let rootFrequency = Frequency(midiNumber: Double(root.midiNumber), reference: reference)
        let cents = centOffset(fifths: note.name.fifths - root.name.fifths, semitones: note.midiNumber - root.midiNumber)
        return rootFrequency.shifted(byCents: cents)
    }

    /// Cents from `root` to `note` in this system. Below the root, the interval is counted from the
    /// octave below (D3 → C3 is a minor seventh minus an octave).
    public func centOffset(of note: MIDINote, root: MIDINote) -> Double {
        let distance = note.rawValue - root.rawValue
        let octaves = floorDiv(distance, 12)
        let interval = Interval(rawValue: distance - 12 * octaves)!
        return Double(octaves) * 1200 + centOffset(for: interval)
    }

    /// How far this system puts `note` from its equal-tempered pitch, in cents (what a pitch bend
    /// must add). Zero for every note in equal temperament.
    public func deviation(of note: MIDINote, root: MIDINote) -> Double {
        centOffset(of: note, root: root) - Double(note.rawValue - root.rawValue) * 100
    }
}
