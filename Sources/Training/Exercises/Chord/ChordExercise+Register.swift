import MusicTheory

extension ChordExercise {
    /// Where random roots lie (`RootRegister.band`: C3–C4). A note range that leaves out part of
    /// it takes the octave nearest to it within the range instead.
    public static let rootRegister = RootRegister.band
    /// The most a random root moves from the one before, in semitones (a perfect fourth).
    public static let largestRootMove = RootRegister.largestMove
}
