import Foundation
import ProcessTestSupport
import Testing

@testable import PitchTracking

/// Where notes start and end, what their centre is, and how soon they are reported.
@Suite(.cpuHeavy)
struct NoteSegmentationTests {
    @Test("a ±50 c vibrato at 5 Hz counts as its centre, within 1.5 c", arguments: [98.0, 293.66, 880.0])
    func vibrato(hertz: Double) throws {
        let signal = TestSignals.tone(hertz: hertz, seconds: 1.6, harmonics: TestSignals.stringLike) { 50 * sin(2 * .pi * 5 * $0 + 0.7) }
        let tracked = try Tracked(signal)
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: hertz)) <= 1.5)
    }

    @Test("vibrato at 4 and 8 Hz, ±40 c, centre within 1.5 c", arguments: [4.0, 8.0])
    func vibratoRates(rate: Double) throws {
        let signal = TestSignals.tone(hertz: 392, seconds: 1.3, harmonics: TestSignals.stringLike) { 40 * sin(2 * .pi * rate * $0) }
        let tracked = try Tracked(signal)
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: 392)) <= 1.5)
    }

    @Test("a scoop from 120 c below is left out of the pitch", arguments: [110.0, 440.0])
    func scoop(hertz: Double) throws {
        // The glide eases in over 150 ms; its mean is 60 c flat, so counting it would cost 9 c.
        let signal = TestSignals.tone(hertz: hertz, seconds: 1.0, harmonics: TestSignals.stringLike) { t in
            t < 0.15 ? -120 * pow(1 - t / 0.15, 2) : 0
        }
        let tracked = try Tracked(signal)
        try #require(tracked.notes.count == 1)
        let note = tracked.notes[0]
        #expect(abs(TestSignals.cents(note.frequency, from: hertz)) <= 1)
        #expect(note.stableFrom - note.onset >= 0.08)
    }

    @Test("onset and end are within 25 ms, and the beginning is reported within 100 ms")
    func timing() throws {
        let signal = TestSignals.silence(seconds: 0.3) + TestSignals.tone(hertz: 196, seconds: 0.6, harmonics: TestSignals.stringLike)
            + TestSignals.silence(seconds: 0.3)
        let tracked = try Tracked(signal, block: 256)
        try #require(tracked.notes.count == 1 && tracked.began.count == 1)
        #expect(abs(tracked.notes[0].onset - 0.3) <= 0.025)
        #expect(abs(tracked.notes[0].end - 0.9) <= 0.025)
        #expect(tracked.began[0].reportedAt - 0.3 <= 0.1)
        #expect(tracked.began[0].reportedAt - 0.3 > 0)
        #expect(abs(TestSignals.cents(tracked.began[0].frequencySoFar, from: 196)) <= 5)
    }

    @Test("two notes played legato are two notes, each at its pitch")
    func legato() throws {
        let signal = TestSignals.tone(hertz: 261.63, seconds: 0.6) + TestSignals.tone(hertz: 293.66, seconds: 0.6)
        let tracked = try Tracked(signal)
        try #require(tracked.notes.count == 2)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: 261.63)) <= 1)
        #expect(abs(TestSignals.cents(tracked.notes[1].frequency, from: 293.66)) <= 1)
        #expect(abs(tracked.notes[1].onset - 0.6) <= 0.03)
    }

    @Test("the same note twice with a gap is two notes")
    func repeated() throws {
        let note = TestSignals.tone(hertz: 440, seconds: 0.4)
        let tracked = try Tracked(note + TestSignals.silence(seconds: 0.15) + note)
        #expect(tracked.notes.count == 2)
        #expect(tracked.began.count == 2)
    }

    @Test("a note fading out ends once 30 dB down, and its tail begins nothing")
    func fade() throws {
        var signal = TestSignals.tone(hertz: 330, seconds: 2.0)
        for i in signal.indices where i > 24_000 {
            signal[i] *= Float(pow(10, -60 * (Double(i - 24_000) / 48_000) / 20))  // −60 dB a second
        }
        let tracked = try Tracked(signal)
        try #require(tracked.notes.count == 1)
        #expect(abs(tracked.notes[0].end - 1.0) <= 0.06)
    }

    /// `signal` fading from `seconds` on at `decibelsPerSecond`.
    static func fading(_ signal: [Float], after seconds: Double, decibelsPerSecond: Double) -> [Float] {
        signal.enumerated().map { i, x in
            let t = Double(i) / 48_000 - seconds
            return t > 0 ? x * Float(pow(10, -decibelsPerSecond * t / 20)) : x
        }
    }

    @Test("the same note sung again out of its own fading tail is two notes")
    func reattack() throws {
        let first = Self.fading(TestSignals.tone(hertz: 440, seconds: 1.0), after: 0.4, decibelsPerSecond: 40)
        let tracked = try Tracked(first + TestSignals.tone(hertz: 440, seconds: 0.6))
        try #require(tracked.notes.count == 2)
        #expect(abs(tracked.notes[1].onset - 1.0) <= 0.03)
        #expect(tracked.notes.allSatisfy { abs(TestSignals.cents($0.frequency, from: 440)) <= 1 })
    }

    @Test("a held note notched by its room's reverberation, briefly and deeply, stays one note")
    func notchedByReverberation() throws {
        // Notches of 16 dB at their bottom, 70 ms wide (a raised cosine in dB), every 0.4 s: the
        // level a held flute reads over FluidSynth's reverb, where it rose 9 dB out of them.
        let notches = [0.45, 0.85, 1.25]
        let signal = TestSignals.tone(hertz: 698.46, seconds: 1.6).enumerated().map { i, x -> Float in
            let t = Double(i) / 48_000
            let depth = notches.map { centre -> Double in
                let offset = abs(t - centre) / 0.035
                return offset < 1 ? 16 * (0.5 + 0.5 * cos(Double.pi * offset)) : 0
            }.max() ?? 0
            return x * Float(pow(10, -depth / 20))
        }
        let tracked = try Tracked(signal)
        #expect(tracked.notes.count == 1, "\(tracked.notes.map(\.onset))")
    }

    @Test("the next note, 85 c up, over the last one's reverberation 12 dB down is a note of its own at its pitch")
    func overReverberation() throws {
        let upper = 330 * pow(2, 85.0 / 1200)
        var mixed = Self.fading(TestSignals.tone(hertz: 330, seconds: 1.6, harmonics: TestSignals.stringLike), after: 0.6, decibelsPerSecond: 40)
        let next = TestSignals.tone(hertz: upper, seconds: 0.7, harmonics: TestSignals.stringLike)
        for (i, x) in next.enumerated() { mixed[Int(0.9 * 48_000) + i] += x }
        let tracked = try Tracked(mixed)
        try #require(tracked.notes.count >= 2)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: 330)) <= 1)
        let second = try #require(tracked.notes.first { $0.onset > 0.85 && $0.onset < 0.95 })
        #expect(abs(TestSignals.cents(second.frequency, from: upper)) <= 2)
    }

    @Test("the events do not depend on the block size", arguments: [1, 37, 4096])
    func blocks(size: Int) throws {
        let signal = TestSignals.tone(hertz: 150, seconds: 0.5, harmonics: TestSignals.stringLike) + TestSignals.silence(seconds: 0.2)
            + TestSignals.tone(hertz: 600, seconds: 0.5)
        let reference = try Tracked(signal, block: 512)
        let tracked = try Tracked(signal, block: size)
        #expect(tracked.notes == reference.notes)
        #expect(tracked.notes.count == 2)
    }

    @Test("the live reading follows the note and goes quiet after it")
    func reading() throws {
        let signal = TestSignals.tone(hertz: 440, seconds: 0.5) + TestSignals.silence(seconds: 0.3)
        let tracked = try Tracked(signal, block: 4_800)
        let during = tracked.readings[3]  // 0.4 s
        #expect(abs(TestSignals.cents(try #require(during.frequency), from: 440)) <= 2)
        #expect(during.level > -12 && during.level < -6)  // a 0.5 sine is −9 dB
        let after = try #require(tracked.readings.last)
        #expect(after.frequency == nil)
        #expect(after.level < -80)
    }
}

