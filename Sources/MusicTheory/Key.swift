/// A key: a spelled tonic and major or minor. Minor keys take their degrees from harmonic minor,
/// so the seventh degree is the leading tone the dominant and the resolutions use.
public struct Key: Sendable, Hashable, Codable {
    /// Major or minor.
    public enum Quality: String, NamedChoice {
        case major, minor
    }

    public let tonic: NoteName
    public let quality: Quality

    public init(tonic: NoteName, quality: Quality) {
        self.tonic = tonic
        self.quality = quality
    }

    /// The scale the degrees come from: Ionian, or harmonic minor.
    public var mode: Mode { quality == .major ? .ionian : .harmonicMinor }

    /// The degrees 1…7 as intervals above the tonic (C minor: P1 M2 m3 P4 P5 m6 M7).
    public var degreeIntervals: [SpelledInterval] { Array(mode.degrees.prefix(7)) }

    /// The spelled degrees 1…7 (A minor: A B C D E F G♯); throws past a double accidental.
    public func degrees() throws(TheoryError) -> [NoteName] {
        Array(try Scale(mode: mode, root: tonic).notes.prefix(7))
    }

    /// The chord on the tonic (I or i), the subdominant (IV or iv) and the dominant (V in both).
    public var tonicChord: Chord { Chord(root: tonic, quality: quality == .major ? .major : .minor) }

    /// The chord on degree 4: IV in major, iv in minor.
    public func subdominantChord() throws(TheoryError) -> Chord {
        Chord(root: try tonic.transposed(by: try! SpelledInterval(.perfect, 4)), quality: tonicChord.quality)
    }

    /// The chord on degree 5, major in both (minor takes harmonic minor's leading tone).
    public func dominantChord() throws(TheoryError) -> Chord {
        Chord(root: try tonic.transposed(by: try! SpelledInterval(.perfect, 5)), quality: .major)
    }

    /// "C major", "F# minor".
    public var name: String { "\(tonic) \(quality.rawValue)" }
}

extension Key: CustomStringConvertible {
    public var description: String { name }
}
