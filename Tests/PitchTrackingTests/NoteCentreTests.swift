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

    @Test("a vibrato of any phase and length is its centre: the part cycles at the ends do not lean it",
          arguments: [0.45, 0.8, 1.2], [0.0, 1.3, 2.6, 3.9, 5.2])
    func vibratoAtAnyPhase(seconds: Double, phase: Double) {
        let frames = Self.frames(count: Int(seconds / 0.005)) { t in 35 * sin(2 * Double.pi * 5.5 * t + phase) }
        let (centre, _) = NoteCentre().centre(of: frames)
        #expect(abs(centre) <= 1.25, "the centre \(centre)")
    }

    @Test("a singer's vibrato that slows from 7 Hz to 4.5 Hz over half a second is its centre")
    func slowingVibrato() {
        // The phase of a rate falling linearly over half a second: 2π ∫ (7 − 5 t) dt.
        let frames = Self.frames(count: 100) { t in 30 * sin(2 * Double.pi * (7 * t - 2.5 * t * t) + 1.5) }
        let plain = frames.reduce(0, +) / Double(frames.count)
        let (centre, _) = NoteCentre().centre(of: frames)
        #expect(abs(plain) > 1.2, "the test's vibrato must lean when averaged plainly: \(plain)")
        #expect(abs(centre) <= 0.75, "the centre \(centre)")
    }

    @Test("a choir's wander after the attack is averaged in, not cut off at a crossing")
    func wanderAfterTheAttack() {
        // 25 c flat for a quarter of a second after the attack, then a small irregular wobble
        // (FluidR3's choir C♯4): crossings bunched after the wander once made the centre that
        // stretch alone, 4 c sharp of the note's mean.
        let frames = Self.frames(count: 230) { t in
            (t < 0.3 ? -25 * sin(Double.pi * t / 0.3) : 0) + 6 * sin(2 * Double.pi * 3.3 * t) + 3 * sin(2 * Double.pi * 7.9 * t + 1)
        }
        let plain = frames.reduce(0, +) / Double(frames.count)
        let (centre, _) = NoteCentre().centre(of: frames)
        #expect(abs(centre - plain) <= 2, "the centre \(centre), the plain mean \(plain)")
    }

    @Test("a regular vibrato over 0.6 s is its centre, not leaning to the part cycle at its ends")
    func vibratoOverWholeCycles() {
        // ±40 c at 5.5 Hz over 0.6 s: a plain mean leans by 3 c here.
        let frames = Self.frames(count: 120) { t in 40 * sin(2 * Double.pi * 5.5 * t + 3.9) }
        let plain = frames.reduce(0, +) / Double(frames.count)
        let (centre, _) = NoteCentre().centre(of: frames)
        #expect(abs(plain) > 2.5, "the test's vibrato must lean when averaged plainly: \(plain)")
        #expect(abs(centre) <= 0.5, "the centre \(centre)")
    }
}
