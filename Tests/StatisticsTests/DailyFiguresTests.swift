import ControlProtocol
import Foundation
import Statistics
import Testing

/// The trend over days (`by_day`) of the scripted history, checked by hand: the default profile
/// answered on 2026-02-19 (scale, 40 days before 2026-03-31), 03-11 (interval), 03-22 (scale),
/// 03-28 (scale) and 03-29 (interval), each session's answers 5 s apart from noon.
@Suite("Lifetime figures day by day")
struct DailyFiguresTests {
    func figures(_ kind: StoreKind, now: Date = scriptNow) throws -> DailyFigures {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try kind.make(in: directory, clock: ManualWallClock(now))
        try ScriptedHistory.record(into: store)
        return try store.lifetimeFigures(profile: "default").byDay
    }

    @Test("overall: each day with answers, oldest first, with its accuracy and response time", arguments: StoreKind.allCases)
    func overall(_ kind: StoreKind) throws {
        #expect(try figures(kind).overall == [
            DayFigures(day: "2026-02-19", answers: 4, correct: 3, averageResponseSeconds: 2),
            DayFigures(day: "2026-03-11", answers: 3, correct: 2, averageResponseSeconds: 1.5),
            DayFigures(day: "2026-03-22", answers: 2, correct: 1, averageResponseSeconds: 2),
            DayFigures(day: "2026-03-28", answers: 3, correct: 3, averageResponseSeconds: 1),
            DayFigures(day: "2026-03-29", answers: 3, correct: 2, averageResponseSeconds: 2),
        ])
    }

    @Test("per exercise, only the days that exercise has answers", arguments: StoreKind.allCases)
    func groups(_ kind: StoreKind) throws {
        let days = try figures(kind)
        #expect(Set(days.byExercise.keys) == ["scale", "interval"])
        #expect(days.byExercise["scale"]?.map(\.day) == ["2026-02-19", "2026-03-22", "2026-03-28"])
        #expect(days.byExercise["interval"]?.map(\.day) == ["2026-03-11", "2026-03-29"])
    }

    @Test("only the last 366 days are listed: a year later, 2026-02-19 has left the window", arguments: StoreKind.allCases)
    func window(_ kind: StoreKind) throws {
        // 2027-02-21 at noon UTC: its window begins on 2026-02-21 (today and the 365 days before).
        let later = Date(timeIntervalSince1970: 1_803_211_200)
        let days = try figures(kind, now: later)
        #expect(days.overall.map(\.day) == ["2026-03-11", "2026-03-22", "2026-03-28", "2026-03-29"])
        #expect(days.byExercise["scale"]?.map(\.day) == ["2026-03-22", "2026-03-28"])
        #expect(try figures(kind).overall.first?.day == "2026-02-19", "within the window at the script's now")
    }

    @Test("days are counted in the store's time zone: noon UTC is the next day at UTC+14")
    func timeZone() throws {
        let kiritimati = try #require(TimeZone(secondsFromGMT: 14 * 3600))
        let answers = ScriptedHistory.answerRecords.filter { $0.profile == "default" }
        let figures = LifetimeFigures.compute(profile: "default", sessions: [], answers: answers, now: scriptNow, timeZone: kiritimati)
        #expect(figures.byDay.overall.map(\.day) == ["2026-02-20", "2026-03-12", "2026-03-23", "2026-03-29", "2026-03-30"])
    }

    @Test("a profile without answers has no days")
    func empty() {
        let figures = LifetimeFigures.compute(profile: "nobody", sessions: [], answers: [], now: scriptNow, timeZone: utc)
        #expect(figures.byDay == DailyFigures())
    }

    @Test("day numbers become dates", arguments: [
        (0, "1970-01-01"), (-1, "1969-12-31"), (11_016, "2000-02-29"), (11_017, "2000-03-01"), (20_543, "2026-03-31"),
        (-719_468, "0000-03-01"),
    ])
    func dateName(_ day: Int, _ name: String) {
        #expect(DayFigures.dateName(daysSince1970: day) == name)
    }

    @Test("on the wire: by_day with snake_case keys and dates as YYYY-MM-DD")
    func wire() throws {
        let answers = ScriptedHistory.answerRecords.filter { $0.profile == "default" }
        let figures = LifetimeFigures.compute(profile: "default", sessions: [], answers: answers, now: scriptNow, timeZone: utc)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(figures.byDay), as: UTF8.self)
        let day = try #require(figures.byDay.overall.first { $0.day == "2026-02-19" })
        #expect(text.contains(String(decoding: try encoder.encode(day), as: UTF8.self)))
        #expect(day.accuracy == 0.75 && day.answers == 4 && day.averageResponseSeconds == 2 && day.correct == 3)
        #expect(try JSONDecoder().decode(DailyFigures.self, from: encoder.encode(figures.byDay)) == figures.byDay)
    }
}
