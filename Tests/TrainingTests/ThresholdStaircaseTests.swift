import Foundation
import Testing
import Training

/// The staircase against a simulated listener whose threshold is known: two-alternative answers,
/// right with probability 0.5 + 0.5·(1 − e^(−k·(d/θ)²)), k chosen so that the listener is right
/// 70.7 % of the time at θ, the point a 2-down 1-up staircase settles at.
@Suite struct ThresholdStaircaseTests {
    static let k = -log(1 - (2 * 0.5.squareRoot() - 1))  // P(θ) = 1/√2

    static func rightChance(_ difference: Double, threshold: Double) -> Double {
        0.5 + 0.5 * (1 - exp(-k * pow(difference / threshold, 2)))
    }

    /// What 60 trials tell: a staircase this short scatters, so the bounds are on 40 listeners
    /// together, and each within a factor 4. Measured here: 34–35 of 40 within a factor 2.
    @Test("a listener of known threshold (0.5, 3 and 20 c), 40 seeded ones each: after 60 trials the median estimate is within 15 %, 80 % within a factor 2, all within 4",
          arguments: [0.5, 3.0, 20.0])
    func converges(threshold: Double) {
        var ratios: [Double] = []
        for seed in 1...40 as ClosedRange<UInt64> {
            var random = SeededRandom(seed: seed)
            var staircase = ThresholdStaircase(start: 25)
            while (staircase.threshold == nil || staircase.trials < 60) && staircase.trials < 200 {
                let right = Double.random(in: 0..<1, using: &random) < Self.rightChance(staircase.difference, threshold: threshold)
                staircase.answer(correct: right)
            }
            #expect(staircase.trials <= 80, "seed \(seed): \(staircase.trials) trials to an estimate")
            let ratio = (staircase.threshold ?? .infinity) / threshold
            #expect(ratio > 0.25 && ratio < 4, "seed \(seed): estimated \(ratio) of the threshold")
            ratios.append(ratio)
        }
        let median = ratios.sorted()[ratios.count / 2]
        #expect(abs(median - 1) < 0.15, "median estimate \(median) of the threshold")
        #expect(ratios.count { $0 > 0.5 && $0 < 2 } >= 32, "within a factor 2: \(ratios.count { $0 > 0.5 && $0 < 2 }) of 40")
    }

    @Test("two right answers make it smaller, one wrong larger; it stays within its range")
    func steps() {
        var staircase = ThresholdStaircase(start: 8, range: 1...16)
        staircase.answer(correct: true)
        #expect(staircase.difference == 8)
        staircase.answer(correct: true)
        #expect(staircase.difference == 4)
        staircase.answer(correct: false)
        #expect(staircase.difference == 8 && staircase.reversals == [4])
        for _ in 0..<5 { staircase.answer(correct: false) }
        #expect(staircase.difference == 16)
        for _ in 0..<20 { staircase.answer(correct: true) }
        #expect(staircase.difference >= 1)
        #expect(staircase.threshold == nil || staircase.threshold! >= 1)
    }
}
