import ControlProtocol
import Foundation
import Training

extension LifetimeFigures {
    /// The figures of `profile` from its sessions and answers (oldest first), with trend windows
    /// ending at `now` and days counted in `timeZone`. Pure: both stores use it.
    public static func compute(
        profile: String, sessions: [SessionRecord], answers: [AnswerRecord], now: Date, timeZone: TimeZone
    ) -> LifetimeFigures {
        let context = Context(sessions: sessions, answers: answers, now: now, timeZone: timeZone)
        let all = Array(answers.indices)
        let itemOf: (Int) -> String? = { index in
            answers[index].item.map { LifetimeFigures.itemName(kind: answers[index].exercise, label: $0.label) }
        }
        return LifetimeFigures(
            profile: profile,
            computedAt: now,
            overall: context.figures(all, sessionIDs: Set(sessions.map(\.start.id))),
            byExercise: Dictionary(uniqueKeysWithValues: ExerciseKind.allCases.compactMap { kind in
                let ids = Set(sessions.filter { $0.start.exercise == kind }.map(\.start.id))
                let group = all.filter { answers[$0].exercise == kind }
                return ids.isEmpty && group.isEmpty ? nil : (kind.rawValue, context.figures(group, sessionIDs: ids))
            }),
            byMode: context.grouped(all) { answers[$0].mode },
            byRoot: context.grouped(all) { answers[$0].root },
            byInterval: context.grouped(all) { answers[$0].interval },
            byItem: context.grouped(all, by: itemOf),
            byDay: context.dailyFigures(all) { answers[$0].exercise.rawValue }
        )
    }

    /// Each session's length: its end's, or for a session cut short by a crash (no end) until
    /// its last answer (`lastAnswers`, by session).
    static func sessionLengths(_ sessions: [SessionRecord], lastAnswers: [UUID: Date]) -> [UUID: Double] {
        Dictionary(sessions.map { session in
            let start = session.start.startedAt
            let length = session.end?.lengthSeconds ?? max(0, (lastAnswers[session.start.id] ?? start).timeIntervalSince(start))
            return (session.start.id, length)
        }, uniquingKeysWith: { first, _ in first })
    }

    /// Days since 1970-01-01 in `timeZone`: consecutive days differ by one.
    static func day(_ time: Date, in timeZone: TimeZone) -> Int {
        Int(((time.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: time))) / 86400).rounded(.down))
    }
}

/// The answers reduced to what the figures need, computed once: a group is a list of indexes.
private struct Context {
    let sessionLengths: [UUID: Double]
    let sessionOf: [UUID]
    let correct: [Bool]
    let seconds: [Double]
    /// The offset each answer asked, for a kind that finds a threshold.
    let offsets: [Double?]
    /// Each answer's cents, where it carries them.
    let cents: [Double?]
    let times: [Double]
    /// Days since 1970-01-01 in the time zone: consecutive days differ by one.
    let days: [Int]
    let now: Double
    /// `now`'s day, counted as `days` are.
    let today: Int

    init(sessions: [SessionRecord], answers: [AnswerRecord], now: Date, timeZone: TimeZone) {
        sessionLengths = LifetimeFigures.sessionLengths(
            sessions, lastAnswers: Dictionary(answers.map { ($0.session, $0.time) }, uniquingKeysWith: max))
        sessionOf = answers.map(\.session)
        correct = answers.map(\.correct)
        seconds = answers.map(\.responseSeconds)
        offsets = answers.map(ThresholdFigure.offset)
        cents = answers.map(TuningErrorFigure.error)
        times = answers.map(\.time.timeIntervalSince1970)
        days = answers.map { LifetimeFigures.day($0.time, in: timeZone) }
        self.now = now.timeIntervalSince1970
        today = LifetimeFigures.day(now, in: timeZone)
    }

    /// The indexes by the name `key` gives each (none: in no group), each group in time order.
    func groups(_ indexes: [Int], by key: (Int) -> String?) -> [String: [Int]] {
        var groups: [String: [Int]] = [:]
        for index in indexes {
            if let name = key(index) { groups[name, default: []].append(index) }
        }
        return groups
    }

    func grouped(_ indexes: [Int], by key: (Int) -> String?) -> [String: Figures] {
        groups(indexes, by: key).mapValues { figures($0, sessionIDs: Set($0.map { sessionOf[$0] })) }
    }

    /// The last `DailyFigures.window` days with answers, overall and per exercise.
    func dailyFigures(_ indexes: [Int], exercise: (Int) -> String?) -> DailyFigures {
        let recent = indexes.filter { days[$0] > today - DailyFigures.window }
        return DailyFigures(overall: daily(recent), byExercise: groups(recent, by: exercise).mapValues(daily))
    }

    /// Each day of the group that has answers, oldest first.
    func daily(_ group: [Int]) -> [DayFigures] {
        Dictionary(grouping: group) { days[$0] }.sorted { $0.key < $1.key }.map { day, inside in
            DayFigures(day: DayFigures.dateName(daysSince1970: day), answers: inside.count,
                       correct: inside.count { correct[$0] }, averageResponseSeconds: averageResponse(inside),
                       thresholdCents: ThresholdFigure.mean(inside.compactMap { offsets[$0] }))
        }
    }

    func figures(_ group: [Int], sessionIDs: Set<UUID>) -> Figures {
        var figures = Figures(
            sessions: sessionIDs.count,
            practiceSeconds: sessionIDs.reduce(0) { $0 + (sessionLengths[$1] ?? 0) },
            answers: group.count,
            correct: group.count { correct[$0] },
            averageResponseSeconds: averageResponse(group),
            last7Days: trend(group, days: 7),
            last30Days: trend(group, days: 30),
            bestStreak: bestStreak(group),
            bestDayStreak: bestDayStreak(group),
            thresholdCents: ThresholdFigure.mean(group.compactMap { offsets[$0] }.suffix(ThresholdFigure.window))
        )
        figures.meanAbsoluteCents = meanAbsoluteCents(group)
        return figures
    }

    /// The mean absolute cents of the answers that carry cents, summed in time order.
    func meanAbsoluteCents(_ group: [Int]) -> Double? {
        var (total, count) = (0.0, 0)
        for index in group {
            guard let value = cents[index] else { continue }
            total += abs(value)
            count += 1
        }
        return count == 0 ? nil : total / Double(count)
    }

    func averageResponse(_ group: [Int]) -> Double? {
        var total = 0.0
        var count = 0
        for index in group where correct[index] {
            total += seconds[index]
            count += 1
        }
        return count == 0 ? nil : total / Double(count)
    }

    /// Windows are half-open on the past side: (now - days, now] and (now - 2·days, now - days].
    func trend(_ group: [Int], days: Int) -> Trend {
        let span = Double(days) * 86400
        func window(_ start: Double, _ end: Double) -> Window {
            let inside = group.filter { times[$0] > start && times[$0] <= end }
            var window = Window(answers: inside.count, correct: inside.count { correct[$0] }, averageResponseSeconds: averageResponse(inside))
            window.meanAbsoluteCents = meanAbsoluteCents(inside)
            return window
        }
        return Trend(recent: window(now - span, now), previous: window(now - 2 * span, now - span))
    }

    func bestStreak(_ group: [Int]) -> Int {
        var best = 0
        var run = 0
        for index in group {
            run = correct[index] ? run + 1 : 0
            best = max(best, run)
        }
        return best
    }

    /// The most consecutive days with answers, as the tally counts them.
    func bestDayStreak(_ group: [Int]) -> Int {
        GroupTally.longestRun(of: Set(group.map { days[$0] }))
    }
}
