import Foundation
import Training

/// A profile's lifetime statistics: overall, and for each exercise, mode, root, interval and item,
/// and day by day. See `docs/statistics.md` for each figure's definition.
public struct LifetimeFigures: Sendable {
    /// Whose.
    public var profile: String
    /// The "now" the trends end at.
    public var computedAt: Date
    /// Every answer of the profile.
    public var overall: Figures
    /// By exercise: `scale`, `interval`.
    public var byExercise: [String: Figures]
    /// By mode (scale answers): `dorian`, …
    public var byMode: [String: Figures]
    /// By root (`D`, `Eb`), as the question named it.
    public var byRoot: [String: Figures]
    /// By interval (interval answers): `m3`, `P5`, …
    public var byInterval: [String: Figures]
    /// By item, what each kind counts its answers under, named with the kind: `interval M3`,
    /// `ear-interval P5`, `chord minor`, `degree 3`, `scale degree 2`.
    public var byItem: [String: Figures]
    /// Day by day, overall, per exercise and per item: the trend over days a chart draws.
    public var byDay: DailyFigures

    /// Figures; `compute` makes these.
    public init(
        profile: String, computedAt: Date, overall: Figures, byExercise: [String: Figures] = [:], byMode: [String: Figures] = [:],
        byRoot: [String: Figures] = [:], byInterval: [String: Figures] = [:], byItem: [String: Figures] = [:], byDay: DailyFigures = DailyFigures()
    ) {
        self.profile = profile
        self.computedAt = computedAt
        self.overall = overall
        self.byExercise = byExercise
        self.byMode = byMode
        self.byRoot = byRoot
        self.byInterval = byInterval
        self.byItem = byItem
        self.byDay = byDay
    }

    /// An item's name: the kind, then the label unless it begins with the kind (`degree 3`).
    public static func itemName(kind: ExerciseKind, label: String) -> String {
        label.hasPrefix(kind.rawValue) ? label : "\(kind.rawValue) \(label)"
    }
}

/// The figures of one group of answers (one exercise, mode, root or interval, or all).
public struct Figures: Sendable {
    /// Sessions that trained it.
    public var sessions: Int
    /// Total length of those sessions, seconds.
    public var practiceSeconds: Double
    /// Answers judged.
    public var answers: Int
    /// Of which correct.
    public var correct: Int
    /// `correct / answers`, nil with no answers.
    public var accuracy: Double?
    /// `1 - accuracy`: the error rate a session's results give.
    public var errorRate: Double?
    /// Mean response time of the correct answers, seconds.
    public var averageResponseSeconds: Double?
    /// The last 7 days against the 7 before.
    public var last7Days: Trend
    /// The last 30 days against the 30 before.
    public var last30Days: Trend
    /// The longest run of correct answers in a row.
    public var bestStreak: Int
    /// The most consecutive days with at least one answer.
    public var bestDayStreak: Int
    /// The threshold in cents of a kind that finds one (`compare`): the geometric mean of the
    /// offsets asked in the group's last `ThresholdFigure.window` such answers (the staircase
    /// hovers about the threshold); nil with none.
    public var thresholdCents: Double?
    /// The mean of its answers' cents taken absolute, where answers carry cents (a `match`
    /// answer's error: how far off it was, either way); nil where none do.
    public var meanAbsoluteCents: Double?

    /// Figures; `LifetimeFigures.compute` makes these.
    public init(
        sessions: Int = 0, practiceSeconds: Double = 0, answers: Int, correct: Int, averageResponseSeconds: Double? = nil,
        last7Days: Trend = .quiet, last30Days: Trend = .quiet, bestStreak: Int = 0, bestDayStreak: Int = 0, thresholdCents: Double? = nil
    ) {
        self.sessions = sessions
        self.practiceSeconds = practiceSeconds
        self.answers = answers
        self.correct = correct
        self.accuracy = answers == 0 ? nil : Double(correct) / Double(answers)
        self.errorRate = accuracy.map { 1 - $0 }
        self.averageResponseSeconds = averageResponseSeconds
        self.last7Days = last7Days
        self.last30Days = last30Days
        self.bestStreak = bestStreak
        self.bestDayStreak = bestDayStreak
        self.thresholdCents = thresholdCents
    }
}

/// One window of days against the window just before it.
public struct Trend: Sendable {
    /// The last `days` days up to now.
    public var recent: Window
    /// The `days` days before those.
    public var previous: Window
    /// `recent.accuracy - previous.accuracy`; nil unless both have answers.
    public var accuracyChange: Double?
    /// `recent.averageResponseSeconds - previous.averageResponseSeconds`; negative is faster.
    public var responseSecondsChange: Double?

