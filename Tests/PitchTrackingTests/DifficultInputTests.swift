import Foundation
import ProcessTestSupport
import Testing

@testable import PitchTracking

/// Noise, silence, DC and clipping: no notes where there are none, the pitch where there is one.
@Suite(.cpuHeavy)
struct DifficultInputTests {
    @Test("silence is no note and no pitch")
    func silence() throws {
        let tracked = try Tracked(TestSignals.silence(seconds: 1))
        #expect(tracked.notes.isEmpty && tracked.began.isEmpty)
        #expect(tracked.frames.allSatisfy { $0.frequency == nil })
    }

    @Test("white noise is no note", arguments: [0.01, 0.3])
    func whiteNoise(rms: Double) throws {
        let tracked = try Tracked(TestSignals.noise(count: 96_000, rms: rms, seed: 7))
        #expect(tracked.notes.isEmpty)
    }

    @Test("DC is no note, and a tone riding on DC keeps its pitch")
    func dc() throws {
        #expect(try Tracked([Float](repeating: 0.5, count: 48_000)).notes.isEmpty)
        let riding = TestSignals.tone(hertz: 82.41, seconds: 1, amplitude: 0.3).map { $0 + 0.6 }
        let tracked = try Tracked(riding)
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: 82.41)) <= 0.5)
    }

    @Test("a hard-clipped tone keeps its pitch", arguments: [73.42, 466.16])
    func clipping(hertz: Double) throws {
        let clipped = TestSignals.tone(hertz: hertz, seconds: 1, harmonics: [1, 0.3, 0.2], amplitude: 4).map { min(1, max(-1, $0)) }
        let tracked = try Tracked(clipped)
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 0.5)
    }

    @Test("white noise 20 dB under the tone: within 2 c", arguments: [65.406, 155.56, 392.0, 1046.5])
    func noisy(hertz: Double) throws {
        let signal = TestSignals.withNoise(TestSignals.tone(hertz: hertz, seconds: 1.2, harmonics: TestSignals.stringLike), snr: 20, seed: 3)
        let tracked = try Tracked(signal)
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 2)
    }

    @Test("a tone above C6's range, or below C2's, is no note", arguments: [1_400.0, 45.0])
    func outOfRange(hertz: Double) throws {
        let tracked = try Tracked(TestSignals.tone(hertz: hertz, seconds: 1))
        #expect(tracked.notes.isEmpty)
    }
}
