import MusicTheory

/// A pitch-matching exercise, tuned with the pitch-bend wheel: a reference sounds, then a held
/// note starts detuned by up to `detune` cents (the same note, or with `intervals` an interval's
/// upper note, tuned in the session's tuning or in one of `tunings`, which the question names).
/// The student bends it into tune with the wheel and confirms with any key: the answer is the
/// signed error in cents (sharp positive), right within `tolerance`.
public struct MatchExercise: Sendable, Hashable, Codable {
    /// The reference; nil: a random one in the note range each question.
    public var root: RootNote?
    /// The intervals whose upper note is tuned; empty: the reference's own note (unison).
    public var intervals: [SpelledInterval]
    /// The tunings a question's target is drawn from; empty: the session's tuning.
    public var tunings: [TuningSystem]
    /// The most the held note starts away from the target, in whole cents (5…100).
    public var detune: Int
    /// The largest error, in whole cents, that is still in tune (1…50).
    public var tolerance: Int
    /// Subjects missed come up more often.
    public var adaptive: Bool

    public init(root: RootNote? = nil, intervals: [SpelledInterval] = [], tunings: [TuningSystem] = [], detune: Int = 50,
                tolerance: Int = 5, adaptive: Bool = true) {
        self.root = root
        self.intervals = intervals
        self.tunings = tunings
        self.detune = detune
        self.tolerance = tolerance
        self.adaptive = adaptive
    }

    /// Accepted starting detunings, cents: within a quarter tone either way by default, and the
    /// wheel at its default ±2 semitones reaches four times the most allowed.
    public static let detuneRange = 5...100
    /// Accepted tolerances, cents.
    public static let toleranceRange = 1...50
}

extension TrainingError {
    /// A match exercise's detuning or tolerance outside what it takes.
    static func matchRange(_ name: String, _ value: Int, _ range: ClosedRange<Int>) -> TrainingError {
        TrainingError("a match exercise's \(name) is \(range.lowerBound)-\(range.upperBound) cents, got \(value)")
    }
}
