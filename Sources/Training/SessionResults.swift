import MusicTheory

/// What a session came to: what the results screen shows (errors, error rate, average response,
/// a breakdown per degree or interval) and the notes played by mistake.
public struct SessionResults: Sendable {
    /// One row of the breakdown: how one scale degree or one interval went.
    public struct Row: Sendable {
        /// The degree or interval.
        public let subject: AnswerSubject
        /// Times it was asked.
        public let asked: Int
        /// Times it was answered correctly.
        public let correct: Int
        /// Times it was answered correctly at the first try.
        public let correctFirstTry: Int
        /// Wrong notes played for it.
        public let errors: Int
        /// Times its answer was revealed (too many tries, or skipped).
        public let revealed: Int
        /// Mean time from its becoming expected to the correct note; nil if never answered.
        public let averageResponseTime: Duration?
        /// The mean absolute error of its tuned answers, cents (`match`); nil for keys.
        public var meanAbsoluteCents: Double?
    }

    /// How often one expected answer drew one wrong note: a cell of the confusion table.
    public struct Confusion: Sendable {
        /// What was expected.
        public let expected: AnswerSubject
        /// What was played instead: the pitch-class distance from the root in the exercise's
        /// direction (a minor third's answer played a major third above the root gives `M3`), or
        /// the chord the keys made (`major`, `F major`).
        public let played: String
        /// How often.
        public let count: Int
    }

    /// The exercise trained.
    public let exercise: Exercise
    /// From the start of the session to its end.
    public let sessionLength: Duration
    /// Notes played correctly.
    public let correct: Int
    /// Wrong notes played.
    public let errors: Int
    /// Answers revealed after too many wrong tries.
    public let revealed: Int
    /// Questions (or scale rounds) skipped.
    public let skipped: Int
    /// Scale rounds played to the octave (0 for an interval session).
    public let roundsCompleted: Int
    /// Interval questions answered correctly or revealed (0 for a scale session).
    public let questionsFinished: Int
    /// Wrong notes among all notes judged, 0…1 (0 when nothing was played).
    public let errorRate: Double
    /// Mean time from a prompt (or a scale's previous note) to the correct note.
    public let averageResponseTime: Duration?
    /// Mean time from a prompt (or a scale's previous note) to the first note played for it.
    public let averageFirstNoteTime: Duration?
    /// One row per scale degree or interval asked, in order.
    public let breakdown: [Row]
    /// What was played instead of what, most frequent first.
    public let confusions: [Confusion]
    /// The thresholds a kind that measures one found (`compare`: per register or interval),
    /// in the breakdown's order; empty for the other kinds.
    public let thresholds: [SessionThreshold]
    /// The mean of tuned answers' absolute errors in cents (`match`); nil when none was tuned.
    public var meanAbsoluteCents: Double?

    /// Results; the engine makes these.
    public init(
        exercise: Exercise, sessionLength: Duration, correct: Int, errors: Int, revealed: Int, skipped: Int,
        roundsCompleted: Int, questionsFinished: Int, averageResponseTime: Duration?,
        averageFirstNoteTime: Duration?, breakdown: [Row], confusions: [Confusion],
        thresholds: [SessionThreshold] = []
    ) {
        self.exercise = exercise
        self.sessionLength = sessionLength
        self.correct = correct
        self.errors = errors
        self.revealed = revealed
        self.skipped = skipped
        self.roundsCompleted = roundsCompleted
        self.questionsFinished = questionsFinished
        self.errorRate = correct + errors == 0 ? 0 : Double(errors) / Double(correct + errors)
        self.averageResponseTime = averageResponseTime
        self.averageFirstNoteTime = averageFirstNoteTime
        self.breakdown = breakdown
        self.confusions = confusions
        self.thresholds = thresholds
    }

    /// The row for one degree or interval, if it was asked.
    public func row(for subject: AnswerSubject) -> Row? {
        breakdown.first { $0.subject == subject }
    }
}

extension SessionResults.Row: Hashable, Codable {}

extension SessionResults.Confusion: Hashable, Codable {}

extension SessionResults: Hashable, Codable {}
