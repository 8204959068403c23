import MusicTheory

/// How a key is spelled when only its pitch is chosen: a degree's, a dictation's or a
/// progression's random tonic.
enum KeySpelling {
    /// The key signature's usual name for a tonic: the one with fewer accidentals in its scale.
    static func tonic(_ pitchClass: Int, _ quality: Key.Quality) -> NoteName {
        let major = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]
        let minor = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"]
        return try! NoteName(parsing: (quality == .major ? major : minor)[pitchClass])
    }
}
