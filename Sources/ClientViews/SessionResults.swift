import ControlProtocol

/// A session's results as the daemon reports them (`session.stop`, `session.results`,
/// `session_ended`), read once into values so every view (the terminal's results screen, the web
/// page) draws the same figures. A field an older daemon does not send reads as zero or nil.
public struct SessionResults: Sendable, Hashable {
    /// One row of the breakdown: a degree, an interval, a chord.
    public struct Row: Sendable, Hashable {
        /// What was asked, e.g. `degree 3`, `M3`.
        public var subject: String
        /// `degree`, `interval`, `chord`; nil from a daemon that did not say.
        public var category: String?
        public var asked: Int
        public var correct: Int
        public var correctFirstTry: Int
        public var errors: Int
        public var revealed: Int
        /// The average response of its right answers, if any.
        public var averageResponse: Double?

        /// The share answered right at the first try (0 when none was asked).
        public var firstTryShare: Double { asked == 0 ? 0 : Double(correctFirstTry) / Double(asked) }
    }

    /// A subject missed, and what was played instead, how often.
    public struct Confusion: Sendable, Hashable {
        public var expected: String
        public var played: String
        public var count: Int
    }

    /// How small a difference was heard in one register or interval (`compare`).
    public struct Threshold: Sendable, Hashable {
        /// `octave 4`, `P5`.
        public var subject: String
        /// The estimate in cents.
        public var cents: Double
        /// Answers it rests on.
        public var trials: Int
        /// Enough reversals were averaged; false for a provisional estimate.
        public var settled: Bool
    }

    public var correct: Int
    public var errors: Int
    public var revealed: Int
    public var skipped: Int
    public var sessionSeconds: Double
    public var errorRate: Double
    public var averageResponse: Double?
    public var rows: [Row]
    public var confusions: [Confusion]
    /// Empty for a kind that measures none.
    public var thresholds: [Threshold]
    /// Tuned answers' mean absolute error in cents (`match`), overall and per subject.
    public var meanAbsoluteCents: Double?
    public var meanAbsoluteCentsBySubject: [String: Double] = [:]

    /// Reads the daemon's results object.
    public init(_ results: JSONValue) {
        func int(_ value: JSONValue?, _ key: String) -> Int { Int(value?[key]?.numberValue ?? 0) }
        correct = int(results, "correct")
        errors = int(results, "errors")
        revealed = int(results, "revealed")
        skipped = int(results, "skipped")
        sessionSeconds = results["session_seconds"]?.numberValue ?? 0
        errorRate = results["error_rate"]?.numberValue ?? 0
        averageResponse = results["average_response_seconds"]?.numberValue
        rows = (results["breakdown"]?.arrayValue ?? []).map { row in
            Row(subject: row["subject"]?.stringValue ?? "", category: row["category"]?.stringValue,
                asked: int(row, "asked"), correct: int(row, "correct"), correctFirstTry: int(row, "correct_first_try"),
                errors: int(row, "errors"), revealed: int(row, "revealed"),
                averageResponse: row["average_response_seconds"]?.numberValue)
        }
        meanAbsoluteCents = results["mean_absolute_cents"]?.numberValue
        for row in results["breakdown"]?.arrayValue ?? [] {
            if let subject = row["subject"]?.stringValue, let cents = row["mean_absolute_cents"]?.numberValue {
                meanAbsoluteCentsBySubject[subject] = cents
            }
        }
        confusions = (results["confusions"]?.arrayValue ?? []).map { confusion in
            Confusion(expected: confusion["expected"]?.stringValue ?? "?", played: confusion["played"]?.stringValue ?? "?",
                      count: int(confusion, "count"))
        }
        thresholds = (results["thresholds"]?.arrayValue ?? []).map { threshold in
            Threshold(subject: threshold["subject"]?.stringValue ?? "?", cents: threshold["cents"]?.numberValue ?? 0,
                      trials: int(threshold, "trials"), settled: threshold["settled"]?.boolValue ?? false)
        }
    }

    /// `per degree`, `per interval`, `per chord`: the rows' category (an older daemon's rows
    /// have none: `per degree` when every subject is a degree, else `per interval`).
    /// Rows of several categories (a progression's numerals and the progression) are `per item`.
    public var heading: String {
        let categories = Set(rows.compactMap(\.category))
        if categories.count == 1, let category = categories.first { return "per " + category }
        if categories.count > 1 { return "per item" }
        return rows.allSatisfy { $0.subject.hasPrefix("degree") } ? "per degree" : "per interval"
    }
}
