import MusicTheory

/// A chord exercise: a root is shown and sounded, then a chord on it is heard (its keys together,
/// or one after the other); the student plays the chord, its keys held together.
public struct ChordExercise: Sendable, Hashable, Codable {
    /// The qualities asked (default: the four triads).
    public var qualities: [ChordQuality]
    /// The root: with an octave (`C3`) that very key, a pitch class in the register
    /// (`rootRegister`); nil: a random root there each question, near the one before.
    public var root: RootNote?
    /// Sound the chord's notes one after the other instead of together.
    public var arpeggio: Bool
    /// Only the voicing sounded counts (root position, close, in its octave); otherwise any
    /// voicing, inversion, doubling or octave of the chord with that root.
    public var strict: Bool
    /// Wrong answers before the chord is revealed.
    public var triesBeforeReveal: Int
    /// Qualities missed come up more often.
    public var adaptive: Bool

    public init(qualities: [ChordQuality] = [.major, .minor, .diminished, .augmented], root: RootNote? = nil, arpeggio: Bool = false,
                strict: Bool = false, triesBeforeReveal: Int = 3, adaptive: Bool = true) {
        self.qualities = qualities
        self.root = root
        self.arpeggio = arpeggio
        self.strict = strict
        self.triesBeforeReveal = triesBeforeReveal
        self.adaptive = adaptive
    }
}
