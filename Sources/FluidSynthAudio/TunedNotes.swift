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
}
