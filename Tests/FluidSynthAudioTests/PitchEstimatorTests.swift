import Foundation
import ProcessTestSupport
import Testing
import MusicTheory
@testable import FluidSynthAudio

@Suite(.cpuHeavy) struct PitchEstimatorTests {
    static func tone(_ hertz: Double, harmonics: [Double], seconds: Double = 1, rate: Double = 48000) -> [Float] {
        (0..<Int(seconds * rate)).map { n in
            let t = Double(n) / rate
            return Float(harmonics.enumerated().map { h, amplitude in
                amplitude * sin(2 * Double.pi * hertz * Double(h + 1) * t + Double(h))
            }.reduce(0, +) * 0.2)
        }
    }

    @Test("A pure sine is measured to within 0.01 cent", arguments: [65.406, 110.0, 261.63, 523.25, 1046.5])
    func sine(hertz: Double) throws {
        let estimate = try #require(PitchEstimator().estimate(Self.tone(hertz, harmonics: [1]), sampleRate: 48000, expected: hertz * 1.005))
        #expect(abs(Frequency(hertz: estimate.hertz).cents(above: Frequency(hertz: hertz))) < 0.01)
    }

    /// Sines anywhere between two semitones, and harmonic tones, guessed anywhere within a quarter
    /// tone: the estimator itself is good to well under the 0.1 c the notes are held to.
    @Test("Sines and harmonic tones between semitones are measured within 0.005 cent, whatever the guess",
          arguments: [0.0, 13.7, 25, 37.1, 49.5, -49.5, -21.3])
    func betweenSemitones(cents: Double) throws {
        for base in [65.406, 98.0, 146.83, 220.0, 349.23, 523.25] {
            let hertz = base * exp2(cents / 1200)
            for harmonics in [[1.0], [0.3, 1, 0.6, 0.4, 0.3, 0.2]] {
                let samples = Self.tone(hertz, harmonics: harmonics)
                for guess in [-20.0, 0, 20] {
                    let estimate = try #require(PitchEstimator().estimate(samples, sampleRate: 48000, expected: hertz * exp2(guess / 1200)))
                    let error = Frequency(hertz: estimate.hertz).cents(above: Frequency(hertz: hertz))
                    #expect(abs(error) < 0.005, "\(hertz) Hz, \(harmonics.count) harmonics, guess \(guess) c: \(error) c")
                }
            }
        }
    }

    @Test("A tone with a weak fundamental is measured from its harmonics, not mistaken for its octave")
    func weakFundamental() throws {
        let hertz = 65.406 * exp2(13.0 / 1200)
        let samples = Self.tone(hertz, harmonics: [0.02, 1, 0.8, 0.6, 0.5, 0.3, 0.2, 0.1])
        let estimate = try #require(PitchEstimator().estimate(samples, sampleRate: 48000, expected: 65.406))
        #expect(abs(Frequency(hertz: estimate.hertz).cents(above: Frequency(hertz: hertz))) < 0.01)
        #expect(estimate.harmonics >= 6)
    }

    @Test("Silence has no pitch")
    func silence() {
        #expect(PitchEstimator().estimate([Float](repeating: 0, count: 48000), sampleRate: 48000, expected: 220) == nil)
    }
}
