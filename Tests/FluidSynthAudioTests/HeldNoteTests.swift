import Foundation
import MusicTheory
import ProcessTestSupport
import Testing
import Training
@testable import FluidSynthAudio

/// The held note a `match` question is tuned with, rendered offline: it starts where it is asked
/// (its frequency bent by the cents given), follows every bend from the next block on, and ends
/// with its release. The sine follows exactly; the cello by its two dithered whole-cent bends.
@Suite(.cpuHeavy) struct HeldNoteTests {
    static let a3 = Frequency(MIDINote(57))

    static func renderer(_ source: SoundSource) throws -> ToneRenderer {
        let (renderer, _) = Support.renderer(keys: 57...57)
        if source == .cello { try #require(renderer.hasCello, "no SoundFont cello to test with") }
        return renderer
    }

    static func cents(_ samples: [Float], from: Double, to: Double) throws -> Double {
        let span = Array(samples[Int(from * Support.sampleRate)..<Int(to * Support.sampleRate)])
        let hertz = try #require(PitchEstimator().estimate(span, sampleRate: Support.sampleRate, expected: a3.hertz)).hertz
        return 1200 * log2(hertz / a3.hertz)
    }

    static func held(_ source: SoundSource) -> Tone {
        Tone(frequency: a3, velocity: 100, source: source, startFrame: 0, frameCount: 1)
    }

    @Test("the sine starts bent and follows the wheel to a hundredth of a cent")
    func sine() throws {
        let renderer = try Self.renderer(.sine)
        renderer.enqueueHeld(Self.held(.sine), cents: -23.4)
        let first = renderer.renderOffline([], frames: Int(1.0 * Support.sampleRate)).left
        #expect(abs(try Self.cents(first, from: 0.1, to: 0.95) + 23.4) < 0.01)
        renderer.bendHeld(cents: 17.25)
        let second = renderer.renderOffline([], frames: Int(1.0 * Support.sampleRate)).left
        #expect(abs(try Self.cents(second, from: 0.01, to: 0.95) - 17.25) < 0.01)
        renderer.bendHeld(cents: 3)
        let third = renderer.renderOffline([], frames: Int(1.0 * Support.sampleRate)).left
        #expect(abs(try Self.cents(third, from: 0.01, to: 0.95) - 3) < 0.01)
        renderer.releaseHeld()
        let after = renderer.renderOffline([], frames: Int(0.5 * Support.sampleRate)).left
        #expect(after[Int(0.1 * Support.sampleRate)...].allSatisfy { $0 == 0 }, "released")
    }

    @Test("the cello follows the wheel: bent at once, it sounds as a note held there from the start, within 0.2 c")
    func cello() throws {
        // The FluidR3 cello's own pitch rises over a held note (key 57: about -3.6 c in its first
        // half second, +9 c after two), so a bend is measured against a note held at the bent
        // pitch from the start, over the same span of the note, from 0.2 s after the bend
        // (FluidSynth's voice takes a moment to settle on a new bend).
        for (start, target) in [(-23.4, 17.25), (30.0, -12.5), (10.0, 10.6)] {
            let moved = try Self.renderer(.cello)
            moved.enqueueHeld(Self.held(.cello), cents: start)
            _ = moved.renderOffline([], frames: Int(1.0 * Support.sampleRate))
            moved.bendHeld(cents: target)
            let after = moved.renderOffline([], frames: Int(0.8 * Support.sampleRate)).left
            let still = try Self.renderer(.cello)
            still.enqueueHeld(Self.held(.cello), cents: target)
            let there = Array(still.renderOffline([], frames: Int(1.8 * Support.sampleRate)).left.dropFirst(Int(1.0 * Support.sampleRate)))
            let bent = try Self.cents(after, from: 0.2, to: 0.8), held = try Self.cents(there, from: 0.2, to: 0.8)
            #expect(abs(bent - held) < 0.2, "bent from \(start) to \(target) c: \(bent) c, held there: \(held) c")
            moved.releaseHeld()
            let released = moved.renderOffline([], frames: Int(2.0 * Support.sampleRate)).left
            #expect(released.suffix(Int(0.3 * Support.sampleRate)).allSatisfy { abs($0) < 1e-3 }, "released")
        }
    }
}
