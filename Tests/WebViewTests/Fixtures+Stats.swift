import ControlProtocol
import Foundation

extension Fixtures {
    /// `stats.get` for `bea` as the daemon answers it (trimmed to what the progress page reads):
    /// twelve answers over two days, intervals and degrees, and a profile with a name to escape
    /// among the others.
    static let stats = StatsGetResult(
        profile: "bea", profiles: ["bea", "default", "x<y"],
        figures: LifetimeFigures(
            profile: "bea", computedAt: Date(timeIntervalSince1970: 1_774_800_000),
            overall: Figures(sessions: 3, practiceSeconds: 250, answers: 12, correct: 9, averageResponseSeconds: 1.5, bestStreak: 5, bestDayStreak: 2),
            byItem: [
                "interval P5": Figures(answers: 4, correct: 2, averageResponseSeconds: 2),
                "interval m3": Figures(answers: 4, correct: 4, averageResponseSeconds: 1),
                "degree 3": Figures(answers: 4, correct: 3, averageResponseSeconds: 1.6),
            ],
            byDay: DailyFigures(
                overall: [
                    DayFigures(day: "2026-03-28", answers: 8, correct: 5, averageResponseSeconds: 1.8),
                    DayFigures(day: "2026-03-29", answers: 4, correct: 4, averageResponseSeconds: 1),
                ],
                byExercise: [
                    "interval": [DayFigures(day: "2026-03-28", answers: 8, correct: 5, averageResponseSeconds: 1.8)],
                    "degree": [DayFigures(day: "2026-03-29", answers: 4, correct: 4, averageResponseSeconds: 1)],
                ])),
        report: "profile bea\n")

    /// `stats.get` for a profile with no answers.
    static let emptyStats = StatsGetResult(
        profile: "default", profiles: [],
        figures: LifetimeFigures(profile: "default", computedAt: Date(timeIntervalSince1970: 1_774_800_000), overall: Figures(answers: 0, correct: 0)),
        report: "")
}
