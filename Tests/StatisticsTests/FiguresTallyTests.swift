import ControlProtocol
import Foundation
import Statistics
import ProcessTestSupport
import Testing
import Training

/// The tally against `LifetimeFigures.compute`: the same figures, to the last bit, however the
/// answers are split into what arrives between two readings.
@Suite(.cpuHeavy) struct FiguresTallyTests {
    /// A seeded history over about `days` days ending near `end`: sessions of every kind,
    /// some cut short (no end), some with no answer, answers with modes, intervals and items.
    static func history(seed: UInt64, sessions count: Int, days: Double, end: Date) -> (sessions: [SessionRecord], answers: [AnswerRecord]) {
        var random = SeededRandom(seed: seed)
        var sessions: [SessionRecord] = []
        var answers: [AnswerRecord] = []
        var time = end.timeIntervalSince1970 - days * 86400
        let kinds = ExerciseKind.allCases
        for _ in 0..<count {
            // Whole seconds: the sessions' lengths then add up the same in any order (a set's).
            time += Double(Int.random(in: 0...Int(2 * days * 86400 / Double(count)), using: &random))
            let id = UUID()
            let kind = kinds.randomElement(using: &random)!
            let mode = kind == .scale ? ["dorian", "ionian", "lydian"].randomElement(using: &random) : nil
            let root = ["C", "D", "Eb", "F#"].randomElement(using: &random)!
            let start = SessionStartRecord(id: id, profile: "default", startedAt: Date(timeIntervalSince1970: time), exercise: kind, mode: mode, root: root)
            var at = time
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                at += Double(Int.random(in: 1...20, using: &random))
                let interval = kind == .interval ? ["m3", "P5", "M6"].randomElement(using: &random) : nil
                let item = Bool.random(using: &random) ? AnswerItem(category: "item", label: "\(Int.random(in: 1...5, using: &random))") : nil
                // A tuned answer's signed error (match): the mean absolute error is summed as compute sums it.
                let cents = kind.rawValue == "match" ? Double(Int.random(in: -400...400, using: &random)) / 10 : nil
                answers.append(AnswerRecord(
                    time: Date(timeIntervalSince1970: at), session: id, profile: "default", exercise: kind, root: root, mode: mode,
                    interval: interval, expected: "C4", expectedMIDI: 60, playedMIDI: 60, correct: Int.random(in: 0..<3, using: &random) > 0,
                    responseSeconds: Double.random(in: 0.2...6, using: &random), item: item,
                    cents: cents ?? (Int.random(in: 0..<3, using: &random) > 0 ? Double.random(in: 0.1...60, using: &random) : nil)))
            }
            let end = Bool.random(using: &random) || at == time
                ? SessionEndRecord(id: id, endedAt: Date(timeIntervalSince1970: at + 1), lengthSeconds: at + 1 - time, correct: 0, errors: 0)
                : nil
            sessions.append(SessionRecord(start: start, end: Int.random(in: 0..<5, using: &random) == 0 ? nil : end))
            time = at
        }
        return (sessions, answers)
    }

    @Test("a history read at every tenth answer, each reading later: the tally's figures are compute's", arguments: [1, 2, 3] as [UInt64])
    func equalWhileGrowing(seed: UInt64) throws {
        let end = Date(timeIntervalSince1970: 1_780_000_000)
        let (sessions, answers) = Self.history(seed: seed, sessions: 120, days: 500, end: end)
        var tally = FiguresTally(profile: "default", timeZone: TimeZone(identifier: "Europe/Vienna")!)
        var readings = 0
        for (index, answer) in answers.enumerated() {
            let added = tally.add(answer)
            #expect(added)
            guard index % 10 == 9 || index == answers.count - 1 else { continue }
            // Read a day after the answer: the trends' windows and the daily list move on.
            let now = answer.time.addingTimeInterval(86400 + Double(index))
            let known = sessions.filter { $0.start.startedAt <= answer.time }
            let tallied = tally.figures(sessions: known, now: now)
            let computed = LifetimeFigures.compute(profile: "default", sessions: known, answers: Array(answers[...index]), now: now,
                                                   timeZone: TimeZone(identifier: "Europe/Vienna")!)
            let same = tallied == computed
            try #require(same, "after \(index + 1) answers")
            readings += 1
        }
        #expect(readings > 100)
        #expect(tally.answers == answers.count)
    }

    @Test("compare's answers give a threshold: the geometric mean of the last 20 offsets, per item and day; other kinds' cents give none")
    func threshold() throws {
        let compare = try ExerciseKind(choosing: "compare"), pure = try ExerciseKind(choosing: "pure")
        let id = UUID()
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let offsets = (0..<30).map { 25 * pow(0.9, Double($0)) }
        var answers = offsets.enumerated().map { index, cents in
            AnswerRecord(time: start.addingTimeInterval(Double(index)), session: id, profile: "default", exercise: compare, root: "A",
                         expected: "Bb3", expectedMIDI: 58, playedMIDI: 59, correct: true, responseSeconds: 1,
                         item: AnswerItem(category: "register", label: "octave 3"), cents: cents)
        }
        answers.append(AnswerRecord(time: start.addingTimeInterval(40), session: id, profile: "default", exercise: pure, root: "C",
                                    expected: "C4", expectedMIDI: 60, playedMIDI: 60, correct: true, responseSeconds: 1,
                                    item: AnswerItem(category: "interval", label: "M3"), cents: 13.7))
        let sessions = [SessionRecord(start: SessionStartRecord(id: id, profile: "default", startedAt: start, exercise: compare, root: "A"), end: nil)]
        let figures = LifetimeFigures.compute(profile: "default", sessions: sessions, answers: answers, now: start.addingTimeInterval(60),
                                              timeZone: TimeZone(identifier: "UTC")!)
        let last20 = offsets.suffix(20)
        let expected = exp(last20.map(log).reduce(0, +) / 20)
        #expect(try #require(figures.byItem["compare octave 3"]?.thresholdCents) == expected)
        #expect(figures.byExercise["compare"]?.thresholdCents == expected && figures.overall.thresholdCents == expected)
        #expect(figures.byItem["pure M3"]?.thresholdCents == nil, "pure's cents are no staircase's")
        let day = try #require(figures.byDay.byExercise["compare"]?.last?.thresholdCents)
        #expect(abs(day - exp(offsets.map(log).reduce(0, +) / 30)) < 1e-12, "the day's: all its offsets")
        var tally = FiguresTally(profile: "default", timeZone: TimeZone(identifier: "UTC")!)
        for answer in answers { _ = tally.add(answer) }
        #expect(tally.figures(sessions: sessions, now: start.addingTimeInterval(60)) == figures)
        #expect(figures.report().contains("threshold") && figures.report().contains(String(format: "%.1f c", expected)))
    }

    @Test("answers that carry cents give the mean absolute error, overall, per item and per window of days")
    func meanAbsoluteCents() throws {
        let end = Date(timeIntervalSince1970: 1_780_000_000)
        let session = UUID()
        let start = SessionStartRecord(id: session, profile: "default", startedAt: end.addingTimeInterval(-20 * 86400), exercise: MatchExercise.kind, root: "A")
        let answers = [(-20.0, 6.0), (-19.0, -2.0), (-2.0, 1.5), (-1.0, -0.5)].map { day, cents in
            AnswerRecord(time: end.addingTimeInterval(day * 86400), session: session, profile: "default", exercise: MatchExercise.kind,
                         root: "A", expected: "A3", expectedMIDI: 57, playedMIDI: 60, correct: abs(cents) <= 5, responseSeconds: 2,
                         item: AnswerItem(category: "interval", label: "unison"), cents: cents)
        }
        var tally = FiguresTally(profile: "default", timeZone: TimeZone(identifier: "UTC")!)
        for answer in answers { _ = tally.add(answer) }
        let figures = tally.figures(sessions: [SessionRecord(start: start, end: nil)], now: end)
        #expect(figures.overall.meanAbsoluteCents == 2.5)
        #expect(figures.byItem["match unison"]?.meanAbsoluteCents == 2.5)
        #expect(figures.overall.last7Days.recent.meanAbsoluteCents == 1.0)
        #expect(figures.overall.last30Days.recent.meanAbsoluteCents == 2.5)
        #expect(figures.overall.last7Days.previous.meanAbsoluteCents == nil)
        #expect(figures.report().contains("match unison: 2.5 c; last 7 days 1.0 c (7 before -)"), "\(figures.report())")
    }

    @Test("an answer older than the last is refused, and nothing of it tallied")
    func olderRefused() {
        let (_, answers) = Self.history(seed: 9, sessions: 5, days: 10, end: Date(timeIntervalSince1970: 1_780_000_000))
        var tally = FiguresTally(profile: "default", timeZone: utc)
        let (first, older) = (tally.add(answers[3]), tally.add(answers[2]))
        #expect(first)
        #expect(!older)
        #expect(tally.answers == 1)
    }

    @Test("figures read at a time are not readable at an earlier one (its answers may be forgotten)")
    func readingBackwards() {
        var tally = FiguresTally(profile: "default", timeZone: utc)
        _ = tally.figures(sessions: [], now: scriptNow)
        #expect(tally.canRead(at: scriptNow.addingTimeInterval(1)))
        #expect(!tally.canRead(at: scriptNow.addingTimeInterval(-1)))
    }
}

