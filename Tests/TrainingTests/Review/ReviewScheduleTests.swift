import Foundation
import Testing
@testable import Training

/// Leitner boxes across sessions, on an injected clock (seconds), rule by rule.
@Suite("Spaced repetition: the schedule")
struct ReviewScheduleTests {
    static let day = 86_400.0

    @Test("a missed item is due at once; one answered right when due waits longer with each box")
    func boxes() {
        var schedule = ReviewSchedule()
        schedule.record(ReviewAnswer(item: "interval:M3", correct: true, time: 0))
        #expect(schedule.cards["interval:M3"] == ReviewCard(box: 2, due: Self.day, lastAnswered: 0))
        schedule.record(ReviewAnswer(item: "interval:M3", correct: true, time: Self.day))
        #expect(schedule.cards["interval:M3"]?.box == 3)
        #expect(schedule.cards["interval:M3"]?.due == 4 * Self.day)
        schedule.record(ReviewAnswer(item: "interval:M3", correct: false, time: 2 * Self.day))
        #expect(schedule.cards["interval:M3"] == ReviewCard(box: 1, due: 2 * Self.day, lastAnswered: 2 * Self.day))
        schedule.record(ReviewAnswer(item: "interval:M3", correct: true, time: 2 * Self.day + 60))
        #expect(schedule.cards["interval:M3"]?.box == 2, "from box 1, right again the same day")
    }

    @Test("right again before it is due (cramming) does not move an item up; being overdue does not move it down")
    func crammingAndAbsence() {
        var schedule = ReviewSchedule()
        schedule.record(ReviewAnswer(item: "chord:minor", correct: true, time: 0))
        for minute in 1...10 { schedule.record(ReviewAnswer(item: "chord:minor", correct: true, time: Double(minute) * 60)) }
        #expect(schedule.cards["chord:minor"]?.box == 2)
        #expect(schedule.cards["chord:minor"]?.due == Self.day)
        #expect(schedule.due(among: ["chord:minor"], at: 60 * Self.day, limit: 5) == ["chord:minor"])
        #expect(schedule.cards["chord:minor"]?.box == 2, "60 days away")
    }

    @Test("due items: lowest box first, then longest overdue, at most the limit; items not due or never seen are not listed")
    func dueOrder() {
        var schedule = ReviewSchedule()
        for (item, correct, time) in [("a", true, 0.0), ("b", false, 10.0), ("c", true, 5.0), ("d", true, 0.0)] {
            schedule.record(ReviewAnswer(item: item, correct: correct, time: time))
        }
        schedule.record(ReviewAnswer(item: "d", correct: true, time: Self.day))  // box 3, due on day 4
        let now = 1.5 * Self.day
        #expect(schedule.due(among: ["a", "b", "c", "d", "never"], at: now, limit: 10) == ["b", "a", "c"])
        #expect(schedule.due(among: ["a", "b", "c", "d"], at: now, limit: 2) == ["b", "a"])
        #expect(schedule.due(among: ["c"], at: now, limit: 10) == ["c"])
    }

    @Test("the schedule rebuilt from the stored answers, in any order, is the one kept while answering")
    func replay() {
        var random = SeededRandom(seed: 3)
        var kept = ReviewSchedule()
        var answers: [ReviewAnswer] = []
        var time = 0.0
        for _ in 0..<500 {
            time += Double.random(in: 1...20_000, using: &random)
            let answer = ReviewAnswer(item: "interval:\(Int.random(in: 0..<12, using: &random))",
                                      correct: Bool.random(using: &random), time: time)
            kept.record(answer)
            answers.append(answer)
        }
        answers.shuffle(using: &random)
        #expect(ReviewSchedule.replaying(answers) == kept)
    }

    @Test("session weights: due items 4 until asked, new items 2, others 1 / box")
    func weights() {
        var schedule = ReviewSchedule()
        schedule.record(ReviewAnswer(item: "due", correct: false, time: 0))
        schedule.record(ReviewAnswer(item: "known", correct: true, time: 0))
        for day in [1.0, 4, 11, 32] { schedule.record(ReviewAnswer(item: "known", correct: true, time: day * Self.day)) }
        #expect(schedule.cards["known"]?.box == 5)
        var weights = ReviewWeights(schedule, candidates: ["due", "known", "new"], at: 33 * Self.day)
        #expect(weights.weight(of: "due") == 4)
        #expect(weights.weight(of: "new") == 2)
        #expect(weights.weight(of: "known") == 0.2)
        weights.asked("due")
        #expect(weights.weight(of: "due") == 1)
    }
}
