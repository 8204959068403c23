import MusicTheory

/// The exact frequencies an exercise means, from `MusicTheory`: every note in `tuning` relative
/// to `root`, at the reference pitch. Spelled notes keep their spelling (an augmented fourth and a
/// diminished fifth differ in just intonation).
public enum TunedNotes {
    /// The root and the note `interval` above it.
    public static func interval(_ interval: SpelledInterval, above root: SpelledNote, tuning: TuningSystem,
                                reference: ReferencePitch) throws(TheoryError) -> [Frequency] {
        let target = try root.transposed(by: interval)
        return [root, target].map { tuning.frequency(of: $0, root: root, reference: reference) }
    }

    /// The scale of `mode` from `root` up to its octave.
    public static func scale(_ mode: Mode, from root: SpelledNote, tuning: TuningSystem,
                             reference: ReferencePitch) throws(TheoryError) -> [Frequency] {
        let scale = try Scale(mode: mode, root: root.name)
        return try scale.notes(from: root).map { tuning.frequency(of: $0, root: root, reference: reference) }
    }

    /// Each note tuned relative to `root`.
    public static func notes(_ notes: [SpelledNote], root: SpelledNote, tuning: TuningSystem,
                             reference: ReferencePitch) -> [Frequency] {
        notes.map { tuning.frequency(of: $0, root: root, reference: reference) }
    }

    /// A prompt's phrase of keys tuned against `root`, the question's tuning root. Keys that make
    /// a chord are tuned as that chord, by its spelling (C E G♯ is two pure major thirds in just
    /// intonation, never a major third and a minor sixth): the chord on the root's pitch class,
    /// or, for keys sounded together, the chord on their bass (a cadence's IV and V), its root
    /// tuned against `root` first. Any other phrase is tuned note by note against `root`.
    ///
    /// Key i is then moved by `cents[i]` (an intonation drill's detuned note); keys past the end of
    /// `cents` are not moved.
    public static func phrase(_ keys: [MIDINote], together: Bool, root: MIDINote, tuning: TuningSystem,
                              reference: ReferencePitch, cents: [Double]) -> [Frequency] {
        phrase(keys, together: together, root: root, tuning: tuning, reference: reference).enumerated().map { index, frequency in
            cents.indices.contains(index) ? frequency.shifted(byCents: cents[index]) : frequency
        }
    }

    /// The phrase's keys tuned as above, none moved.
    public static func phrase(_ keys: [MIDINote], together: Bool, root: MIDINote, tuning: TuningSystem,
                              reference: ReferencePitch) -> [Frequency] {
        let readings = Chord.recognize(keys)
        guard let chord = readings.first(where: { $0.root == root.pitchClass }) ?? (together ? readings.first : nil),
              let rootKey = keys.filter({ $0.pitchClass == chord.root }).min() else {
            return keys.map { tuning.frequency(of: $0, root: root, reference: reference) }
        }
        let rootFrequency = tuning.frequency(of: rootKey, root: root, reference: reference)
        return tuning.frequencies(ofKeys: keys, quality: chord.quality, rootKey: rootKey, rootFrequency: rootFrequency)
    }
}
