@testable import FluidSynthAudio
import Foundation
import MusicTheory
import ProcessTestSupport
import SoundAnalysis
import Testing
import Training

/// The steady tone the intonation kinds sound on (`compare`, `pure`, `match`), rendered offline
/// through a renderer with the cello: it keeps its pitch for as long as it sounds, a student who
/// tunes a held note to it by ear is judged right, and a tempered interval on it beats at the rate
/// its partials give (the cello's held note drifts, and the sine has no partials to beat).
@Suite(.cpuHeavy) struct SteadyToneTests {
    static let rate = Support.sampleRate
    static let a3 = Frequency(MIDINote(57))

    static func renderer() throws -> ToneRenderer {
        let (renderer, _) = Support.renderer(keys: 57...57)
        try #require(renderer.hasCello, "no SoundFont cello to test with")
        return renderer
    }

    static func tone(_ frequency: Frequency, seconds: Double, source: SoundSource = .cello) -> Tone {
        Tone(frequency: frequency, velocity: 100, source: source, startFrame: 0, frameCount: Int(seconds * rate))
    }

    /// Cents of `samples` from `from` to `to` seconds above `frequency`.
    static func cents(_ samples: [Float], from: Double, to: Double, above frequency: Frequency) throws -> Double {
        let span = Array(samples[Int(from * rate)..<Int(to * rate)])
        let hertz = try #require(PitchEstimator().estimate(span, sampleRate: rate, expected: frequency.hertz)).hertz
        return 1200 * log2(hertz / frequency.hertz)
    }

    @Test("a steady A3 of six seconds reads within 0.02 c in every half second; the cello's own A3 moves")
    func holdsItsPitch() throws {
        let steady = try Self.renderer().renderOffline([Self.tone(Self.a3, seconds: 6).steadied()], frames: Int(6 * Self.rate)).left
        let cello = try Self.renderer().renderOffline([Self.tone(Self.a3, seconds: 6)], frames: Int(6 * Self.rate)).left
        var celloReadings: [Double] = []
        for start in stride(from: 0.5, to: 5.5, by: 0.5) {
            let reading = try Self.cents(steady, from: start, to: start + 0.5, above: Self.a3)
            #expect(abs(reading) < 0.02, "\(start) s: \(reading) c")
            celloReadings.append(try Self.cents(cello, from: start, to: start + 0.5, above: Self.a3))
        }
        print(String(format: "steady tone: A3 held 6 s; the cello's A3 over the same half seconds %+.2f … %+.2f c",
                     celloReadings.min()!, celloReadings.max()!))
    }

    /// A `match` question tuned by ear: the held note detuned by `detune`, listened to for two
    /// seconds, the wheel moved by what was heard, listened to again. The judged error is the
    /// detuning plus the wheel, as `MatchExercise` judges it.
    static func tunedByEar(_ held: Tone, detune: Double) throws -> Double {
        let renderer = try Self.renderer()
        renderer.enqueueHeld(held, cents: detune)
        let heard = renderer.renderOffline([], frames: Int(3 * Self.rate)).left
        let wheel = -(try Self.cents(heard, from: 1, to: 3, above: held.frequency))
        renderer.bendHeld(cents: detune + wheel)
        let after = renderer.renderOffline([], frames: Int(3 * Self.rate)).left
        renderer.releaseHeld()
        // Still in tune after the move, as the student hears it.
        #expect(abs(try Self.cents(after, from: 0.5, to: 3, above: held.frequency)) < 1)
        return detune + wheel
    }

    @Test("a held note tuned by ear to the steady tone is judged within 0.05 c, sharp or flat")
    func matchByEar() throws {
        for detune in [-31.0, 7.0, 18.5] {
            let steady = try Self.tunedByEar(Self.tone(Self.a3, seconds: 1).steadied(), detune: detune)
            #expect(abs(steady) < 0.05, "detuned \(detune) c: judged \(steady) c")
        }
        let cello = try Self.tunedByEar(Self.tone(Self.a3, seconds: 1), detune: 7)
        print(String(format: "match by ear: the steady tone judged within 0.05 c; the cello's own held A3 tuned by ear was judged %+.2f c", cello))
    }

    static func beatRate(_ samples: [Float], near hertz: Double) -> (rate: Double, depth: Double) {
        Beats.measure(samples, near: hertz, sampleRate: rate)
    }

    @Test("a tempered major third on the steady tone beats at 5·C4 − 4·E4, a pure one does not, and a sine third has nothing there")
    func beats() throws {
        let c4 = Frequency(MIDINote(60)), tempered = Frequency(MIDINote(64)), pure = Frequency(hertz: c4.hertz * 5 / 4)
        let expected = abs(5 * c4.hertz - 4 * tempered.hertz)
        func third(_ upper: Frequency, steady: Bool) throws -> [Float] {
            let tones = [Self.tone(c4, seconds: 3, source: .sine), Self.tone(upper, seconds: 3, source: .sine)]
            return try Self.renderer().renderOffline(steady ? tones.map { $0.steadied() } : tones, frames: Int(3 * Self.rate)).left
        }
        let middle = (5 * c4.hertz + 4 * tempered.hertz) / 2
        let temperedBeat = Self.beatRate(Array(try third(tempered, steady: true)[Int(0.3 * Self.rate)..<Int(2.7 * Self.rate)]), near: middle)
        #expect(abs(temperedBeat.rate - expected) / expected < 0.03, "beats at \(temperedBeat.rate) Hz, computed \(expected) Hz")
        #expect(temperedBeat.depth > 0.5, "depth \(temperedBeat.depth)")
        let pureBeat = Self.beatRate(Array(try third(pure, steady: true)[Int(0.3 * Self.rate)..<Int(2.7 * Self.rate)]), near: 5 * c4.hertz)
        #expect(pureBeat.depth < 0.05, "the pure third's level near its meeting partials moves by \(pureBeat.depth)")
        // The sine's third: around 1.3 kHz, where the beat would be, 60 dB under its notes.
        let sine = Array(try third(tempered, steady: false)[Int(0.3 * Self.rate)..<Int(2.7 * Self.rate)])
        func magnitude(_ samples: [Float], _ hertz: Double) -> Double {
            var re = 0.0, im = 0.0
            for (index, value) in samples.enumerated() {
                re += Double(value) * cos(2 * Double.pi * hertz * Double(index) / Self.rate)
                im += Double(value) * sin(2 * Double.pi * hertz * Double(index) / Self.rate)
            }
            return (re * re + im * im).squareRoot()
        }
        #expect(magnitude(sine, 5 * c4.hertz) < magnitude(sine, c4.hertz) / 1000)
        print(String(format: "beats: tempered C4-E4 on the steady tone %.2f Hz (computed %.2f), depth %.2f; pure depth %.3f",
                     temperedBeat.rate, expected, temperedBeat.depth, pureBeat.depth))
    }
}
