import Foundation
import Testing
@testable import Training

/// A simulated student on an injected clock: each item is remembered with a probability that
/// fades with the days since it was last practised, and fades more slowly each time it is
/// recalled after a gap (recalled again minutes later, it gains little: the spacing effect).
/// One session a day of 15 questions over 20 items, drawn with the schedule's weights.
@Suite("Spaced repetition: a simulated learner")
struct SimulatedLearnerTests {
    static let day = 86_400.0
    static let items = (0..<20).map { "item:\($0)" }

    struct Learner {
        /// Days an item's memory lasts (recall = exp(−days since practice / stability)).
        var stability: [String: Double] = [:]
        var practised: [String: Double] = [:]

        func recall(_ item: String, at time: Double) -> Double {
            guard let last = practised[item], let days = stability[item] else { return 0.4 }
            return exp(-(time - last) / Self.day / days)
        }

        mutating func answer(_ item: String, at time: Double, using random: inout SeededRandom) -> Bool {
            let right = Double.random(in: 0..<1, using: &random) < recall(item, at: time)
            let days = stability[item] ?? 0.5
            let gap = practised[item].map { (time - $0) / Self.day } ?? 0
            stability[item] = right ? days * (1 + 2 * min(1, gap / days)) : max(days * 0.7, 0.5)
            practised[item] = time
            return right
        }

        static let day = 86_400.0
    }

    struct Run {
        var learner = Learner()
        var answers: [ReviewAnswer] = []
        var asked: [Int: [String]] = [:]
        var random = SeededRandom(seed: 42)

        /// One session on `day`: the schedule rebuilt from the answers, then `count` draws.
        mutating func session(day: Int, count: Int = 15) -> ReviewWeights {
            let start = Double(day) * SimulatedLearnerTests.day + 18 * 3600
            var weights = ReviewWeights(ReviewSchedule.replaying(answers), candidates: SimulatedLearnerTests.items, at: start)
            let first = weights
            for index in 0..<count {
                let time = start + Double(index) * 20
                let item = Self.draw(weights, using: &random)
                weights.asked(item)
                let right = learner.answer(item, at: time, using: &random)
                answers.append(ReviewAnswer(item: item, correct: right, time: time))
                asked[day, default: []].append(item)
            }
            return first
        }

        static func draw(_ weights: ReviewWeights, using random: inout SeededRandom) -> String {
            let all = SimulatedLearnerTests.items.map { ($0, weights.weight(of: $0)) }
            var point = Double.random(in: 0..<all.reduce(0) { $0 + $1.1 }, using: &random)
            for (item, weight) in all {
                if point < weight { return item }
                point -= weight
            }
            return all.last!.0
        }
    }

    @Test("over 30 days, items missed come back sooner than items answered right, and known items drift out",
          arguments: [42, 7, 1234] as [UInt64])
    func missedComeBackKnownDriftOut(seed: UInt64) {
        var run = Run(random: SeededRandom(seed: seed))
        var asksByBox: [Int: (asks: Int, itemSessions: Int)] = [:]
        for day in 0..<30 {
            let schedule = ReviewSchedule.replaying(run.answers)
            let before = run.answers.count
            _ = run.session(day: day)
            let asked = run.answers[before...].map(\.item)
            for item in Self.items {
                let box = schedule.cards[item]?.box ?? 0
                asksByBox[box, default: (0, 0)].asks += asked.filter { $0 == item }.count
                asksByBox[box, default: (0, 0)].itemSessions += 1
            }
        }
        // Questions until the same item is asked again, after a miss and after a right answer.
        var gaps: [Bool: [Int]] = [:]
        for (index, answer) in run.answers.enumerated() {
            if let next = run.answers[(index + 1)...].firstIndex(where: { $0.item == answer.item }) {
                gaps[answer.correct, default: []].append(next - index)
            }
        }
        let mean = { (values: [Int]) in Double(values.reduce(0, +)) / Double(max(values.count, 1)) }
        #expect(mean(gaps[false] ?? []) * 1.5 < mean(gaps[true] ?? []),
                "questions until asked again: after a miss \(mean(gaps[false] ?? [])), after a right answer \(mean(gaps[true] ?? []))")
        let rate = { (boxes: ClosedRange<Int>) -> Double in
            let picked = asksByBox.filter { boxes.contains($0.key) }.values
            return Double(picked.map(\.asks).reduce(0, +)) / Double(max(picked.map(\.itemSessions).reduce(0, +), 1))
        }
        #expect(rate(4...5) > 0, "known items are never gone")
        #expect(rate(4...5) * 3 < rate(1...2), "asks per item and session: known \(rate(4...5)), being learnt \(rate(1...2)); \(asksByBox)")
    }

    @Test("a week away: many items are due, but the first session favours only a session's worth, and no box moved",
          arguments: [42, 7, 1234] as [UInt64])
    func weekAway(seed: UInt64) {
        var run = Run(random: SeededRandom(seed: seed))
        for day in 0..<14 { _ = run.session(day: day) }
        let before = ReviewSchedule.replaying(run.answers)
        let back = 21 * Self.day + 18 * 3600
        let dueNow = before.due(among: Self.items, at: back, limit: .max)
        #expect(dueNow.count > ReviewWeights.defaultLimit, "\(dueNow.count) due after the week")
        let first = run.session(day: 21)
        #expect(first.dueItems.count == ReviewWeights.defaultLimit)
        #expect(ReviewSchedule.replaying(run.answers.filter { $0.time < back }) == before)
        // The favoured ones are the least known.
        let favouredBoxes = first.dueItems.compactMap { before.cards[$0]?.box }
        let otherDueBoxes = Set(dueNow).subtracting(first.dueItems).compactMap { before.cards[$0]?.box }
        #expect(favouredBoxes.max()! <= otherDueBoxes.min()!)
    }
}
