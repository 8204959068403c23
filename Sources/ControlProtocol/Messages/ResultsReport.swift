/// A session's results as the daemon reports them: the result of `session.stop` and
/// `session.results`, and the details of `session_ended`. The daemon encodes it from the engine's
/// `SessionResults`; eartrainctl's results screen and the web view's results page decode it.
public struct ResultsReport: Sendable, Hashable {
    public var correct: Int
    public var errors: Int
    public var revealed: Int
    public var skipped: Int
    /// Scale rounds played to the octave.
    public var roundsCompleted: Int
    /// Questions answered right or revealed.
    public var questionsFinished: Int
    public var sessionSeconds: Double
    /// Wrong notes among all notes judged, 0…1.
    public var errorRate: Double
    /// Null on the wire when nothing was answered right.
    public var averageResponseSeconds: Double?
    public var averageFirstNoteSeconds: Double?
    /// One row per subject asked, in order.
    public var breakdown: [Row]
    /// Most frequent first.
    public var confusions: [Confusion]
    /// Empty for a kind that measures none.
    public var thresholds: [Threshold]
    /// Tuned answers' mean absolute error in cents (`match`); absent for the other kinds.
    public var meanAbsoluteCents: Double?

    public init(
        correct: Int, errors: Int, revealed: Int, skipped: Int, roundsCompleted: Int, questionsFinished: Int,
        sessionSeconds: Double, errorRate: Double, averageResponseSeconds: Double?, averageFirstNoteSeconds: Double?,
        breakdown: [Row], confusions: [Confusion], thresholds: [Threshold], meanAbsoluteCents: Double? = nil
    ) {
        self.correct = correct
        self.errors = errors
        self.revealed = revealed
        self.skipped = skipped
        self.roundsCompleted = roundsCompleted
        self.questionsFinished = questionsFinished
        self.sessionSeconds = sessionSeconds
        self.errorRate = errorRate
        self.averageResponseSeconds = averageResponseSeconds
        self.averageFirstNoteSeconds = averageFirstNoteSeconds
        self.breakdown = breakdown
        self.confusions = confusions
        self.thresholds = thresholds
        self.meanAbsoluteCents = meanAbsoluteCents
    }
}

// The averages are written as null when there is none (a client reads a missing average and a
// null alike); the mean error only where answers were tuned.

extension ResultsReport: Codable {
    enum CodingKeys: String, CodingKey {
        case correct, errors, revealed, skipped, breakdown, confusions, thresholds
        case roundsCompleted = "rounds_completed", questionsFinished = "questions_finished"
        case sessionSeconds = "session_seconds", errorRate = "error_rate"
        case averageResponseSeconds = "average_response_seconds", averageFirstNoteSeconds = "average_first_note_seconds"
        case meanAbsoluteCents = "mean_absolute_cents"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(correct, forKey: .correct)
        try container.encode(errors, forKey: .errors)
        try container.encode(revealed, forKey: .revealed)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(roundsCompleted, forKey: .roundsCompleted)
        try container.encode(questionsFinished, forKey: .questionsFinished)
        try container.encode(sessionSeconds, forKey: .sessionSeconds)
        try container.encode(errorRate, forKey: .errorRate)
        try container.encode(averageResponseSeconds, forKey: .averageResponseSeconds)
        try container.encode(averageFirstNoteSeconds, forKey: .averageFirstNoteSeconds)
        try container.encode(breakdown, forKey: .breakdown)
        try container.encode(confusions, forKey: .confusions)
        try container.encode(thresholds, forKey: .thresholds)
        try container.encodeIfPresent(meanAbsoluteCents, forKey: .meanAbsoluteCents)
    }
}
