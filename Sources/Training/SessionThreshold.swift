/// How small a difference the student heard in one subject of a session (a register, an
/// interval): its staircase's estimate after the session's answers (docs/exercises.md, `compare`).
public struct SessionThreshold: Sendable, Hashable, Codable {
    /// The register or interval.
    public let subject: AnswerSubject
    /// The estimate in cents (`ThresholdStaircase.estimate`).
    public let cents: Double
    /// Answers it rests on.
    public let trials: Int
    /// True when enough reversals were averaged (`ThresholdStaircase.threshold`); false for a
    /// provisional estimate.
    public let settled: Bool

    public init(subject: AnswerSubject, cents: Double, trials: Int, settled: Bool) {
        self.subject = subject
        self.cents = cents
        self.trials = trials
        self.settled = settled
    }

    /// The estimate of `staircase`, for `subject`.
    public init(subject: AnswerSubject, staircase: ThresholdStaircase) {
        self.init(subject: subject, cents: staircase.estimate, trials: staircase.trials, settled: staircase.settled)
    }
}
