import MusicTheory

/// The key a score's melody is written in, from its signature: its tonic and mode (major is
/// ionian, minor aeolian), moved when the melody is transposed, and how each of its notes is
/// spelled and which degree it is.
struct ScoreKey: Sendable, Equatable {
    /// Sharps (positive) or flats (negative) of the signature, −7…7.
    let fifths: Int
    let minor: Bool

    /// The key a signature says.
    init(fifths: Int, minor: Bool) {
        self.fifths = max(-7, min(7, fifths))
        self.minor = minor
    }

    var mode: Mode { minor ? .aeolian : .ionian }

    /// The tonic's name: major's on the signature's position of the line of fifths, minor's three
    /// fifths above it (no flats or sharps: C major, A minor).
    var tonic: NoteName { (try? NoteName(fifths: fifths + (minor ? 3 : 0))) ?? NoteName(.c) }

    /// The same mode moved by `semitones`, spelled with the fewest accidentals (F♯ rather than G♭,
    /// D♭ rather than C♯).
    func transposed(by semitones: Int) -> ScoreKey {
        guard floorMod(semitones, 12) != 0 else { return self }
        // A semitone up is seven fifths up; of the twelve signatures, -5…6.
        let moved = floorMod(fifths + 7 * semitones + 5, 12) - 5
        return ScoreKey(fifths: moved, minor: minor)
    }

    /// `key` spelled in this key: a note of its scale by the scale's letter; any other by the
    /// spelling nearest the middle of the key's notes on the line of fifths (in C: F♯, B♭, E♭, C♯,
    /// and G♯ rather than A♭, as a minor key raises its seventh).
    func spelled(_ key: MIDINote) -> SpelledNote {
        let center = fifths + 2
        // The line-of-fifths positions of this pitch class are 12 apart: the one nearest `center`,
        // the sharper one of a tie.
        let base = floorMod(key.rawValue * 7, 12)
        let position = [base - 24, base - 12, base, base + 12].min { abs($0 - center) < abs($1 - center) || (abs($0 - center) == abs($1 - center) && $0 > $1) }!
        return SpelledNote(key, spelled: try? NoteName(fifths: position))
    }

    /// The degree a spelled note is in this key, 1…7, by its letter (G♯ in A minor is its 7th).
    func degree(of note: SpelledNote) -> Int {
        floorMod(note.name.letter.rawValue - tonic.letter.rawValue, 7) + 1
    }
}
