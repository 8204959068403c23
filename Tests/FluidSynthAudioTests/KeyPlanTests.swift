import Dispatch
import Foundation
import Glibc
import ProcessTestSupport
import Testing
import MusicTheory
@testable import FluidSynthAudio
import Training

/// A student's key on the cello sounds at once: it is planned from what the calibration table
/// holds, never waiting for a measurement, and what an exact plan needs is measured afterwards, on
/// the measuring thread, below the sound's priority. (In the student's boot VM a key that measured
/// first sounded 0.6 s of the 1.2 s it was held, and a measurement beside a sounding note cut it
/// with 50 ms of silence.)
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
        tuner.measureLater(Self.frequency)
        _ = try tuner.measurer.run { 0 }  // after the job given before it
        let measured = try #require(tuner.knownPlan(Self.frequency))
        #expect(measured.exact)
        #expect(tuner.calibration.count == 3)
        #expect(try tuner.plan(Self.frequency) == measured.plan)
        // Where each plan sounds: its bends' average, from the table as measured now.
        func sounding(_ plan: CelloPlan) -> Double {
            let bend = PitchBend()
            let low = bend.soundingCents(forWheel: plan.lowWheel), high = bend.soundingCents(forWheel: plan.highWheel)
            let table = tuner.calibration
            let lowPitch = table.sounding(key: 48, bend: low) ?? (table.sounding(key: 48, bend: high)! - 1)
            let highPitch = table.sounding(key: 48, bend: high) ?? (lowPitch + 1)
            return lowPitch + plan.highShare * (highPitch - lowPitch)
        }
        #expect(abs(sounding(measured.plan) - 13.7) < 0.01)
        #expect(abs(sounding(estimated.plan) - 13.7) < 0.35, "\(sounding(estimated.plan)) c")
    }

    @Test("a key pressed while a measurement runs sounds at once, and its exact plan is measured after")
    func keyDoesNotWait() throws {
        let renderer = try Self.renderer("key-wait")
        let tuner = try #require(renderer.tuner)
        // A measurement that will not end until the key has been pressed: a key that waited for
        // the measuring thread would never return.
        let measuring = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        tuner.measurer.submit {
            measuring.signal()
            release.wait()
        }
        measuring.wait()
        renderer.press(Self.key, Tone(frequency: Self.frequency, velocity: 100, source: .cello, startFrame: 0, frameCount: 1))
        #expect(tuner.calibration.count == 1, "the key measured on its own thread")
        let held = renderer.renderOffline([], frames: 24_000).left
        #expect(held.map { abs($0) }.max()! > 0.01, "the key sounds")
        release.signal()
        _ = try tuner.measurer.run { 0 }
        #expect(tuner.knownPlan(Self.frequency)?.exact == true)
    }

    @Test("measurements run at the lowest CPU priority, the caller's own left alone")
    func measuringThreadIsNice() throws {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let before = getpriority(which, 0)
        let measurer = MeasuringThread()
        #expect(try measurer.run { getpriority(which, 0) } == 19)
        #expect(getpriority(which, 0) == before)
    }
}
