import Foundation

extension LifetimeFigures {
    /// The figures of `profile` from its sessions and answers (oldest first), with trend windows
    /// ending at `now` and days counted in `timeZone`. Pure: both stores use it.
    public static func compute(
        profile: String, sessions: [SessionRecord], answers: [AnswerRecord], now: Date, timeZone: TimeZone
    ) -> LifetimeFigures {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let context = Context(sessions: sessions, answers: answers, now: now, calendar: calendar)
        return LifetimeFigures(
            profile: profile,
            computedAt: now,
            overall: context.figures(answers, sessionIDs: Set(sessions.map(\.start.id))),
            byExercise: Dictionary(uniqueKeysWithValues: ExerciseKind.allCases.compactMap { kind in
                let ids = Set(sessions.filter { $0.start.exercise == kind }.map(\.start.id))
                let group = answers.filter { $0.exercise == kind }
                return ids.isEmpty && group.isEmpty ? nil : (kind.rawValue, context.figures(group, sessionIDs: ids))
            }),
            byMode: context.grouped(answers, by: \.mode),
            byRoot: context.grouped(answers, by: { $0.root }),
            byInterval: context.grouped(answers, by: \.interval)
        )
    }
}

private struct Context {
    let sessionLengths: [UUID: Double]
    let now: Date
    let calendar: Calendar

    init(sessions: [SessionRecord], answers: [AnswerRecord], now: Date, calendar: Calendar) {
        let lastAnswer = Dictionary(answers.map { ($0.session, $0.time) }, uniquingKeysWith: max)
        sessionLengths = Dictionary(uniqueKeysWithValues: sessions.map { session in
            // A session cut short by a crash has no end: it lasted until its last answer.
            let length = session.end?.lengthSeconds
                ?? max(0, (lastAnswer[session.start.id] ?? session.start.startedAt).timeIntervalSince(session.start.startedAt))
            return (session.start.id, length)
        })
        self.now = now
        self.calendar = calendar
    }

    func grouped(_ answers: [AnswerRecord], by key: (AnswerRecord) -> String?) -> [String: Figures] {
        Dictionary(grouping: answers.filter { key($0) != nil }, by: { key($0)! })
            .mapValues { figures($0, sessionIDs: Set($0.map(\.session))) }
    }

    func figures(_ answers: [AnswerRecord], sessionIDs: Set<UUID>) -> Figures {
        Figures(
            sessions: sessionIDs.count,
            practiceSeconds: sessionIDs.reduce(0) { $0 + (sessionLengths[$1] ?? 0) },
            answers: answers.count,
            correct: answers.count { $0.correct },
            averageResponseSeconds: Self.averageResponse(answers),
            last7Days: trend(answers, days: 7),
            last30Days: trend(answers, days: 30),
            bestStreak: Self.bestStreak(answers),
            bestDayStreak: bestDayStreak(answers)
        )
    }

    static func averageResponse(_ answers: [AnswerRecord]) -> Double? {
        let times = answers.filter(\.correct).map(\.responseSeconds)
        return times.isEmpty ? nil : times.reduce(0, +) / Double(times.count)
    }

    /// Windows are half-open on the past side: (now - days, now] and (now - 2·days, now - days].
    func trend(_ answers: [AnswerRecord], days: Int) -> Trend {
        let span = Double(days) * 86400
        func window(_ start: Date, _ end: Date) -> Window {
            let inside = answers.filter { $0.time > start && $0.time <= end }
            return Window(answers: inside.count, correct: inside.count { $0.correct }, averageResponseSeconds: Self.averageResponse(inside))
        }
        return Trend(
            recent: window(now - span, now),
            previous: window(now - 2 * span, now - span))
    }

    static func bestStreak(_ answers: [AnswerRecord]) -> Int {
        var best = 0
        var run = 0
        for answer in answers {
            run = answer.correct ? run + 1 : 0
            best = max(best, run)
        }
        return best
    }

    func bestDayStreak(_ answers: [AnswerRecord]) -> Int {
        let days = Set(answers.map { calendar.startOfDay(for: $0.time) }).sorted()
        var best = 0
        var run = 0
        var previous: Date?
        for day in days {
            if let previous, calendar.date(byAdding: .day, value: 1, to: previous) == day {
                run += 1
            } else {
                run = 1
            }
            best = max(best, run)
            previous = day
        }
        return best
    }
}
