import MusicTheory
import Testing
@testable import Training

@Suite struct AdaptiveChoiceTests {
    /// A student who always misses `missed` (until it is revealed) and answers every other interval
    /// at once; returns how often each interval was asked over `questions` questions.
    static func simulate(adaptive: Bool, missed: SpelledInterval, questions: Int, seed: UInt64) throws -> [SpelledInterval: Int] {
        let harness = Harness(seed: seed, controls: .none)
        try harness.engine.start(.interval(IntervalExercise(adaptive: adaptive)))
        var asked: [SpelledInterval: Int] = [:]
        for _ in 0..<questions {
            let question = harness.intervalQuestion
            asked[question.interval, default: 0] += 1
            harness.sink.clear()  // keeps memory flat; the next prompt arrives with the answer
            if question.interval == missed {
                let wrong = question.rootNote.rawValue + (question.interval.semitones == 1 ? 2 : 1)
                for _ in 0..<3 { harness.play(wrong, after: .milliseconds(800)) }
            } else {
                harness.play(question.answer.midiNote.rawValue, after: .milliseconds(800))
            }
        }
        return asked
    }

    @Test("over 10,000 seeded questions an always-missed interval comes up at least twice as often as a never-missed one")
    func missedComesMoreOften() throws {
        let missed = interval("m6")
        let asked = try Self.simulate(adaptive: true, missed: missed, questions: 10_000, seed: 2026)
        #expect(asked.values.reduce(0, +) == 10_000)
        let neverMissed = asked.filter { $0.key != missed }
        let mostOftenNeverMissed = try #require(neverMissed.values.max())
        #expect(asked[missed, default: 0] >= 2 * mostOftenNeverMissed)
        // The rule gives weights 4 : 1, so m6 takes about 4/14 of the questions.
        #expect((2_400...3_300).contains(asked[missed, default: 0]))
    }

    @Test("without adaptive choice every interval comes up about equally often")
    func uniformWhenOff() throws {
        let missed = interval("m6")
        let asked = try Self.simulate(adaptive: false, missed: missed, questions: 11_000, seed: 2026)
        for count in asked.values { #expect((800...1_200).contains(count)) }
    }

    @Test("weights: unasked 2, always missed 4, always right and quick 1, right but slow 2; only the last five asks count")
    func weights() {
        var chooser = AdaptiveChooser()
        let (a, b, c, d) = (subject("m2"), subject("M2"), subject("m3"), subject("M3"))
        #expect(chooser.weight(of: a) == 2)
        for _ in 0..<5 {
            chooser.record(a, missed: true, responseTime: nil)
            chooser.record(b, missed: false, responseTime: .seconds(1))
            chooser.record(c, missed: false, responseTime: .seconds(6))
        }
        #expect(chooser.weight(of: a) == 4)
        #expect(chooser.weight(of: b) == 1)
        #expect(chooser.weight(of: c) == 2)
        chooser.record(d, missed: true, responseTime: nil)
        for _ in 0..<5 { chooser.record(d, missed: false, responseTime: .seconds(1)) }
        #expect(chooser.weight(of: d) == 1)
    }

    @Test("the same seed gives the same questions; another seed other questions")
    func reproducible() throws {
        func questions(seed: UInt64) throws -> [String] {
            let harness = Harness(seed: seed)
            try harness.engine.start(.interval(IntervalExercise()))
            var texts: [String] = []
            for _ in 0..<30 {
                texts.append(harness.intervalQuestion.text)
                harness.play(harness.intervalQuestion.rootNote.rawValue + 1)
            }
            return texts
        }
        #expect(try questions(seed: 5) == questions(seed: 5))
        #expect(try questions(seed: 5) != questions(seed: 6))
    }
}
