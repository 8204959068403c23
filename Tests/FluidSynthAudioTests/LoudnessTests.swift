import ProcessTestSupport
import Testing
import Training
@testable import FluidSynthAudio

@Suite(.cpuHeavy) struct LoudnessTests {
    @Test("Vary-loudness keeps every velocity within base × (1 − fraction) … base, and uses the range",
          arguments: [(100, 0.0), (100, 0.25), (100, 0.5), (127, 1.0), (10, 0.95)])
    func bounds(base: Int, fraction: Double) {
        let loudness = Loudness(base: base, fraction: fraction)
        var random = SeededRandom(seed: UInt64(base) &* 31 &+ UInt64(fraction * 100))
        let draws = (0..<2000).map { _ in loudness.velocity(using: &random) }
        let lowest = max(1, Int((Double(base) * (1 - fraction)).rounded(.up)))
        #expect(draws.allSatisfy { (lowest...base).contains($0) })
        #expect(draws.min() == lowest)
        #expect(draws.max() == base)
    }

    @Test("The same seed gives the same velocities")
    func reproducible() {
        let loudness = Loudness(base: 90, fraction: 0.4)
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42)
        #expect((0..<50).map { _ in loudness.velocity(using: &a) } == (0..<50).map { _ in loudness.velocity(using: &b) })
    }
}
