/// A chord as sounded: which chord it is and its notes, lowest first. The lowest note is the root.
public struct VoicedChord: Sendable, Hashable {
    public let chord: Chord
    public let notes: [SpelledNote]

    public init(chord: Chord, notes: [SpelledNote]) {
        self.chord = chord
        self.notes = notes
    }

    /// The bass, which is the chord's root in every cadence voicing.
    public var bass: SpelledNote { notes[0] }
}

extension Key {
    /// I–IV–V–I (major) or i–iv–V–i (minor), four voices around `tonic` (the tonic in the register
    /// wanted, such as C4): the bass plays each chord's root below the tonic (I an octave down, IV
    /// a fifth down, V a fourth down); the three upper voices stay in close position with the
    /// least motion, the tonic held as a common tone (C major from C4: C3 | C4 E4 G4, F3 | C4 F4 A4,
    /// G3 | B3 D4 G4, C3 | C4 E4 G4). Throws past a double accidental.
    public func cadence(tonic note: SpelledNote) throws(TheoryError) -> [VoicedChord] {
        precondition(note.name == tonic, "the register's tonic must be spelled as the key's tonic")
        let third = try! SpelledInterval(quality == .major ? .major : .minor, 3)
        let sixth = try! SpelledInterval(quality == .major ? .major : .minor, 6)
        func up(_ quality: IntervalQuality, _ number: Int) throws(TheoryError) -> SpelledNote {
            try note.transposed(by: try! SpelledInterval(quality, number))
        }
        func down(_ quality: IntervalQuality, _ number: Int) throws(TheoryError) -> SpelledNote {
            try note.transposed(downBy: try! SpelledInterval(quality, number))
        }
        let tonicVoicing = VoicedChord(
            chord: tonicChord, notes: [try down(.perfect, 8), note, try note.transposed(by: third), try up(.perfect, 5)]
        )
        let subdominant = VoicedChord(
            chord: try subdominantChord(),
            notes: [try down(.perfect, 5), note, try up(.perfect, 4), try note.transposed(by: sixth)]
        )
        let dominant = VoicedChord(
            chord: try dominantChord(),
            notes: [try down(.perfect, 4), try down(.minor, 2), try up(.major, 2), try up(.perfect, 5)]
        )
        return [tonicVoicing, subdominant, dominant, tonicVoicing]
    }

    /// The degrees a degree walks through to the tonic, stepwise: 1…4 fall to 1 (4 3 2 1),
    /// 5…7 rise to the upper tonic, written 8 (5 6 7 8). Degree 1 is just [1].
    public static func resolution(ofDegree degree: Int) -> [Int] {
        precondition((1...7).contains(degree), "a degree is 1...7")
        return degree < 5 ? Array((1...degree).reversed()) : Array(degree...8)
    }

    /// The notes of `resolution(ofDegree:)` above `tonic` (degree d is the d-th degree in the
    /// octave from `tonic`, 8 its octave): C major from C4, degree 6: A4 B4 C5. In minor a line
    /// from 5 or 6 takes the natural seventh on its way to the tonic (C minor, degree 5: G4 A♭4
    /// B♭4 C5, as GNU Solfege resolves it), never harmonic minor's augmented second; the leading
    /// tone asked (degree 7) rises to the tonic.
    public func resolution(ofDegree degree: Int, tonic note: SpelledNote) throws(TheoryError) -> [SpelledNote] {
        let intervals = mode.degrees
        var notes: [SpelledNote] = []
        for step in Self.resolution(ofDegree: degree) {
            let passingSeventh = quality == .minor && step == 7 && degree < 7
            notes.append(try note.transposed(by: passingSeventh ? Mode.aeolian.degrees[6] : intervals[step - 1]))
        }
        return notes
    }
}