    /// A trend.
    /// No answers in either window.
    public static let quiet = Trend(recent: Window(answers: 0, correct: 0, averageResponseSeconds: nil),
                                    previous: Window(answers: 0, correct: 0, averageResponseSeconds: nil))

    public init(recent: Window, previous: Window) {
        self.recent = recent
        self.previous = previous
        self.accuracyChange = recent.accuracy.flatMap { r in previous.accuracy.map { r - $0 } }
        self.responseSecondsChange = recent.averageResponseSeconds.flatMap { r in
            previous.averageResponseSeconds.map { r - $0 }
        }
    }
}

/// The answers of a span of time.
public struct Window: Sendable {
    /// Answers judged in it.
    public var answers: Int
    /// Of which correct.
    public var correct: Int
    /// `correct / answers`, nil with no answers.
    public var accuracy: Double?
    /// Mean response time of its correct answers, seconds.
    public var averageResponseSeconds: Double?
    /// The mean absolute cents of its answers that carry cents (`Figures.meanAbsoluteCents`).
    public var meanAbsoluteCents: Double?

    /// A window.
    public init(answers: Int, correct: Int, averageResponseSeconds: Double?) {
        self.answers = answers
        self.correct = correct
        self.accuracy = answers == 0 ? nil : Double(correct) / Double(answers)
        self.averageResponseSeconds = averageResponseSeconds
    }
}

// The wire's keys are snake_case, as every key the daemon writes.

// `computed_at` is an ISO 8601 time in UTC (`2026-03-29T12:00:00Z`), as every time on the wire.

extension LifetimeFigures: Hashable, Codable {
    enum CodingKeys: String, CodingKey {
        case profile, overall
        case computedAt = "computed_at", byExercise = "by_exercise", byMode = "by_mode", byRoot = "by_root"
        case byInterval = "by_interval", byItem = "by_item", byDay = "by_day"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let time = try container.decode(String.self, forKey: .computedAt)
        guard let computedAt = ISO8601DateFormatter().date(from: time) else {
            throw DecodingError.dataCorruptedError(forKey: .computedAt, in: container, debugDescription: "not an ISO 8601 time: \(time)")
        }
        self.init(
            profile: try container.decode(String.self, forKey: .profile), computedAt: computedAt,
            overall: try container.decode(Figures.self, forKey: .overall),
            byExercise: try container.decode([String: Figures].self, forKey: .byExercise),
            byMode: try container.decode([String: Figures].self, forKey: .byMode),
            byRoot: try container.decode([String: Figures].self, forKey: .byRoot),
            byInterval: try container.decode([String: Figures].self, forKey: .byInterval),
            byItem: try container.decodeIfPresent([String: Figures].self, forKey: .byItem) ?? [:],
            byDay: try container.decodeIfPresent(DailyFigures.self, forKey: .byDay) ?? DailyFigures())
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profile, forKey: .profile)
        try container.encode(ISO8601DateFormatter().string(from: computedAt), forKey: .computedAt)
        try container.encode(overall, forKey: .overall)
        try container.encode(byExercise, forKey: .byExercise)
        try container.encode(byMode, forKey: .byMode)
        try container.encode(byRoot, forKey: .byRoot)
        try container.encode(byInterval, forKey: .byInterval)
        try container.encode(byItem, forKey: .byItem)
        try container.encode(byDay, forKey: .byDay)
    }
}

extension Figures: Hashable, Codable {
    enum CodingKeys: String, CodingKey {
        case sessions, answers, correct, accuracy
        case practiceSeconds = "practice_seconds", errorRate = "error_rate", averageResponseSeconds = "average_response_seconds"
        case last7Days = "last_7_days", last30Days = "last_30_days", bestStreak = "best_streak", bestDayStreak = "best_day_streak"
        case thresholdCents = "threshold_cents"
        case meanAbsoluteCents = "mean_absolute_cents"
    }
}

extension Trend: Hashable, Codable {
    enum CodingKeys: String, CodingKey {
        case recent, previous
        case accuracyChange = "accuracy_change", responseSecondsChange = "response_seconds_change"
    }
}

extension Window: Hashable, Codable {
    enum CodingKeys: String, CodingKey {
        case answers, correct, accuracy
        case averageResponseSeconds = "average_response_seconds", meanAbsoluteCents = "mean_absolute_cents"
    }
}
