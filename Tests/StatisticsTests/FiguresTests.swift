import ControlProtocol
import Foundation
import Statistics
import Testing

/// Which store a test runs against: the same facts must hold for both.
enum StoreKind: String, CaseIterable, Sendable {
    case memory, sqlite

    func make(in directory: TemporaryDirectory, clock: any WallClock) throws -> any StatisticsStore {
        switch self {
        case .memory: MemoryStatisticsStore(clock: clock, timeZone: utc)
        case .sqlite:
            try SQLiteStatisticsStore(path: directory.path + "/s.sqlite", clock: clock, timeZone: utc, logger: quietLogger)
        }
    }
}

@Suite("Lifetime figures of a scripted history")
struct FiguresTests {
    func figures(_ kind: StoreKind) throws -> LifetimeFigures {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try kind.make(in: directory, clock: ManualWallClock(scriptNow))
        try ScriptedHistory.record(into: store)
        return try store.lifetimeFigures(profile: "default")
    }

    @Test("overall: sessions, practice time, accuracy, error rate, response time, streaks", arguments: StoreKind.allCases)
    func overall(_ kind: StoreKind) throws {
        let all = try figures(kind).overall
        #expect(all.sessions == 5)
        #expect(all.practiceSeconds == 60 + 30 + 10 + 20 + 15)
        #expect(all.answers == 15 && all.correct == 11)
        #expect(all.accuracy == 11.0 / 15)
        #expect(all.errorRate == 1 - 11.0 / 15)
        #expect(abs(all.averageResponseSeconds! - 18.0 / 11) < 1e-9)
        #expect(all.bestStreak == 5)
        #expect(all.bestDayStreak == 2)
    }

    @Test("trends: the last 7 and 30 days against the windows before them", arguments: StoreKind.allCases)
    func trends(_ kind: StoreKind) throws {
        let all = try figures(kind).overall
        #expect(all.last7Days.recent == Window(answers: 6, correct: 5, averageResponseSeconds: 1.4))
        #expect(all.last7Days.previous == Window(answers: 2, correct: 1, averageResponseSeconds: 2))
        #expect(abs(all.last7Days.accuracyChange! - (5.0 / 6 - 0.5)) < 1e-9)
        #expect(abs(all.last7Days.responseSecondsChange! - (-0.6)) < 1e-9)
        #expect(all.last30Days.recent.answers == 11 && all.last30Days.recent.correct == 8)
        #expect(all.last30Days.previous == Window(answers: 4, correct: 3, averageResponseSeconds: 2))
    }

    @Test("by exercise, mode, root and interval", arguments: StoreKind.allCases)
    func groups(_ kind: StoreKind) throws {
        let figures = try figures(kind)
        let scale = try #require(figures.byExercise["scale"])
        #expect((scale.sessions, scale.practiceSeconds, scale.answers, scale.correct, scale.bestStreak) == (3, 90, 9, 7, 4))
        let interval = try #require(figures.byExercise["interval"])
        #expect((interval.sessions, interval.practiceSeconds, interval.answers, interval.correct) == (2, 45, 6, 4))
        #expect(interval.averageResponseSeconds == 1.75 && interval.bestStreak == 2 && interval.bestDayStreak == 1)

        #expect(Set(figures.byMode.keys) == ["dorian", "ionian"])
        let dorian = try #require(figures.byMode["dorian"])
        #expect((dorian.sessions, dorian.practiceSeconds, dorian.answers, dorian.correct, dorian.bestStreak) == (2, 70, 6, 4, 2))
        #expect(dorian.averageResponseSeconds == 2)
        #expect(figures.byMode["ionian"]?.accuracy == 1)

        #expect(Set(figures.byRoot.keys) == ["C", "D", "E"])
        #expect(figures.byRoot["D"] == dorian)
        #expect(figures.byRoot["E"] == interval)

        #expect(Set(figures.byInterval.keys) == ["m3", "P5"])
        let third = try #require(figures.byInterval["m3"])
        #expect((third.sessions, third.answers, third.correct, third.bestStreak, third.averageResponseSeconds) == (2, 3, 2, 1, 1))
        let fifth = try #require(figures.byInterval["P5"])
        #expect((fifth.answers, fifth.correct, fifth.averageResponseSeconds) == (3, 2, 2.5))
    }

