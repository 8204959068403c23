import Foundation
import ProcessTestSupport
import Testing
@testable import FluidSynthAudio

/// The limiter leaves what is below its threshold alone, bit for bit; brings a louder sound under
/// it without a click and without moving its pitch; and comes back to unity once it has passed.
@Suite(.cpuHeavy) struct PeakLimiterTests {
    static let rate = 48000.0
    static let hertz = 220.0

    /// A sine rising to `amplitude` over 10 ms (a raised cosine, as a sine note starts).
    static func swell(amplitude: Double, seconds: Double, from start: Int = 0) -> [Float] {
        let ramp = 480.0
        return (start..<start + Int(seconds * rate)).map { frame in
            let envelope = Double(frame) < ramp ? 0.5 - 0.5 * cos(Double.pi * Double(frame) / ramp) : 1
            return Float(amplitude * envelope * sin(2 * Double.pi * hertz * Double(frame) / rate))
        }
    }

    /// Runs `input` through `limiter` in blocks of 64, as the renderer does.
    static func run(_ input: [Float], through limiter: inout PeakLimiter) -> [Float] {
        var left = input, right = input
        left.withUnsafeMutableBufferPointer { l in
            right.withUnsafeMutableBufferPointer { r in
                for start in stride(from: 0, to: input.count, by: 64) {
                    limiter.process(l.baseAddress! + start, r.baseAddress! + start, count: min(64, input.count - start))
                }
            }
        }
        #expect(left == right)
        return left
    }

    @Test("below the threshold the output is the input, bit for bit")
    func transparent() {
        var limiter = PeakLimiter(sampleRate: Self.rate)
        let input = Self.swell(amplitude: 0.79, seconds: 1)
        #expect(Self.run(input, through: &limiter) == input)
        #expect(limiter.limitedFrames == 0)
    }

    @Test("a sine rising to +6 dBFS comes out under the threshold, with no click and its pitch unchanged")
    func limits() throws {
        var limiter = PeakLimiter(sampleRate: Self.rate)
        let output = Self.run(Self.swell(amplitude: 2, seconds: 1), through: &limiter)
        let peak = output.map(abs).max()!
        #expect(peak <= PeakLimiter.ceiling, "peak \(peak)")
        #expect(output.dropFirst(4800).map(abs).max()! <= PeakLimiter.threshold * 1.001)
        #expect(limiter.clippedSamples == 0)
        // No step larger than a steady sine at the ceiling would make: no click.
        let largest = zip(output, output.dropFirst()).map { abs($1 - $0) }.max()!
        #expect(Double(largest) <= Double(PeakLimiter.ceiling) * 2 * Double.pi * Self.hertz / Self.rate)
        let estimate = try #require(PitchEstimator().estimate(output, sampleRate: Self.rate, expected: Self.hertz))
        #expect(abs(1200 * log2(estimate.hertz / Self.hertz)) < 0.01, "\(estimate.hertz) Hz")
    }

    @Test("once the loud part has passed the gain returns to 1, and the output is the input again")
    func releases() {
        var limiter = PeakLimiter(sampleRate: Self.rate)
        _ = Self.run(Self.swell(amplitude: 2, seconds: 0.5), through: &limiter)
        let quiet = Self.swell(amplitude: 0.1, seconds: 4, from: 480)
        let output = Self.run(quiet, through: &limiter)
        #expect(limiter.gain == 1)
        let release = Int(3 * Self.rate)
        #expect(Array(output[release...]) == Array(quiet[release...]))
        #expect(output[..<4800].map(abs).max()! < 0.1 * 0.8, "still held down just after")
    }

    @Test("a jump no ramp can follow is bent, never to full scale")
    func softClip() {
        var limiter = PeakLimiter(sampleRate: Self.rate)
        let input = [Float](repeating: 0, count: 640) + [Float](repeating: 1.5, count: 640)
        let output = Self.run(input, through: &limiter)
        #expect(limiter.clippedSamples > 0)
        #expect(output.allSatisfy { abs($0) <= PeakLimiter.limit })
    }
}