/// The figures an SQLite file gives, read again and again while it grows, against `compute` over
/// what the same file holds.
@Suite(.cpuHeavy) struct StoredTallyTests {
    @Test("answers written between readings, a question held open, the clock moved on and set back: the figures are compute's")
    func storeFiguresMatchCompute() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let end = Date(timeIntervalSince1970: 1_780_000_000)
        let (sessions, answers) = FiguresTallyTests.history(seed: 4, sessions: 40, days: 90, end: end)
        let clock = ManualWallClock(end)
        let store = try SQLiteStatisticsStore(path: directory.path + "/stats.sqlite", clock: clock, timeZone: utc, logger: quietLogger)
        func expectCompute(_ moment: String) throws {
            let computed = LifetimeFigures.compute(profile: "default", sessions: try store.sessions(profile: "default"),
                                                   answers: try store.answers(profile: "default"), now: clock.now(), timeZone: utc)
            let read = try store.lifetimeFigures(profile: "default")
            #expect(read == computed, "\(moment): \(read.overall.answers) answers read, \(computed.overall.answers) computed")
        }
        var written = 0
        for session in sessions {
            try store.recordSessionStart(session.start)
            for var answer in answers where answer.session == session.start.id {
                // Every fifth answer's question stays open a while: it must not count until closed.
                answer.questionOpen = written % 5 == 0
                try store.recordAnswer(answer)
                written += 1
                if written % 7 == 0 { try expectCompute("after \(written) answers") }
                if answer.questionOpen {
                    try expectCompute("with a question open")
                    try store.recordQuestionClosed(session: session.start.id)
                }
            }
            if let sessionEnd = session.end { try store.recordSessionEnd(sessionEnd) }
        }
        try expectCompute("all written")
        #expect(try store.lifetimeFigures(profile: "default").overall.answers == answers.count)
        clock.advance(by: 40 * 86400)
        try expectCompute("40 days on, nothing new")
        clock.set(end.addingTimeInterval(-86400))
        try expectCompute("the clock set a day back")
        try store.recordAnswer(AnswerRecord(time: end.addingTimeInterval(-200 * 86400), session: sessions[0].start.id, profile: "default",
                                            exercise: .scale, root: "C", expected: "C4", expectedMIDI: 60, playedMIDI: 61,
                                            correct: false, responseSeconds: 2))
        try expectCompute("an answer older than the rest stored")
    }

    @Test("a name with no answers keeps no tally; past the limit the least recently read tally goes, and comes back right")
    func talliesBounded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let end = Date(timeIntervalSince1970: 1_780_000_000)
        let (sessions, answers) = FiguresTallyTests.history(seed: 9, sessions: 60, days: 30, end: end)
        let clock = ManualWallClock(end)
        let store = try SQLiteStatisticsStore(path: directory.path + "/stats.sqlite", clock: clock, timeZone: utc, logger: quietLogger)
        // Each session a profile of its own.
        for (index, session) in sessions.enumerated() {
            var start = session.start
            start.profile = "p\(index)"
            try store.recordSessionStart(start)
            for var answer in answers where answer.session == start.id {
                answer.profile = start.profile
                try store.recordAnswer(answer)
            }
            if let sessionEnd = session.end { try store.recordSessionEnd(sessionEnd) }
        }
        for index in 0..<1_000 { #expect(try store.lifetimeFigures(profile: "nobody-\(index)").overall.answers == 0) }
        #expect(store.talliesKept == 0, "a name asked after with no answers keeps nothing")
        for index in sessions.indices { _ = try store.lifetimeFigures(profile: "p\(index)") }
        #expect(store.talliesKept <= SQLiteStatisticsStore.tallyLimit)
        let first = "p\(sessions.indices.first { index in answers.contains { $0.session == sessions[index].start.id } }!)"
        let computed = LifetimeFigures.compute(profile: first, sessions: try store.sessions(profile: first),
                                               answers: try store.answers(profile: first), now: clock.now(), timeZone: utc)
        #expect(try store.lifetimeFigures(profile: first) == computed, "a tally dropped is tallied again, the same")
    }
}