    @Test("profiles are kept apart", arguments: StoreKind.allCases)
    func profiles(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try kind.make(in: directory, clock: ManualWallClock(scriptNow))
        try ScriptedHistory.record(into: store)
        #expect(try store.profiles() == ["anna", "default"])
        let anna = try store.lifetimeFigures(profile: "anna").overall
        #expect((anna.sessions, anna.answers, anna.correct, anna.bestStreak) == (1, 2, 0, 0))
        #expect(anna.accuracy == 0 && anna.averageResponseSeconds == nil)
        #expect(try store.answers(profile: nil).count == 17)
        #expect(try store.lifetimeFigures(profile: "nobody").overall.answers == 0)
    }

    @Test("a session with no answers makes no profile; the list holds at most 200 names", arguments: StoreKind.allCases)
    func profileList(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try kind.make(in: directory, clock: ManualWallClock(scriptNow))
        for index in 0..<250 {
            let session = SessionStartRecord(id: UUID(), profile: String(format: "p%03d", index), startedAt: scriptNow, exercise: .scale,
                                             mode: "ionian", root: "C")
            try store.recordSessionStart(session)
            guard index % 2 == 0 else { continue }  // the odd ones answer nothing
            try store.recordAnswer(AnswerRecord(time: scriptNow, session: session.id, profile: session.profile, exercise: .scale, root: "C",
                                                expected: "C4", expectedMIDI: 60, playedMIDI: 60, correct: true, responseSeconds: 1))
        }
        let listed = try store.profiles()
        #expect(listed.count == 125, "the 125 profiles with answers, none of the 125 without")
        #expect(listed.allSatisfy { Int($0.dropFirst())! % 2 == 0 })
        for index in 0..<250 { _ = try store.recordSessionStart(SessionStartRecord(id: UUID(), profile: "q\(index)", startedAt: scriptNow,
                                                                                    exercise: .scale, mode: "ionian", root: "C")) }
        #expect(try store.profiles().count == 125)
        for index in 0..<100 {
            let id = UUID()
            try store.recordSessionStart(SessionStartRecord(id: id, profile: "r\(index)", startedAt: scriptNow, exercise: .scale, mode: "ionian", root: "C"))
            try store.recordAnswer(AnswerRecord(time: scriptNow, session: id, profile: "r\(index)", exercise: .scale, root: "C",
                                                expected: "C4", expectedMIDI: 60, playedMIDI: 60, correct: true, responseSeconds: 1))
        }
        #expect(try store.profiles().count == profileListLimit, "225 with answers, 200 listed")
    }

    @Test("the store's clock decides the trend windows", arguments: StoreKind.allCases)
    func clockMoves(_ kind: StoreKind) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualWallClock(scriptNow)
        let store = try kind.make(in: directory, clock: clock)
        try ScriptedHistory.record(into: store)
        clock.advance(by: 8 * 86400)
        let figures = try store.lifetimeFigures(profile: "default")
        let later = figures.overall
        #expect(later.last7Days.recent.answers == 0)
        #expect(later.last7Days.previous.answers == 6)
        #expect(figures.computedAt == scriptNow + 8 * 86400)
    }

    @Test("both stores give the same answers back, in time order")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sqlite = try StoreKind.sqlite.make(in: directory, clock: ManualWallClock(scriptNow))
        let memory = try StoreKind.memory.make(in: directory, clock: ManualWallClock(scriptNow))
        try ScriptedHistory.record(into: sqlite)
        try ScriptedHistory.record(into: memory)
        #expect(try sqlite.answers(profile: "default") == memory.answers(profile: "default"))
        #expect(try sqlite.sessions(profile: nil) == memory.sessions(profile: nil))
        #expect(try sqlite.answers(profile: "default") == ScriptedHistory.answerRecords.filter { $0.profile == "default" })
    }
}
