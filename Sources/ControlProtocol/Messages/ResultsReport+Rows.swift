extension ResultsReport {
    /// One row of the breakdown: a degree, an interval, a chord.
    public struct Row: Sendable, Hashable {
        /// What was asked, e.g. `degree 3`, `M3`.
        public var subject: String
        /// `degree`, `interval`, `chord`, `register`.
        public var category: String
        public var asked: Int
        public var correct: Int
        public var correctFirstTry: Int
        public var errors: Int
        public var revealed: Int
        /// The average response of its right answers; null on the wire when none was right.
        public var averageResponseSeconds: Double?
        /// Its tuned answers' mean absolute error in cents (`match`); absent for keys.
        public var meanAbsoluteCents: Double?

        public init(subject: String, category: String, asked: Int, correct: Int, correctFirstTry: Int, errors: Int,
                    revealed: Int, averageResponseSeconds: Double?, meanAbsoluteCents: Double? = nil) {
            self.subject = subject
            self.category = category
            self.asked = asked
            self.correct = correct
            self.correctFirstTry = correctFirstTry
            self.errors = errors
            self.revealed = revealed
            self.averageResponseSeconds = averageResponseSeconds
            self.meanAbsoluteCents = meanAbsoluteCents
        }

        /// The share answered right at the first try (0 when none was asked).
        public var firstTryShare: Double { asked == 0 ? 0 : Double(correctFirstTry) / Double(asked) }
    }

    /// A subject missed, and what was played instead, how often.
    public struct Confusion: Sendable, Hashable, Codable {
        public var expected: String
        public var played: String
        public var count: Int

        public init(expected: String, played: String, count: Int) {
            self.expected = expected
            self.played = played
            self.count = count
        }
    }

    /// How small a difference was heard in one register or interval (`compare`).
    public struct Threshold: Sendable, Hashable, Codable {
        /// `octave 4`, `P5`.
        public var subject: String
        public var category: String
        /// The staircase's estimate in cents.
        public var cents: Double
        /// Answers it rests on.
        public var trials: Int
        /// Enough reversals were averaged; false for a provisional estimate.
        public var settled: Bool

        public init(subject: String, category: String, cents: Double, trials: Int, settled: Bool) {
            self.subject = subject
            self.category = category
            self.cents = cents
            self.trials = trials
            self.settled = settled
        }
    }
}

extension ResultsReport.Row: Codable {
    enum CodingKeys: String, CodingKey {
        case subject, category, asked, correct, errors, revealed
        case correctFirstTry = "correct_first_try", averageResponseSeconds = "average_response_seconds"
        case meanAbsoluteCents = "mean_absolute_cents"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subject, forKey: .subject)
        try container.encode(category, forKey: .category)
        try container.encode(asked, forKey: .asked)
        try container.encode(correct, forKey: .correct)
        try container.encode(correctFirstTry, forKey: .correctFirstTry)
        try container.encode(errors, forKey: .errors)
        try container.encode(revealed, forKey: .revealed)
        try container.encode(averageResponseSeconds, forKey: .averageResponseSeconds)
        try container.encodeIfPresent(meanAbsoluteCents, forKey: .meanAbsoluteCents)
    }
}