/// Frames that slip an octave for a moment do not cut the note.
@Suite(.cpuHeavy)
struct OctaveSlipTests {
    @Test("50 ms of only the even partials (an octave up) leave one note at its pitch")
    func evenPartialsForAMoment() throws {
        let whole = TestSignals.tone(hertz: 220, seconds: 1.2, harmonics: [1, 0.8, 0.6, 0.5])
        let evens = TestSignals.tone(hertz: 220, seconds: 1.2, harmonics: [0, 0.8, 0, 0.5])
        let signal = (0..<whole.count).map { i in (i >= 24_000 && i < 26_400) ? evens[i] * 1.9 : whole[i] }
        let tracked = try Tracked(signal)
        #expect(tracked.frames.contains { ($0.frequency ?? 0) > 400 }, "the slip is heard")
        try #require(tracked.notes.count == 1)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: 220)) <= 1)
    }
}

/// A held pitch followed by another held pitch less than `belongCents` away.
@Suite(.cpuHeavy)
struct HeldStepTests {
    @Test("a step of 60 c between two held pitches is two notes; a scoop of 60 c is one")
    func step() throws {
        let stepped = TestSignals.tone(hertz: 300, seconds: 1.2, harmonics: TestSignals.stringLike) { $0 < 0.6 ? 0 : 60 }
        let tracked = try Tracked(stepped)
        try #require(tracked.notes.count == 2)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: 300)) <= 1)
        #expect(abs(TestSignals.cents(tracked.notes[1].frequency, from: 300 * pow(2, 60.0 / 1200))) <= 1)
        let scooped = TestSignals.tone(hertz: 300, seconds: 1.2, harmonics: TestSignals.stringLike) { t in t < 0.3 ? -60 + 200 * t : 0 }
        #expect(try Tracked(scooped).notes.count == 1)
    }

