import Foundation
import ProcessTestSupport
import Testing
@testable import FluidSynthAudio

/// The loudness meter against ITU-R BS.1770-4's own figures: its tabulated 48 kHz filters, a
/// full-scale 997 Hz sine in one channel reading −3.01 LUFS, and the gates.
@Suite(.cpuHeavy) struct LoudnessMeterTests {
    static let rate = 48000.0

    static func sine(_ hertz: Double, amplitude: Double, seconds: Double) -> [Float] {
        (0..<Int(seconds * rate)).map { Float(amplitude * sin(2 * Double.pi * hertz * Double($0) / rate)) }
    }

    @Test("at 48 kHz the K-weighting filters are the recommendation's table")
    func coefficients() {
        let meter = LoudnessMeter(sampleRate: Self.rate)
        let shelf = [meter.shelf.b.0, meter.shelf.b.1, meter.shelf.b.2, meter.shelf.a.0, meter.shelf.a.1]
        let table = [1.53512485958697, -2.69169618940638, 1.19839281085285, -1.69065929318241, 0.73248077421585]
        for (ours, theirs) in zip(shelf, table) { #expect(abs(ours - theirs) < 1e-9, "\(ours) vs \(theirs)") }
        #expect(abs(meter.highPass.a.0 - -1.99004745483398) < 1e-9)
        #expect(abs(meter.highPass.a.1 - 0.99007225036621) < 1e-9)
    }

    @Test("a full-scale 997 Hz sine reads −3.01 LUFS in one channel and 0.00 in two")
    func fullScaleSine() throws {
        let meter = LoudnessMeter(sampleRate: Self.rate)
        let tone = Self.sine(997, amplitude: 1, seconds: 5)
        #expect(abs(try #require(meter.integrated([tone])) - -3.01) < 0.01)
        #expect(abs(try #require(meter.integrated([tone, tone]))) < 0.01)
    }

    @Test("silence is gated out; a quieter part more than 10 LU down is too")
    func gates() throws {
        let meter = LoudnessMeter(sampleRate: Self.rate)
        let loud = Self.sine(997, amplitude: 0.1, seconds: 4)
        let alone = try #require(meter.integrated([loud]))
        let silence = [Float](repeating: 0, count: Int(4 * Self.rate))
        let quiet = Self.sine(997, amplitude: 0.01, seconds: 4)  // −20 dB
        // Ungated, 4 s of silence would take 3 dB off; what is left is the three blocks that
        // straddle the end of the tone (75, 50 and 25 % of it): 10·log10(38.5 / 40) = −0.17 dB.
        #expect(abs(try #require(meter.integrated([loud + silence])) - alone - -0.17) < 0.01)
        #expect(abs(try #require(meter.integrated([loud + quiet])) - alone - -0.15) < 0.02)
        #expect(meter.integrated([silence]) == nil)
    }

    @Test("a steady sine reads what its K-weighted level predicts, at any frequency", arguments: [65.4, 220.0, 1046.5, 4000.0])
    func predicted(hertz: Double) throws {
        let meter = LoudnessMeter(sampleRate: Self.rate)
        let amplitude = 0.05
        let tone = Self.sine(hertz, amplitude: amplitude, seconds: 3)
        let predicted = LoudnessMeter.offset + 20 * log10(amplitude * meter.gain(atHertz: hertz))
        #expect(abs(try #require(meter.integrated([tone, tone])) - predicted) < 0.02)
    }
}
