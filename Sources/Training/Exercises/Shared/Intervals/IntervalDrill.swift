import MusicTheory

/// The interval drill: a root sounded, the note an interval above or below it played, judged
/// as one key. Its settings, the questions it draws and how they are judged and worded are
/// shared by the two kinds that ask intervals: `interval` (the drill itself, `IntervalExercise`,
/// which names the interval) and `ear-interval` (which sounds it instead).
public struct IntervalDrill: Sendable {
    /// The root of every question, or nil for a random root within the note range each time.
    public var root: RootNote?
    /// The intervals questions are drawn from.
    public var intervals: [SpelledInterval]
    /// Ascending (the default) or descending.
    public var direction: IntervalDirection
    /// How played notes are compared with the answer; compound intervals are always exact.
    public var matching: AnswerMatching
    /// Wrong notes allowed before the answer is revealed and the next question comes.
    public var triesBeforeReveal: Int
    /// Whether intervals answered wrongly or slowly come up more often (see `docs/adaptive.md`).
    public var adaptive: Bool
    /// Whether a right answer is followed by the interval itself: the root, then the answer note.
    public var echoAnswer: Bool

    /// An interval exercise; the defaults: the eleven intervals within the octave, ascending,
    /// pitch-class answers, three tries, adaptive choice, a right answer echoed.
    public init(
        root: RootNote? = nil,
        intervals: [SpelledInterval] = IntervalDrill.intervalsWithinOctave,
        direction: IntervalDirection = .ascending,
        matching: AnswerMatching = .pitchClass,
        triesBeforeReveal: Int = 3,
        adaptive: Bool = true,
        echoAnswer: Bool = true
    ) {
        precondition(!intervals.isEmpty, "an interval exercise needs at least one interval")
        precondition(triesBeforeReveal >= 1, "at least one try before the answer is revealed")
        self.root = root
        self.intervals = intervals
        self.direction = direction
        self.matching = matching
        self.triesBeforeReveal = triesBeforeReveal
        self.adaptive = adaptive
        self.echoAnswer = echoAnswer
    }

    /// The eleven intervals within the octave: m2 M2 m3 M3 P4 A4/d5 P5 m6 M6 m7 M7 (the tritone is
    /// asked as A4). The default set.
    public static let intervalsWithinOctave: [SpelledInterval] =
        ["m2", "M2", "m3", "M3", "P4", "A4", "P5", "m6", "M6", "m7", "M7"].map(parse)

    /// The octave and the compound intervals, what "extended" adds to a set: P8 m9 M9 P11 A11 m13 M13.
    public static let extensionIntervals: [SpelledInterval] = ["P8", "m9", "M9", "P11", "A11", "m13", "M13"].map(parse)

    /// The eleven within the octave plus P8 m9 M9 P11 A11 m13 M13.
    public static let extendedIntervals: [SpelledInterval] = intervalsWithinOctave + extensionIntervals

    private static func parse(_ text: String) -> SpelledInterval {
        try! SpelledInterval(parsing: text)
    }
}

extension IntervalDrill: Hashable, Codable {}