    @Test("the next note, 60 c up, rising slowly and wavering out of a wavering tail 20 dB down, is a note of its own")
    func reattackAtAnotherPitch() throws {
        // A choir over a room's reverberation (FluidR3's aahs, A4 then B♭4 bent 80 c up): the tail
        // holds no pitch still for 100 ms, and the next note rises 5 dB in 100 ms, too slowly for
        // a rise out of a dip, wavering ±20 c for its first 250 ms.
        let first = NoteSegmentationTests.fading(
            TestSignals.tone(hertz: 440, seconds: 1.0, harmonics: TestSignals.stringLike) { 20 * sin(2 * .pi * 3 * $0) },
            after: 0.5, decibelsPerSecond: 40)
        let upper = 440 * pow(2, 60.0 / 1200)
        let next = TestSignals.tone(hertz: upper, seconds: 1.0, harmonics: TestSignals.stringLike) { t in
            t < 0.25 ? 20 * (1 - t / 0.25) * sin(2 * .pi * 8 * t) : 0
        }.enumerated().map { i, x in x * Float(pow(10, -max(0, 20 - 50 * Double(i) / 48_000) / 20)) }
        let tracked = try Tracked(first + next)
        try #require(tracked.notes.count == 2, "\(tracked.notes.map(\.onset))")
        #expect(abs(tracked.notes[1].onset - 1.0) <= 0.05)
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: 440)) <= 3)
        #expect(abs(TestSignals.cents(tracked.notes[1].frequency, from: upper)) <= 1)
        let merged = try Tracked(first + next) { $0.reattackFrames = 0 }
        #expect(merged.notes.count == 1, "without the rule the two are one: the test needs it")
    }

    @Test("a soft start held 60 c flat for 150 ms, then swelling 12 dB into the note, is one note")
    func swellOutOfAFlatStart() throws {
        // What the new attack's rule must not take for one: the quiet frames come first, so the
        // note never faded into them.
        let signal = TestSignals.tone(hertz: 300, seconds: 1.2, harmonics: TestSignals.stringLike) { t in
            t < 0.15 ? -60 : t < 0.25 ? -60 + 600 * (t - 0.15) : 0
        }.enumerated().map { i, x in x * Float(pow(10, -max(0, 12 - 24 * Double(i) / 48_000) / 20)) }
        let tracked = try Tracked(signal)
        try #require(tracked.notes.count == 1, "\(tracked.notes.map(\.onset))")
        #expect(abs(TestSignals.cents(tracked.notes[0].frequency, from: 300)) <= 1)
    }
}
