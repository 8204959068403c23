/// The answers day by day, for a chart of the trend over days: every calendar day (in the store's
/// time zone) of the last `window` that has answers, oldest first, overall and per exercise.
///
/// Bounded so that `stats.get` stays small however long a student practises: at most seven
/// lists of 366 days (about 250 KB), well under what the socket queues for one client (1 MiB).
/// Per item it would be seventy lists and megabytes, so the items have their lifetime figures
/// only (`LifetimeFigures.byItem`).
public struct DailyFigures: Sendable {
    /// The days listed: today and the 365 before it.
    public static let window = 366

    /// Every answer of the profile, day by day.
    public var overall: [DayFigures]
    /// By exercise (`scale`, `interval`), day by day.
    public var byExercise: [String: [DayFigures]]

    /// Days; `LifetimeFigures.compute` makes these. Empty by default.
    public init(overall: [DayFigures] = [], byExercise: [String: [DayFigures]] = [:]) {
        self.overall = overall
        self.byExercise = byExercise
    }
}

/// One calendar day's answers in a group.
public struct DayFigures: Sendable {
    /// The day, `YYYY-MM-DD`, in the store's time zone.
    public var day: String
    /// Answers judged that day.
    public var answers: Int
    /// Of which correct.
    public var correct: Int
    /// `correct / answers`; a day is listed only with answers, so never nil from `compute`.
    public var accuracy: Double?
    /// Mean response time of the day's correct answers, seconds; nil when none was correct.
    public var averageResponseSeconds: Double?
    /// The geometric mean of the day's offsets asked by a kind that finds a threshold: the
    /// threshold day by day; nil on a day without.
    public var thresholdCents: Double?

    /// A day's figures.
    public init(day: String, answers: Int, correct: Int, averageResponseSeconds: Double?, thresholdCents: Double? = nil) {
        self.day = day
        self.answers = answers
        self.correct = correct
        self.accuracy = answers == 0 ? nil : Double(correct) / Double(answers)
        self.averageResponseSeconds = averageResponseSeconds
        self.thresholdCents = thresholdCents
    }

    /// The date, `YYYY-MM-DD` (proleptic Gregorian), of a day counted from 1970-01-01 = 0.
    /// Integer arithmetic (Howard Hinnant's `civil_from_days`): no calendar per answer.
    public static func dateName(daysSince1970 day: Int) -> String {
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))"
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

// The wire's keys are snake_case, as every key the daemon writes.

extension DailyFigures: Hashable, Codable {
    enum CodingKeys: String, CodingKey {
        case overall
        case byExercise = "by_exercise"
    }
}

extension DayFigures: Hashable, Codable {
    enum CodingKeys: String, CodingKey {
        case day, answers, correct, accuracy
        case averageResponseSeconds = "average_response_seconds", thresholdCents = "threshold_cents"
    }
}
