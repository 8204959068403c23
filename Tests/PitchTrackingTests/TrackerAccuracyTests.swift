import ProcessTestSupport
import Testing

@testable import PitchTracking

/// Steady tones across the range, at several sample rates: one note each, its pitch to the cent.
@Suite(.cpuHeavy)
struct TrackerAccuracyTests {
    /// C2 to C6 and between, some off the equal-tempered grid.
    static let frequencies: [Double] = [65.406, 82.0, 110.0, 147.3, 220.0, 330.7, 440.0, 523.25, 698.5, 880.0, 1046.5]

    @Test("a sine is one note, within 0.3 c", arguments: frequencies)
    func sine(hertz: Double) throws {
        let tracked = try Tracked(TestSignals.tone(hertz: hertz, seconds: 1))
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 0.3)
    }

    @Test("a string-like tone of 20 partials is one note, within 0.5 c", arguments: frequencies)
    func harmonicRich(hertz: Double) throws {
        let tracked = try Tracked(TestSignals.tone(hertz: hertz, seconds: 1, harmonics: TestSignals.stringLike))
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 0.5)
    }

    @Test("a fundamental 30 dB under its partials is still the pitch, not an octave up", arguments: [65.406, 98.0, 220.0, 440.0, 987.8])
    func weakFundamental(hertz: Double) throws {
        let partials = [0.03, 1, 0.8, 0.6, 0.5, 0.4]
        let tracked = try Tracked(TestSignals.tone(hertz: hertz, seconds: 1, harmonics: partials))
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 1)
    }

    @Test("8 kHz: a string-like tone within 1 c", arguments: [65.406, 220.0, 659.3, 1046.5])
    func lowRate(hertz: Double) throws {
        let tracked = try Tracked(TestSignals.tone(hertz: hertz, seconds: 1, rate: 8_000, harmonics: TestSignals.stringLike), rate: 8_000)
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 1)
    }

    @Test("192 kHz: a string-like tone within 0.5 c", arguments: [65.406, 220.0, 1046.5])
    func highRate(hertz: Double) throws {
        let tracked = try Tracked(
            TestSignals.tone(hertz: hertz, seconds: 0.8, rate: 192_000, harmonics: TestSignals.stringLike), rate: 192_000, block: 4096)
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 0.5)
    }

    @Test("44.1 kHz and 96 kHz: a sine within 0.3 c", arguments: [44_100.0, 96_000.0])
    func otherRates(rate: Double) throws {
        for hertz in [73.4, 392.0, 987.8] {
            let tracked = try Tracked(TestSignals.tone(hertz: hertz, seconds: 1, rate: rate), rate: rate)
            try #require(tracked.notes.count == 1)
            #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 0.3, "\(hertz) Hz at \(rate)")
        }
    }

    @Test("every frame of a steady sine reads within 2 c once the window is full")
    func frames() throws {
        let tracked = try Tracked(TestSignals.tone(hertz: 261.63, seconds: 0.5))
        let inside = tracked.frames.filter { $0.time > 0.05 && $0.time < 0.45 }
        #expect(inside.count >= 70)
        for frame in inside {
            let frequency = try #require(frame.frequency)
            #expect(abs(TestSignals.cents(frequency, from: 261.63)) <= 2)
            #expect(frame.clarity > 0.99)
        }
    }

    @Test("a sample rate outside 8 kHz…192 kHz is refused")
    func rates() {
        #expect(throws: PitchTrackerError.sampleRateOutOfRange(4_000)) { try PitchTracker(sampleRate: 4_000) }
        #expect(throws: PitchTrackerError.sampleRateOutOfRange(384_000)) { try PitchTracker(sampleRate: 384_000) }
    }
}
