import ClientViews
import ControlProtocol
import Foundation
import Testing

@Suite("Lifetime progress read from stats.get")
struct LifetimeProgressTests {
    static let result = StatsGetResult(
        profile: "bea", profiles: ["bea", "default"],
        figures: LifetimeFigures(
            profile: "bea", computedAt: Date(),
            overall: Figures(sessions: 3, practiceSeconds: 250, answers: 12, correct: 9, averageResponseSeconds: 1.5, bestStreak: 5, bestDayStreak: 2),
            byItem: [
                "interval P5": Figures(answers: 4, correct: 2, averageResponseSeconds: 2),
                "interval m3": Figures(answers: 4, correct: 4, averageResponseSeconds: 1),
                "interval M9": Figures(answers: 1, correct: 0),
                "degree 10": Figures(answers: 1, correct: 1),
                "degree 3": Figures(answers: 4, correct: 3, averageResponseSeconds: 1.6),
                "scale degree 2": Figures(answers: 2, correct: 2),
                "ear-interval P4": Figures(answers: 1, correct: 1),
                "kazoo honk": Figures(answers: 1, correct: 1),
            ],
            byDay: DailyFigures(
                overall: [
                    DayFigures(day: "2026-03-28", answers: 8, correct: 5, averageResponseSeconds: 1.8),
                    DayFigures(day: "2026-03-29", answers: 4, correct: 4, averageResponseSeconds: 1),
                ],
                byExercise: [
                    "interval": [DayFigures(day: "2026-03-28", answers: 8, correct: 5, averageResponseSeconds: nil)],
                    "scale": [DayFigures(day: "2026-03-29", answers: 4, correct: 4, averageResponseSeconds: nil)],
                ])),
        report: "")

    @Test("the profile, the profiles, the overall figures")
    func overall() throws {
        let progress = LifetimeProgress(Self.result)
        #expect(progress.profile == "bea" && progress.profiles == ["bea", "default"])
        #expect(progress.overall.answers == 12 && progress.overall.correct == 9 && progress.overall.accuracy == 0.75)
        #expect(progress.overall.averageResponse == 1.5)
        #expect((progress.sessions, progress.practiceSeconds, progress.bestStreak, progress.bestDayStreak) == (3, 250, 5, 2))
    }

    @Test("items by kind in the catalog's order, named without the kind unless a number is left, intervals by size, numbers by value")
    func items() throws {
        let groups = LifetimeProgress(Self.result).itemGroups
        #expect(groups.map(\.kind) == ["scale", "interval", "ear-interval", "degree", "kazoo"])
        #expect(groups[0].items.map(\.label) == ["degree 2"])
        #expect(groups[1].items.map(\.label) == ["m3", "P5", "M9"])
        #expect(groups[1].items[1].tally.accuracy == 0.5 && groups[1].items[1].tally.averageResponse == 2)
        #expect(groups[1].items[2].tally.averageResponse == nil)
        #expect(groups[3].items.map(\.label) == ["degree 3", "degree 10"])
        #expect(groups[4].items.map(\.label) == ["honk"])
    }

    @Test("days: all answers first, then each kind in the catalog's order")
    func days() throws {
        let series = LifetimeProgress(Self.result).daySeries
        #expect(series.map(\.kind) == [nil, "scale", "interval"])
        #expect(series[0].days.map(\.day) == ["2026-03-28", "2026-03-29"])
        #expect(series[0].days[0].tally.accuracy == 0.625 && series[0].days[0].tally.averageResponse == 1.8)
        #expect(series[2].days[0].tally.averageResponse == nil)
    }

    @Test("a profile without answers reads as empty")
    func empty() {
        let progress = LifetimeProgress(StatsGetResult(
            profile: "default", profiles: [],
            figures: LifetimeFigures(profile: "default", computedAt: Date(), overall: Figures(answers: 0, correct: 0)), report: ""))
        #expect(progress.profiles.isEmpty && progress.itemGroups.isEmpty)
        #expect(progress.daySeries.count == 1 && progress.daySeries[0].days.isEmpty)
        #expect(progress.overall.answers == 0 && progress.overall.accuracy == nil)
    }
}
