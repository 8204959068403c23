import ControlProtocol
import Foundation
import Training

/// A profile's lifetime figures kept up to date answer by answer, so that reading them costs the
/// groups, not the history: the figures of `LifetimeFigures.compute` over the same sessions and
/// answers, equal to the last bit (`FiguresTallyTests`), without the answers themselves. It holds
/// per group its counts and days, the last 60 days' answers (the trends) and per day the last
/// year's (the daily figures).
///
/// Answers come oldest first: one older than the last refuses (`add` is false), and the caller
/// tallies again from the start.
public struct FiguresTally: Sendable {
    /// The answers of one calendar day in a group.
    struct Day {
        var answers = 0
        var correct = 0
        var correctSeconds = 0.0
        /// The offsets asked that day (a kind that finds a threshold): their logs' sum and count.
        var offsetLogs = 0.0
        var offsets = 0
    }

    public let profile: String
    let timeZone: TimeZone
    private var overall = GroupTally()
    private var byExercise: [String: GroupTally] = [:]
    private var byMode: [String: GroupTally] = [:]
    private var byRoot: [String: GroupTally] = [:]
    private var byInterval: [String: GroupTally] = [:]
    private var byItem: [String: GroupTally] = [:]
    /// Per day (counted from 1970-01-01 in the time zone): overall, and per exercise.
    private var days: [Int: Day] = [:]
    private var daysByExercise: [String: [Int: Day]] = [:]
    /// Each session's last answer: how long a session with no end lasted.
    private var lastAnswer: [UUID: Date] = [:]
    /// The time of the last answer tallied.
    public private(set) var lastTime: Date?
    /// The latest `now` the figures were read at: an earlier one needs the answers forgotten.
    public private(set) var readAt: Date?

    public init(profile: String, timeZone: TimeZone) {
        self.profile = profile
        self.timeZone = timeZone
    }

    /// How many answers are tallied.
    public var answers: Int { overall.answers }

    /// Tallies `answer` (of this profile, its question closed); false, and nothing tallied, when it
    /// is older than the last one.
    public mutating func add(_ answer: AnswerRecord) -> Bool {
        if let lastTime, answer.time < lastTime { return false }
        lastTime = answer.time
        let time = answer.time.timeIntervalSince1970
        let day = LifetimeFigures.day(answer.time, in: timeZone)
        let offset = ThresholdFigure.offset(answer)
        func add(to group: inout GroupTally) {
            group.add(session: answer.session, time: time, day: day, correct: answer.correct, seconds: answer.responseSeconds, offset: offset,
                      cents: TuningErrorFigure.error(answer))
        }
        add(to: &overall)
        add(to: &byExercise[answer.exercise.rawValue, default: GroupTally()])
        if let mode = answer.mode { add(to: &byMode[mode, default: GroupTally()]) }
        add(to: &byRoot[answer.root, default: GroupTally()])
        if let interval = answer.interval { add(to: &byInterval[interval, default: GroupTally()]) }
        if let item = answer.item {
            add(to: &byItem[LifetimeFigures.itemName(kind: answer.exercise, label: item.label), default: GroupTally()])
        }
        Self.count(answer, offset: offset, in: &days[day, default: Day()])
        Self.count(answer, offset: offset, in: &daysByExercise[answer.exercise.rawValue, default: [:]][day, default: Day()])
        lastAnswer[answer.session] = max(lastAnswer[answer.session] ?? answer.time, answer.time)
        return true
    }

    /// Whether the figures can be read at `now`: not before a time they were read at, whose
    /// older answers are forgotten.
    public func canRead(at now: Date) -> Bool {
        readAt.map { now >= $0 } ?? true
    }

    /// The figures with trends ending at `now` (see `canRead(at:)`), the profile's sessions
    /// `sessions` (all of them, oldest first), forgetting the answers too old for any later trend.
    public mutating func figures(sessions: [SessionRecord], now: Date) -> LifetimeFigures {
        let seconds = now.timeIntervalSince1970
        readAt = now
        overall.forget(before: seconds)
        for key in byExercise.keys { byExercise[key]?.forget(before: seconds) }
        for key in byMode.keys { byMode[key]?.forget(before: seconds) }
        for key in byRoot.keys { byRoot[key]?.forget(before: seconds) }
        for key in byInterval.keys { byInterval[key]?.forget(before: seconds) }
        for key in byItem.keys { byItem[key]?.forget(before: seconds) }
        let today = LifetimeFigures.day(now, in: timeZone)
        days = days.filter { $0.key > today - DailyFigures.window }
        daysByExercise = daysByExercise.mapValues { $0.filter { $0.key > today - DailyFigures.window } }.filter { !$0.value.isEmpty }

        let lengths = LifetimeFigures.sessionLengths(sessions, lastAnswers: lastAnswer)
        func grouped(_ groups: [String: GroupTally]) -> [String: Figures] {
            groups.mapValues { $0.figures(sessionIDs: $0.sessions, lengths: lengths, now: seconds) }
        }
        return LifetimeFigures(
            profile: profile,
            computedAt: now,
            overall: overall.figures(sessionIDs: Set(sessions.map(\.start.id)), lengths: lengths, now: seconds),
            byExercise: Dictionary(uniqueKeysWithValues: ExerciseKind.allCases.compactMap { kind in
                let ids = Set(sessions.filter { $0.start.exercise == kind }.map(\.start.id))
                let group = byExercise[kind.rawValue]
                return ids.isEmpty && group == nil ? nil : (kind.rawValue, (group ?? GroupTally()).figures(sessionIDs: ids, lengths: lengths, now: seconds))
            }),
            byMode: grouped(byMode),
            byRoot: grouped(byRoot),
            byInterval: grouped(byInterval),
            byItem: grouped(byItem),
            byDay: DailyFigures(overall: Self.listed(days), byExercise: daysByExercise.mapValues(Self.listed))
        )
    }

    private static func count(_ answer: AnswerRecord, offset: Double?, in day: inout Day) {
        day.answers += 1
        if let offset {
            day.offsetLogs += log(offset)
            day.offsets += 1
        }
        if answer.correct {
            day.correct += 1
            day.correctSeconds += answer.responseSeconds
        }
    }

    /// The days with answers, oldest first.
    private static func listed(_ days: [Int: Day]) -> [DayFigures] {
        days.sorted { $0.key < $1.key }.map { day, figures in
            DayFigures(day: DayFigures.dateName(daysSince1970: day), answers: figures.answers, correct: figures.correct,
                       averageResponseSeconds: figures.correct == 0 ? nil : figures.correctSeconds / Double(figures.correct),
                       thresholdCents: figures.offsets == 0 ? nil : exp(figures.offsetLogs / Double(figures.offsets)))
        }
    }
}
