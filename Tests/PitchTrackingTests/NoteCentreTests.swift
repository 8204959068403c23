import Foundation
import Testing

@testable import PitchTracking

/// The centre of a finished note, from its frames' cents (5 ms apart).
struct NoteCentreTests {
    static func frames(count: Int, _ cents: (Double) -> Double) -> [Double] {
        (0..<count).map { (i: Int) -> Double in cents(Double(i) * 0.005) }
    }

    @Test("a vibrato whose centre moves 30 c over the note is counted whole, not over the cycles that cross its mean", arguments: [2.0, 3.0])
    func movingCentre(phase: Double) {
        // ±12 c at 5.5 Hz around a centre rising from −15 to +15 c over a second (FluidR3's violin
        // A5 drifts so): only the middle cycles cross the note's mean, and over them alone the
        // centre leaned 4–5 c.
        let frames = Self.frames(count: 200) { t in -15 + 30 * t + 12 * sin(2 * Double.pi * 5.5 * t + phase) }
        let (centre, _) = NoteCentre().centre(of: frames)
        #expect(abs(centre) <= 2.5, "the centre \(centre)")
    }

    @Test("a regular vibrato is still counted over whole cycles, not leaning to the part cycle at its ends")
    func vibratoOverWholeCycles() {
        // ±40 c at 5.5 Hz over 0.6 s: a plain mean leans by 3 c here.
        let frames = Self.frames(count: 120) { t in 40 * sin(2 * Double.pi * 5.5 * t + 3.9) }
        let plain = frames.reduce(0, +) / Double(frames.count)
        let (centre, _) = NoteCentre().centre(of: frames)
        #expect(abs(plain) > 2.5, "the test's vibrato must lean when averaged plainly: \(plain)")
        #expect(abs(centre) <= 0.5, "the centre \(centre)")
    }
}
