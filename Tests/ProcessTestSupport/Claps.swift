import Foundation

/// Hand claps as a microphone hears them, for the tests of onsets without pitch.
public enum Claps {
    /// A room's quiet (noise at about −70 dB of full scale) for `seconds` at `rate`, with a clap at
    /// each of `claps` seconds: a noise burst of `peak` that rises in a millisecond and dies away
    /// over about 20 ms. The noise is the same for the same `seed`.
    public static func room(seconds: Double, claps: [Double], peak: Float = 0.5, seed: UInt64 = 7, rate: Double = 48_000) -> [Float] {
        var state = seed
        func noise() -> Float {  // uniform in -1…1
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int64(bitPattern: state >> 11) - (1 << 52)) / Float(1 << 52)
        }
        var samples = (0..<Int(seconds * rate)).map { _ in 0.0005 * noise() }
        for clap in claps {
            let first = Int(clap * rate)
            for index in 0..<Int(0.15 * rate) where first + index < samples.count {
                let t = Double(index) / rate
                samples[first + index] += peak * Float(min(1, t / 0.001) * exp(-t / 0.02)) * noise()
            }
        }
        return samples
    }
}
