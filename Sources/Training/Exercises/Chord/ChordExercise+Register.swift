import MusicTheory

extension ChordExercise {
    /// Where random roots lie (`RootRegister.band`: C3–C4). A note range that leaves out part of
    /// it takes the octave nearest to it within the range instead.
    public static let rootRegister = RootRegister.band
    /// The most a random root moves from the one before, in semitones (a perfect fourth).
    public static let largestRootMove = RootRegister.largestMove

    /// The next question's root key: the root given with its octave (`--root C3`) as it is; else,
    /// in the register, a key of the given pitch class (the one nearest the previous root), or a
    /// random key within `largestRootMove` of the previous root and not the same.
    static func rootKey(root: RootNote?, span: Int, previous: MIDINote?, range: ClosedRange<MIDINote>,
                        random: inout SeededRandom) -> MIDINote {
        if let exact = root?.midiNote { return exact }
        return RootRegister.key(above: span, pitchClass: root?.pitchClass.rawValue, previous: previous, range: range, random: &random)
    }
}
