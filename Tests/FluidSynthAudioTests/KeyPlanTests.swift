import Foundation
import ProcessTestSupport
import Testing
import MusicTheory
@testable import FluidSynthAudio
import Training

/// A student's key on the cello sounds at once: it is planned from what the calibration table
/// holds, never measuring (in the student's boot VM a key that measured first sounded 0.6 s of
/// the 1.2 s it was held, and notes sounding beside measurements read cents off).
@Suite(.cpuHeavy) struct KeyPlanTests {
    static let key = MIDINote(48)
    /// Far enough from the tempered C3 that the centred bend alone cannot bracket it.
    static let frequency = Frequency(MIDINote(48)).shifted(byCents: 13.7)

    /// A renderer whose table holds key 48 with the wheel centred and nothing else, in a cache
    /// folder of its own.
    static func renderer(_ name: String) throws -> ToneRenderer {
        var configuration = Support.configuration()
        configuration.cacheDirectory = NSTemporaryDirectory() + "\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let (renderer, _) = Support.renderer(configuration, keys: 48...48)
        try #require(renderer.hasCello, "no SoundFont cello to test with")
        return renderer
    }

    @Test("a plan from the table alone is within 0.35 c of the measured one, and exact once the bends are measured")
    func knownPlan() throws {
        let tuner = try #require(try Self.renderer("key-plan").tuner)
        let estimated = try #require(tuner.knownPlan(Self.frequency))
        #expect(!estimated.exact)
        #expect(tuner.calibration.count == 1)
        let measured = try tuner.plan(Self.frequency)
        #expect(tuner.calibration.count == 3)
        #expect(tuner.knownPlan(Self.frequency)?.exact == true)
        #expect(tuner.knownPlan(Self.frequency)?.plan == measured)
        // Where each plan sounds: its bends' average, from the table as measured now.
        func sounding(_ plan: CelloPlan) -> Double {
            let bend = PitchBend()
            let low = bend.soundingCents(forWheel: plan.lowWheel), high = bend.soundingCents(forWheel: plan.highWheel)
            let table = tuner.calibration
            let lowPitch = table.sounding(key: 48, bend: low) ?? (table.sounding(key: 48, bend: high)! - 1)
            let highPitch = table.sounding(key: 48, bend: high) ?? (lowPitch + 1)
            return lowPitch + plan.highShare * (highPitch - lowPitch)
        }
        #expect(abs(sounding(measured) - 13.7) < 0.01)
        #expect(abs(sounding(estimated.plan) - 13.7) < 0.35, "\(sounding(estimated.plan)) c")
    }

    @Test("a key whose bends are not measured sounds at once and measures nothing; a prompt of that pitch measures them")
    func keyMeasuresNothing() throws {
        let renderer = try Self.renderer("key-wait")
        let tuner = try #require(renderer.tuner)
        renderer.press(Self.key, Tone(frequency: Self.frequency, velocity: 100, source: .cello, startFrame: 0, frameCount: 1))
        let held = renderer.renderOffline([], frames: 24_000).left
        #expect(held.map { abs($0) }.max()! > 0.01, "the key sounds")
        #expect(tuner.calibration.count == 1, "the key measured")
        renderer.release(Self.key)
        _ = renderer.renderOffline([Tone(frequency: Self.frequency, velocity: 100, source: .cello, startFrame: 0, frameCount: 4800)], frames: 4800)
        #expect(tuner.calibration.count == 3)
    }
}

/// What a key planned from the table alone sounds like: the student's boot VM heard a first E3
/// on the cello 6 c sharp over its first second.
@Suite(.cpuHeavy) struct KeyPlanSoundTests {
    @Test("a first press of each key of C3–F3, only its centred pitch measured, sounds within 0.5 c over its first second",
          arguments: [48, 50, 52, 53])
    func firstPress(key: Int) throws {
        var configuration = Support.configuration()
        configuration.cacheDirectory = NSTemporaryDirectory() + "key-sound-\(getpid())-\(key)-\(UInt32.random(in: 0...UInt32.max))"
        let (renderer, _) = Support.renderer(configuration, keys: key...key)
        try #require(renderer.hasCello, "no SoundFont cello to test with")
        let frequency = Frequency(MIDINote(key))
        renderer.press(MIDINote(key), Tone(frequency: frequency, velocity: 100, source: .cello, startFrame: 0, frameCount: 1))
        let held = renderer.renderOffline([], frames: Int(1.2 * Support.sampleRate)).left
        renderer.release(MIDINote(key))
        let start = try #require(held.firstIndex { abs($0) > 0.0005 })
        let span = Array(held[start..<min(held.count, start + Int(Support.sampleRate))])
        let hertz = try #require(PitchEstimator().estimate(span, sampleRate: Support.sampleRate, expected: frequency.hertz)).hertz
        let cents = 1200 * log2(hertz / frequency.hertz)
        print(String(format: "first press of key %d, planned from its centred pitch: %+.3f c", key, cents))
        #expect(abs(cents) < 0.5, "\(cents) c")
    }
}
