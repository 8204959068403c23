import ClientViews
import ControlProtocol
import Foundation
import Testing

@Suite("Lifetime progress read from stats.get")
struct LifetimeProgressTests {
    static func read(_ text: String) throws -> LifetimeProgress {
        LifetimeProgress(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))
    }

    static let result = #"""
        {"profile": "bea", "profiles": ["bea", "default"],
         "figures": {"overall": {"sessions": 3, "practice_seconds": 250, "answers": 12, "correct": 9, "accuracy": 0.75,
                                 "average_response_seconds": 1.5, "best_streak": 5, "best_day_streak": 2},
           "by_item": {"interval P5": {"answers": 4, "correct": 2, "accuracy": 0.5, "average_response_seconds": 2},
                       "interval m3": {"answers": 4, "correct": 4, "accuracy": 1, "average_response_seconds": 1},
                       "interval M9": {"answers": 1, "correct": 0, "accuracy": 0, "average_response_seconds": null},
                       "degree 10": {"answers": 1, "correct": 1, "accuracy": 1},
                       "degree 3": {"answers": 4, "correct": 3, "accuracy": 0.75, "average_response_seconds": 1.6},
                       "scale degree 2": {"answers": 2, "correct": 2, "accuracy": 1},
                       "ear-interval P4": {"answers": 1, "correct": 1, "accuracy": 1},
                       "kazoo honk": {"answers": 1, "correct": 1, "accuracy": 1}},
           "by_day": {"overall": [{"day": "2026-03-28", "answers": 8, "correct": 5, "accuracy": 0.625, "average_response_seconds": 1.8},
                                  {"day": "2026-03-29", "answers": 4, "correct": 4, "accuracy": 1, "average_response_seconds": 1}],
                      "by_exercise": {"interval": [{"day": "2026-03-28", "answers": 8, "correct": 5, "accuracy": 0.625}],
                                      "scale": [{"day": "2026-03-29", "answers": 4, "correct": 4, "accuracy": 1}]}}}}
        """#

    @Test("the profile, the profiles, the overall figures")
    func overall() throws {
        let progress = try Self.read(Self.result)
        #expect(progress.profile == "bea" && progress.profiles == ["bea", "default"])
        #expect(progress.overall.answers == 12 && progress.overall.correct == 9 && progress.overall.accuracy == 0.75)
        #expect(progress.overall.averageResponse == 1.5)
        #expect((progress.sessions, progress.practiceSeconds, progress.bestStreak, progress.bestDayStreak) == (3, 250, 5, 2))
    }

    @Test("items by kind in the catalog's order, named without the kind unless a number is left, intervals by size, numbers by value")
    func items() throws {
        let groups = try Self.read(Self.result).itemGroups
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
        let series = try Self.read(Self.result).daySeries
        #expect(series.map(\.kind) == [nil, "scale", "interval"])
        #expect(series[0].days.map(\.day) == ["2026-03-28", "2026-03-29"])
        #expect(series[0].days[0].tally.accuracy == 0.625 && series[0].days[0].tally.averageResponse == 1.8)
        #expect(series[2].days[0].tally.averageResponse == nil)
    }

    @Test("an older daemon's answer without profiles or days reads as empty")
    func older() throws {
        let progress = try Self.read(#"{"profile": "default", "figures": {"overall": {"answers": 2, "correct": 1}}}"#)
        #expect(progress.profiles.isEmpty && progress.itemGroups.isEmpty)
        #expect(progress.daySeries.count == 1 && progress.daySeries[0].days.isEmpty)
        #expect(progress.overall.answers == 2 && progress.overall.accuracy == nil)
    }
}
