import Foundation

/// What a lesson must reach, over its latest answers.
public enum LessonGoal: Sendable, Hashable {
    /// At least `percent` of the last `over` first tries right.
    case right(percent: Double, over: Int)
    /// A kind that finds a threshold (`compare`, `pure`): the geometric mean of the last `over`
    /// offsets it asked at most `cents` (as the statistics' threshold figure).
    case threshold(cents: Double, over: Int)
    /// A kind that measures a tuning error (`match`): the mean size of the last `over` errors at
    /// most `cents`.
    case error(cents: Double, over: Int)

    /// How many answers the goal is judged over.
    public var over: Int {
        switch self {
        case .right(_, let over), .threshold(_, let over), .error(_, let over): over
        }
    }

    /// The goal in words: "90 % right over the last 20 answers".
    public var summary: String {
        switch self {
        case .right(let percent, let over): "\(Self.number(percent)) % right over the last \(over) answers"
        case .threshold(let cents, let over): "a threshold of \(Self.number(cents)) c or less over the last \(over) answers"
        case .error(let cents, let over): "a mean error of \(Self.number(cents)) c or less over the last \(over) answers"
        }
    }

    /// Where `tally` stands against the goal.
    public func progress(_ tally: LessonTally) -> GoalProgress {
        switch self {
        case .right(let percent, let over):
            let tries = tally.firstTries.suffix(over)
            let share = tries.isEmpty ? nil : 100 * Double(tries.filter { $0 }.count) / Double(tries.count)
            return GoalProgress(counted: tries.count, needed: over, value: share, met: tries.count >= over && share! >= percent - Self.slack)
        case .threshold(let cents, let over):
            let offsets = tally.cents.suffix(over).map(abs).filter { $0 > 0 }
            let mean = offsets.isEmpty ? nil : exp(offsets.reduce(0) { $0 + log($1) } / Double(offsets.count))
            return GoalProgress(counted: offsets.count, needed: over, value: mean, met: offsets.count >= over && mean! <= cents + Self.slack)
        case .error(let cents, let over):
            let errors = tally.cents.suffix(over).map(abs)
            let mean = errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count)
            return GoalProgress(counted: errors.count, needed: over, value: mean, met: errors.count >= over && mean! <= cents + Self.slack)
        }
    }

    /// Words for the figure a goal of this shape reads: "88 % right", "a threshold of 12.4 c".
    public func figure(_ value: Double) -> String {
        switch self {
        case .right: "\(Self.number(value.rounded())) % right"
        case .threshold: String(format: "a threshold of %.1f c", value)
        case .error: String(format: "a mean error of %.1f c", value)
        }
    }

    /// What a figure may be past its bound and still meet it: the rounding of its arithmetic
    /// (a threshold of exactly 10 c computes as 10.000000000000002).
    static let slack = 1e-9

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}

/// Where a lesson stands against its goal.
public struct GoalProgress: Sendable, Hashable {
    /// Answers counted, at most `needed`.
    public let counted: Int
    /// Answers the goal is judged over.
    public let needed: Int
    /// The figure over the answers counted (nil before the first).
    public let value: Double?
    /// Whether the goal is reached (never before `needed` answers).
    public let met: Bool

    /// Whether there are answers enough to judge.
    public var judged: Bool { counted >= needed }
}

/// A lesson's latest answers: each first try's rightness, and the cents answers carry (the
/// offset a comparison asked, a matched note's error). Kept to the last `limit` of each.
public struct LessonTally: Sendable, Hashable {
    public private(set) var firstTries: [Bool] = []
    public private(set) var cents: [Double] = []
    let limit: Int

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Counts one judged answer: its rightness when it is a first try, its cents when it has them.
    public mutating func add(correct: Bool, attempt: Int, cents: Double?) {
        if attempt == 1 { Self.append(correct, to: &firstTries, limit: limit) }
        if let value = cents { Self.append(value, to: &self.cents, limit: limit) }
    }

    /// Counts a judged note.
    public mutating func add(_ judgement: NoteJudgement) {
        add(correct: judgement.correct, attempt: judgement.attempt, cents: judgement.cents)
    }

    private static func append<T>(_ value: T, to values: inout [T], limit: Int) {
        values.append(value)
        if values.count > limit { values.removeFirst(values.count - limit) }
    }
}
