import Foundation
import ProcessTestSupport
import SoundInput
import Testing

/// Onsets without pitch: claps (noise bursts that ring and die away) over a quiet room, found to
/// the millisecond; a clap too soft, a clap's echo, and a held note's own level are no onsets.
@Suite("The onset detector hears claps")
struct OnsetDetectorTests {
    static let rate = 48_000.0

    static func room(seconds: Double, claps: [Double], peak: Float = 0.5) -> [Float] {
        Claps.room(seconds: seconds, claps: claps, peak: peak, rate: rate)
    }

    /// The onsets the detector finds in `samples`, handed to it in blocks of `block` frames.
    static func onsets(_ samples: [Float], block: Int = 256) -> [Double] {
        var detector = OnsetDetector(sampleRate: rate)
        return stride(from: 0, to: samples.count, by: block).flatMap { detector.take(samples[$0..<min(samples.count, $0 + block)]) }
    }

    @Test("four claps of a rhythm are found, each within a millisecond of where it began, in blocks of any size")
    func claps() {
        let claps = [0.5, 1.0, 1.25, 1.5]
        let samples = Self.room(seconds: 2.2, claps: claps)
        for block in [1, 37, 256, 4800] {
            let found = Self.onsets(samples, block: block)
            #expect(found.count == claps.count, "blocks of \(block): \(found)")
            for (onset, clap) in zip(found, claps) {
                #expect(abs(onset - clap) <= 0.001, "blocks of \(block): \(onset) s for a clap at \(clap) s")
            }
        }
    }

    @Test("a clap under the floor (a room's noise, a chair) is no onset; a loud one is")
    func floor() {
        #expect(Self.onsets(Self.room(seconds: 1, claps: [0.4], peak: 0.004)).isEmpty)
        #expect(Self.onsets(Self.room(seconds: 1, claps: [0.4], peak: 0.04)).count == 1)
    }

    @Test("a clap's echo 40 ms after it is the same clap; two claps 100 ms apart are two")
    func refractory() {
        #expect(Self.onsets(Self.room(seconds: 1, claps: [0.3, 0.34])).count == 1)
        #expect(Self.onsets(Self.room(seconds: 1, claps: [0.3, 0.4])).count == 2)
    }

    @Test("a held note is one onset, where it began: its own waves are no claps")
    func heldNote() {
        let note = (0..<Int(1.0 * Self.rate)).map { index -> Float in
            let t = Double(index) / Self.rate
            return Float(0.3 * min(1, t / 0.03) * (sin(2 * .pi * 65.4 * t) + 0.5 * sin(4 * .pi * 65.4 * t)))
        }
        let samples = [Float](repeating: 0, count: 12_000) + note + [Float](repeating: 0, count: 12_000)
        let found = Self.onsets(samples)
        #expect(found.count == 1, "\(found)")
        #expect(abs((found.first ?? 0) - 0.25) <= 0.01, "\(found)")
    }
}
