import Foundation
import MusicTheory
import Testing
@testable import FluidSynthAudio

/// The tonic drone in the renderer: at its pitch to the hundredth of a cent, 12 dB under a note
/// of that pitch, through a stop (a skip, a new question) untouched, outside the daemon's own
/// audible sound, and gone once set to none.
@Suite struct DroneTests {
    static let rate = 48000.0

    static func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0) { $0 + Double($1 * $1) } / Double(samples.count)).squareRoot()
    }

    @Test("the drone sounds its pitch, under a note of that pitch, through a stop, and not as the daemon's own sound")
    func drone() throws {
        let renderer = ToneRenderer(cello: nil, tuner: nil, sampleRate: Self.rate, stopFrames: 128)
        let d3 = Frequency(MIDINote(50))
        renderer.setDrone(d3)
        var (left, _) = renderer.renderOffline([], frames: 48000)
        let hertz = try #require(PitchEstimator().estimate(Array(left[4800..<43200]), sampleRate: Self.rate, expected: d3.hertz)).hertz
        #expect(abs(1200 * log2(hertz / d3.hertz)) < 0.01)
        #expect(renderer.lastAudible == nil, "the drone alone is not the daemon's own sound")
        let drone = Self.rms(left[4800..<43200])

        // A stop (a skip, a new question) leaves it as it was.
        renderer.stop()
        (left, _) = renderer.renderOffline([], frames: 9600)
        #expect(abs(Self.rms(left[0..<9600]) / drone - 1) < 0.02, "a stop leaves the drone sounding")

        // A note of its pitch on the steady tone, alone in a renderer of its own, is 12 dB over it.
        let note = Tone(frequency: d3, velocity: CelloTuner.velocity, source: .sine, startFrame: 0, frameCount: 48000).steadied()
        let (noteAlone, _) = ToneRenderer(cello: nil, tuner: nil, sampleRate: Self.rate, stopFrames: 128).renderOffline([note], frames: 48000)
        let below = 20 * log10(Self.rms(noteAlone[9600..<38400]) / drone)
        #expect(abs(below - ToneRenderer.droneBelow) < 0.5, "the drone is \(below) dB under the note")

        renderer.setDrone(nil)
        (left, _) = renderer.renderOffline([], frames: 9600)
        #expect(Self.rms(left[4800..<9600]) == 0)
        #expect(!renderer.droneSounding)
    }
}
